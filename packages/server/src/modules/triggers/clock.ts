import type { Config } from '../../config.ts';

/** Where the scheduler reads the time. */
export type Clock = () => Date;

/**
 * The real clock, or (tests only, SCHEDULER_CLOCK_*) a clock that every process given the same settings reads
 * alike: ORIGIN at the real instant ANCHOR_MS, running SCALE times faster. Many occurrences pass in a short test
 * with real processes and a real database, and no process's clock is mocked.
 */
export function clockOf(config: Config): Clock {
  const origin = config.SCHEDULER_CLOCK_ORIGIN ? Date.parse(config.SCHEDULER_CLOCK_ORIGIN) : Number.NaN;
  if (Number.isNaN(origin)) return () => new Date();
  const anchor = config.SCHEDULER_CLOCK_ANCHOR_MS ?? Date.now();
  const scale = config.SCHEDULER_CLOCK_SCALE;
  return () => new Date(origin + (Date.now() - anchor) * scale);
}
