import { Box, Textarea } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { DASHBOARD_LIMITS } from '@tessera/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const DESCRIPTION_MAX_ROWS = 7;
/** After Mantine's menu gives the focus back to its target (10 ms after closing). */
const MENU_FOCUS_RETURN_MS = 40;

interface Props {
  description: string;
  onSave: (description: string) => void;
  onClose: () => void;
}

/**
 * The card's editable description box: at most 7 rows; it closes on a click outside it
 * (saving what was typed) and as soon as the description is emptied (saving the empty description).
 */
export function DescriptionBox({ description, onSave, onClose }: Props) {
  const { t } = useTranslation('dashboards');
  const [value, setValue] = useState(description);
  const finish = (next: string) => {
    if (next !== description) onSave(next);
    onClose();
  };
  const ref = useClickOutside<HTMLDivElement>(() => finish(value));
  // The card menu that opened the box gives the focus back to its button 10 ms after it closes (Mantine's focus
  // return): the text box takes it after that, so that typing goes into the description.
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => input.current?.focus(), MENU_FOCUS_RETURN_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Box ref={ref} px="sm" pb="sm">
      <Textarea
        aria-label={t('card.descriptionLabel')}
        placeholder={t('card.descriptionPlaceholder')}
        autosize
        minRows={1}
        maxRows={DESCRIPTION_MAX_ROWS}
        maxLength={DASHBOARD_LIMITS.descriptionMax}
        value={value}
        ref={input}
        autoFocus
        onChange={(event) => {
          const next = event.currentTarget.value;
          setValue(next);
          // Emptying a description that had text closes the box.
          if (next === '' && value !== '') finish('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      />
    </Box>
  );
}
