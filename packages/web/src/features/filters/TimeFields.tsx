import { Group } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { valueObject } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import type { FilterDraft } from './filterDraft.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const orNull = (value: string) => (value === '' ? null : value);

/** A time filter's fields: one time for before / after / equal, both bounds for between. */
export function TimeFields({ draft, onChange }: { draft: FilterDraft; onChange: (draft: FilterDraft) => void }) {
  const { t } = useTranslation('filters');
  const v = valueObject(draft);
  if (draft.operation !== 'between') {
    return (
      <TimeInput
        label={t('menu.time')}
        value={text(v.value)}
        onChange={(event) => onChange({ ...draft, value: { value: orNull(event.currentTarget.value) } })}
        data-autofocus
      />
    );
  }
  const from = orNull(text(v.from));
  const to = orNull(text(v.to));
  return (
    <Group grow gap="xs">
      <TimeInput
        label={t('menu.from')}
        value={from ?? ''}
        maxTime={to ?? undefined}
        onChange={(event) => onChange({ ...draft, value: { from: orNull(event.currentTarget.value), to } })}
        data-autofocus
      />
      <TimeInput
        label={t('menu.to')}
        value={to ?? ''}
        minTime={from ?? undefined}
        onChange={(event) => onChange({ ...draft, value: { from, to: orNull(event.currentTarget.value) } })}
      />
    </Group>
  );
}
