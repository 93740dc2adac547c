import { Box, Textarea } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { DATA_APP_LIMITS } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const DESCRIPTION_MAX_ROWS = 7;

interface Props {
  description: string;
  onSave: (description: string) => void;
  onClose: () => void;
}

/**
 * The card's editable description box (spec 2 §2 "Card"): at most 7 rows; it closes on a click outside it
 * (saving what was typed) and as soon as the description is emptied (saving the empty description).
 */
export function DescriptionBox({ description, onSave, onClose }: Props) {
  const { t } = useTranslation('dataApps');
  const [value, setValue] = useState(description);
  const finish = (next: string) => {
    if (next !== description) onSave(next);
    onClose();
  };
  const ref = useClickOutside<HTMLDivElement>(() => finish(value));
  return (
    <Box ref={ref} px="sm" pb="sm">
      <Textarea
        aria-label={t('card.descriptionLabel')}
        placeholder={t('card.descriptionPlaceholder')}
        autosize
        minRows={1}
        maxRows={DESCRIPTION_MAX_ROWS}
        maxLength={DATA_APP_LIMITS.descriptionMax}
        value={value}
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
