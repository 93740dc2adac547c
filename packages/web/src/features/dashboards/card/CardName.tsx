import { Text, TextInput } from '@mantine/core';
import { DASHBOARD_LIMITS } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  name: string;
  editable: boolean;
  onSave: (name: string) => void;
}

/**
 * The card's name in its header: editable in place by editors (saved on Enter or when leaving the field,
 * Escape puts it back), plain text otherwise.
 */
export function CardName({ name, editable, onSave }: Props) {
  const { t } = useTranslation('dashboards');
  const [draft, setDraft] = useState<string | null>(null);
  if (!editable) {
    return (
      <Text fw={600} size="sm" truncate title={name} flex={1} miw={0}>
        {name}
      </Text>
    );
  }
  const commit = () => {
    if (draft !== null && draft.trim() !== name) onSave(draft.trim());
    setDraft(null);
  };
  return (
    <TextInput
      variant="unstyled"
      size="sm"
      flex={1}
      miw={0}
      aria-label={t('card.nameLabel')}
      placeholder={t('card.untitled')}
      maxLength={DASHBOARD_LIMITS.nameMax}
      value={draft ?? name}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          setDraft(null);
          // Blurring after the reset leaves nothing to commit.
          requestAnimationFrame(() => (event.target as HTMLInputElement).blur());
        }
      }}
      styles={{ input: { fontWeight: 600, height: 28, minHeight: 28 } }}
    />
  );
}
