import { TextInput } from '@mantine/core';
import { singleValue } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import type { FilterDraft } from './filterDraft.ts';

/** The text of a text filter, or of a category filter's contains / begins-with / ends-with. */
export function TextFields({ draft, onChange }: { draft: FilterDraft; onChange: (draft: FilterDraft) => void }) {
  const { t } = useTranslation('filters');
  const value = singleValue(draft);
  return (
    <TextInput
      label={t('menu.text')}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange({ ...draft, value: event.currentTarget.value })}
      data-autofocus
    />
  );
}
