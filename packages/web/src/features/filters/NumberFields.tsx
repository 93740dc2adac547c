import { Group, NumberInput } from '@mantine/core';
import { boundRanges, singleValue, valueObject } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import type { FilterDraft } from './filterDraft.ts';

/** A number from Mantine's input: '' (cleared) and partial text read as null. */
const asNumber = (value: string | number): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const shown = (value: unknown) => (typeof value === 'number' ? value : '');

/**
 * The number menu's fields: one number for the value operations; for between, From and To that
 * bound each other (From's max is To, To's min is From).
 */
export function NumberFields({
  draft,
  onChange,
  stats,
}: {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  stats?: { min: unknown; max: unknown };
}) {
  const { t } = useTranslation('filters');
  const hint = (v: unknown) => (typeof v === 'number' ? String(v) : undefined);
  if (draft.type === 'value') {
    return (
      <NumberInput
        label={t('menu.value')}
        value={shown(singleValue(draft))}
        onChange={(value) => onChange({ ...draft, value: asNumber(value) })}
        data-autofocus
      />
    );
  }
  const range = valueObject(draft);
  const from = typeof range.from === 'number' ? range.from : null;
  const to = typeof range.to === 'number' ? range.to : null;
  const bounds = boundRanges({ from, to });
  return (
    <Group grow gap="xs" align="flex-start">
      <NumberInput
        label={t('menu.from')}
        placeholder={hint(stats?.min)}
        value={shown(from)}
        max={bounds.from.max}
        clampBehavior="blur"
        onChange={(value) => onChange({ ...draft, value: { from: asNumber(value), to } })}
        data-autofocus
      />
      <NumberInput
        label={t('menu.to')}
        placeholder={hint(stats?.max)}
        value={shown(to)}
        min={bounds.to.min}
        clampBehavior="blur"
        onChange={(value) => onChange({ ...draft, value: { from, to: asNumber(value) } })}
      />
    </Group>
  );
}
