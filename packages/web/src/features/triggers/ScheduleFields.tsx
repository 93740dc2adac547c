import { NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { REPEAT_UNITS, TRIGGER_TEXTS } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isInterval, type ScheduleState, timezones, withTimezone } from './triggerForm.ts';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/**
 * A schedule's fields (docs/scheduling.md): time zone, start date and time, repeat unit and interval, the
 * interval's end time for minutes and hours, the end date when it repeats. Scheduled runs and data app
 * subscriptions both use it.
 */
export function ScheduleFields<S extends ScheduleState>({
  value: s,
  onChange,
  errors,
  hint = true,
}: {
  value: S;
  onChange: (next: S) => void;
  errors: Partial<Record<keyof ScheduleState, string>>;
  /** The scheduled runs' note on how far ahead a run may be scheduled. */
  hint?: boolean;
}) {
  const { t } = useTranslation('triggers');
  const [zones] = useState(timezones);
  const set = (change: Partial<ScheduleState>) => onChange({ ...s, ...change });
  const start = new Date(`${s.startDate}T00:00:00`);
  const validStart = !Number.isNaN(start.getTime());
  return (
    <>
      <Select
        label={t('timezone')}
        searchable
        data={zones}
        value={s.timezone}
        onChange={(v) => v && onChange(withTimezone(s, v))}
        error={errors.timezone}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          type="date"
          label={t('startDate')}
          required
          value={s.startDate}
          onChange={(e) => set({ startDate: e.currentTarget.value })}
          error={errors.startDate}
        />
        <TextInput
          type="time"
          label={t('startTime')}
          required
          value={s.startTime}
          onChange={(e) => set({ startTime: e.currentTarget.value })}
          error={errors.startTime}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={t('repeats')}
          required
          data={REPEAT_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))}
          value={s.unit}
          onChange={(v) => v && set({ unit: v as ScheduleState['unit'] })}
          allowDeselect={false}
          error={errors.unit}
        />
        {s.unit !== 'never' && (
          <NumberInput
            label={t('every')}
            required
            min={1}
            value={s.value}
            onChange={(v) => set({ value: typeof v === 'number' ? v : '' })}
            error={errors.value}
          />
        )}
      </SimpleGrid>
      {isInterval(s.unit) && (
        <TextInput
          type="time"
          label={t('endTime')}
          required
          value={s.endTime}
          onChange={(e) => set({ endTime: e.currentTarget.value })}
          error={errors.endTime}
        />
      )}
      {s.unit === 'weeks' && validStart && (
        <TextInput label={t('weeklyDay')} readOnly value={t(`weekdays.${WEEKDAYS[start.getDay()]}`)} />
      )}
      {s.unit === 'months' && validStart && (
        <TextInput label={t('monthlyDay')} readOnly value={String(start.getDate())} />
      )}
      {s.unit !== 'never' && (
        <TextInput
          type="date"
          label={t('endDate')}
          required
          value={s.endDate}
          onChange={(e) => set({ endDate: e.currentTarget.value })}
          error={errors.endDate}
        />
      )}
      {hint && (
        <Text size="sm" c="dimmed">
          {t('hint', { defaultValue: TRIGGER_TEXTS.hint })}
        </Text>
      )}
    </>
  );
}
