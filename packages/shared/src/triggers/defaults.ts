import { DateTime } from 'luxon';
import { type RepeatUnit, TRIGGER_DEFAULTS } from './constants.ts';
import type { TriggerPattern } from './pattern.ts';

/** The end datetime of an end date: the end of that day. */
export const untilOf = (endDate: string) => `${endDate}T${TRIGGER_DEFAULTS.endOfDay}`;

/** Weekly and monthly days come from the start date (read-only in the form); 0 is Sunday. */
export function derivedFilter(unit: RepeatUnit, startDate: string): TriggerPattern['filter'] {
  const d = DateTime.fromISO(startDate);
  if (!d.isValid) return { day_of_the_week: [], day_of_the_month: [] };
  if (unit === 'weeks') return { day_of_the_week: [d.weekday % 7], day_of_the_month: [] };
  if (unit === 'months') return { day_of_the_week: [], day_of_the_month: [d.day] };
  return { day_of_the_week: [], day_of_the_month: [] };
}

/**
 * Today in a time zone's calendar, YYYY-MM-DD: a run set to start "today" starts today where it runs (in UTC+0 at
 * 03:00, today in Canada/Mountain is still yesterday). Undefined for an unknown zone.
 */
export function todayIn(zone: string, now: Date = new Date()): string | undefined {
  return DateTime.fromJSDate(now, { zone }).toISODate() ?? undefined;
}

/** The end date one repeats until by default: a year after the start date. */
export const defaultEndDate = (startDate: string): string =>
  DateTime.fromISO(startDate).plus({ years: TRIGGER_DEFAULTS.endAfterYears }).toISODate() ?? startDate;

/** The form's starting pattern: Canada/Mountain, today at 00:00, until the end of the day a year on. */
export function defaultPattern(today: string): TriggerPattern {
  const end = defaultEndDate(today);
  return {
    timezone: TRIGGER_DEFAULTS.timezone,
    start: {
      effective_startdate: today,
      scheduled_starttime: TRIGGER_DEFAULTS.startTime,
      scheduled_endtime: null,
      until_datetime: untilOf(end),
    },
    repeat: { unit: 'days', value: 1 },
    filter: { day_of_the_week: [], day_of_the_month: [] },
  };
}
