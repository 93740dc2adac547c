import '@mantine/dates/styles.css';
import { Chip, Group, NumberInput, SegmentedControl, Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { boundRanges, DATE_PART_RANGES, DURATION_UNITS, type DurationUnit, valueObject } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import type { FilterDraft } from './filterDraft.ts';

type DateOption = 'date' | 'dayOfWeek' | 'month';
const PART_OF: Record<Exclude<DateOption, 'date'>, 'dow' | 'month'> = { dayOfWeek: 'dow', month: 'month' };
/** The calendar offers the years the validity ranges accept (1001 to 2999). */
const MIN_DATE = `${DATE_PART_RANGES.year[0]}-01-01`;
const MAX_DATE = `${DATE_PART_RANGES.year[1]}-12-31`;
/** Nested dropdowns stay inside the menu, so picking in them does not count as a click outside. */
const inside = { withinPortal: false } as const;

const day = (value: unknown) => (typeof value === 'string' && value !== '' ? value.slice(0, 10) : null);

interface Props {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  /** The feature's earliest and latest dates: an empty field's calendar opens there, not on today. */
  stats?: { min: unknown; max: unknown };
}

/**
 * Where an empty date field's calendar opens: on the data's range (a From field at its earliest date, To and On
 * at its latest), inside the years the filter accepts; undefined (today) when the range is unknown.
 */
export function calendarStart(stats: Props['stats'], edge: 'min' | 'max'): string | undefined {
  const date = day(stats?.[edge]);
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  return date < MIN_DATE ? MIN_DATE : date > MAX_DATE ? MAX_DATE : date;
}

/**
 * The date menu's fields: between (From and To bounding each other), before (To), after (From),
 * on (a date, or days of the week, or months), last (a duration and its unit).
 */
export function DateFields({ draft, onChange, stats }: Props) {
  const { t } = useTranslation('filters');
  const v = valueObject(draft);
  const set = (value: FilterDraft['value']) => onChange({ ...draft, value });
  const input = (
    label: string,
    value: string | null,
    change: (d: string | null) => void,
    min?: string,
    max?: string,
    edge: 'min' | 'max' = 'max',
  ) => (
    <DateInput
      label={label}
      value={value}
      onChange={change}
      defaultDate={calendarStart(stats, edge)}
      valueFormat="YYYY-MM-DD"
      minDate={min ?? MIN_DATE}
      maxDate={max ?? MAX_DATE}
      clearable
      popoverProps={inside}
    />
  );

  switch (draft.operation) {
    case 'between': {
      const from = day(v.from);
      const to = day(v.to);
      const bounds = boundRanges({ from, to });
      return (
        <Group grow gap="xs" align="flex-start">
          {input(t('menu.from'), from, (d) => set({ from: d, to }), undefined, bounds.from.max ?? undefined, 'min')}
          {input(t('menu.to'), to, (d) => set({ from, to: d }), bounds.to.min ?? undefined)}
        </Group>
      );
    }
    case 'before':
      return input(t('menu.to'), day(v.to), (d) => set({ to: d }));
    case 'after':
      return input(t('menu.from'), day(v.from), (d) => set({ from: d }), undefined, undefined, 'min');
    case 'last':
      return (
        <Group grow gap="xs" align="flex-start">
          <NumberInput
            label={t('menu.duration')}
            min={0}
            allowDecimal={false}
            value={typeof v.duration === 'number' ? v.duration : ''}
            onChange={(n) => set({ duration: typeof n === 'number' ? n : null, unit: v.unit ?? 'day' })}
            data-autofocus
          />
          <Select
            label={t('menu.unit')}
            data={DURATION_UNITS.map((unit) => ({ value: unit, label: t(`units.${unit}`) }))}
            value={v.unit ?? 'day'}
            allowDeselect={false}
            onChange={(unit) => set({ duration: v.duration ?? null, unit: (unit ?? 'day') as DurationUnit })}
            comboboxProps={inside}
          />
        </Group>
      );
    case 'on':
      return <OnFields draft={draft} onChange={onChange} dateInput={input} />;
    default:
      return null;
  }
}

function OnFields({
  draft,
  onChange,
  dateInput,
}: Props & {
  dateInput: (label: string, value: string | null, change: (d: string | null) => void) => React.ReactNode;
}) {
  const { t } = useTranslation('filters');
  const v = valueObject(draft);
  const option = (draft.option ?? 'date') as DateOption;
  const names = t(option === 'month' ? 'months' : 'weekdays', { returnObjects: true }) as unknown as string[];
  const offset = option === 'month' ? 1 : 0;
  const chooseOption = (next: string) =>
    onChange({
      ...draft,
      option: next,
      value:
        next === 'date'
          ? { on: null }
          : { selectedDateItems: { part: PART_OF[next as 'dayOfWeek' | 'month'], values: [] } },
    });
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={option}
        onChange={chooseOption}
        data={(['date', 'dayOfWeek', 'month'] as const).map((value) => ({ value, label: t(`dateOptions.${value}`) }))}
      />
      {option === 'date' ? (
        dateInput(t('menu.date'), day(v.on), (d) => onChange({ ...draft, value: { on: d } }))
      ) : (
        <Chip.Group
          multiple
          value={(v.selectedDateItems?.values ?? []).map(String)}
          onChange={(values) =>
            onChange({
              ...draft,
              value: {
                selectedDateItems: {
                  part: PART_OF[option],
                  values: values.map(Number).sort((a, b) => a - b),
                },
              },
            })
          }
        >
          <Group gap={6}>
            {names.map((name, i) => (
              <Chip key={name} size="xs" value={String(i + offset)}>
                {name}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
    </Stack>
  );
}
