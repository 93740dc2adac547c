import type { RepeatUnit } from './constants.ts';

/**
 * When a scheduled run fires, in the trigger's own time zone: dates YYYY-MM-DD, times HH:mm:ss, the
 * end datetime YYYY-MM-DDTHH:mm:ss (local wall time, at the end of its day). Days of the week are 0 (Sunday) to 6.
 */
export interface TriggerPattern {
  timezone: string;
  start: {
    effective_startdate: string;
    scheduled_starttime: string;
    /** The daily window's end for minutes and hours; null otherwise. */
    scheduled_endtime: string | null;
    /** The last instant an occurrence may fall on; null when the run never repeats. */
    until_datetime: string | null;
  };
  repeat: { unit: RepeatUnit; value: number | null };
  filter: { day_of_the_week: number[]; day_of_the_month: number[] };
}
