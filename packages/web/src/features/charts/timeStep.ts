/**
 * The finest tick a time axis may take. ECharts picks its ticks from the axis' length alone: a monthly series
 * over three months got weekly ticks, and the tick beside 1 March read "29" (29 February), as if the point
 * were on that day. A time axis never ticks finer than its values: the feature's precision (year, month, day,
 * hour...) and what the values themselves are (all on 1 January, all on the 1st of a month, all at midnight
 * UTC), whichever is coarser. The interval goes to ECharts as the axis' `minInterval` (milliseconds; a month is
 * its shortest, 28 days, so that every month still gets its tick).
 */
import type { UnitFeature } from '@tessera/shared';

export type TimeStep = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

const ORDER: TimeStep[] = ['second', 'minute', 'hour', 'day', 'month', 'year'];
const DAY = 86_400_000;
export const TIME_STEP_MS: Record<TimeStep, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: DAY,
  month: 28 * DAY,
  year: 365 * DAY,
};

/** The coarsest step every value (epoch milliseconds, UTC) sits on. */
export function stepOfValues(values: Iterable<number>): TimeStep | null {
  let finest = ORDER.length - 1;
  let any = false;
  for (const ms of values) {
    any = true;
    const d = new Date(ms);
    const step =
      d.getUTCMilliseconds() !== 0
        ? -1
        : d.getUTCSeconds() !== 0
          ? 0
          : d.getUTCMinutes() !== 0
            ? 1
            : d.getUTCHours() !== 0
              ? 2
              : d.getUTCDate() !== 1
                ? 3
                : d.getUTCMonth() !== 0
                  ? 4
                  : 5;
    finest = Math.min(finest, step);
    if (finest < 0) return null;
  }
  return any ? ORDER[finest] : null;
}

/** The time axis' finest tick in milliseconds, or undefined to let ECharts choose freely. */
export function timeMinInterval(
  values: Iterable<number>,
  precision: UnitFeature['precision'] | undefined,
): number | undefined {
  const fromValues = stepOfValues(values);
  const fromPrecision = precision && (ORDER as string[]).includes(precision) ? (precision as TimeStep) : null;
  const steps = [fromValues, fromPrecision].filter((s): s is TimeStep => s !== null);
  if (steps.length === 0) return undefined;
  const coarsest = steps.reduce((a, b) => (ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b));
  // Seconds are ECharts' own finest ticks anyway.
  return coarsest === 'second' ? undefined : TIME_STEP_MS[coarsest];
}
