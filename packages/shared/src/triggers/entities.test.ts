import { describe, expect, it } from 'vitest';
import { TRIGGER_MESSAGES as M } from './constants.ts';
import { defaultPattern, derivedFilter, todayIn } from './defaults.ts';
import { triggerPatternSchema } from './entities.ts';

const good = {
  timezone: 'Canada/Mountain',
  start: {
    effective_startdate: '2026-05-01',
    scheduled_starttime: '09:00:00',
    scheduled_endtime: '17:00:00',
    until_datetime: '2027-05-01T23:59:59',
  },
  repeat: { unit: 'minutes', value: 15 },
  filter: { day_of_the_week: [], day_of_the_month: [] },
};

/** The first problem's field path and message, or 'ok'. */
function check(change: (p: typeof good) => unknown): string {
  const p = structuredClone(good);
  const result = triggerPatternSchema.safeParse(change(p) ?? p);
  if (result.success) return 'ok';
  const [issue] = result.error.issues;
  return `${issue.path.join('.')}: ${issue.message}`;
}

describe('scheduled run pattern validation', () => {
  it.each<[string, (p: typeof good) => unknown, string]>([
    ['a valid interval pattern', () => undefined, 'ok'],
    [
      'never needs no end',
      (p) => ({
        ...p,
        repeat: { unit: 'never', value: null },
        start: { ...p.start, scheduled_endtime: null, until_datetime: null },
      }),
      'ok',
    ],
    ['an unknown time zone', (p) => ({ ...p, timezone: 'Mars/Olympus_Mons' }), `timezone: ${M.unknownTimezone}`],
    [
      'a date that is not a date',
      (p) => {
        p.start.effective_startdate = '2026-02-30';
      },
      `start.effective_startdate: ${M.notDate}`,
    ],
    [
      'a date in another shape',
      (p) => {
        p.start.effective_startdate = '05/01/2026';
      },
      `start.effective_startdate: ${M.notDate}`,
    ],
    [
      'a time that is not a time',
      (p) => {
        p.start.scheduled_starttime = '25:00:00';
      },
      `start.scheduled_starttime: ${M.notTime}`,
    ],
    [
      'an end datetime that is not one',
      (p) => {
        p.start.until_datetime = 'tomorrow';
      },
      `start.until_datetime: ${M.notDateTime}`,
    ],
    [
      'an interval end time before the start time',
      (p) => {
        p.start.scheduled_endtime = '08:00:00';
      },
      `start.scheduled_endtime: ${M.endBeforeStart}`,
    ],
    [
      'an end date before the start date',
      (p) => {
        p.start.until_datetime = '2026-04-30T23:59:59';
      },
      `start.until_datetime: ${M.endBeforeStart}`,
    ],
    ['a zero repeat value', (p) => ({ ...p, repeat: { ...p.repeat, value: 0 } }), `repeat.value: ${M.positive}`],
    ['a negative repeat value', (p) => ({ ...p, repeat: { ...p.repeat, value: -5 } }), `repeat.value: ${M.positive}`],
    [
      'a fractional repeat value',
      (p) => ({ ...p, repeat: { ...p.repeat, value: 1.5 } }),
      `repeat.value: ${M.positive}`,
    ],
    [
      'minutes with no number',
      (p) => ({ ...p, repeat: { unit: 'minutes', value: null } }),
      `repeat.value: ${M.positive}`,
    ],
    [
      'minutes with no interval end time',
      (p) => {
        p.start.scheduled_endtime = null as never;
      },
      `start.scheduled_endtime: ${M.needsEndTime}`,
    ],
    [
      'days with no end date',
      (p) => ({ ...p, repeat: { unit: 'days', value: 1 }, start: { ...p.start, until_datetime: null } }),
      `start.until_datetime: ${M.needsEndDate}`,
    ],
    ['more hours than a day', (p) => ({ ...p, repeat: { unit: 'hours', value: 25 } }), `repeat.value: ${M.tooLarge}`],
    [
      'an unknown unit',
      (p) => ({ ...p, repeat: { unit: 'fortnights', value: 1 } }),
      'repeat.unit: Invalid option: expected one of "never"|"minutes"|"hours"|"days"|"weeks"|"months"',
    ],
    [
      'a day of the week out of range',
      (p) => {
        p.filter.day_of_the_week = [7] as never;
      },
      `filter.day_of_the_week.0: ${M.dayOfWeek}`,
    ],
  ])('%s', (_name, change, expected) => {
    expect(check(change)).toBe(expected);
  });
});

describe('form defaults', () => {
  it('Canada/Mountain, today at 00:00, until the end of the day one year later', () => {
    const p = defaultPattern('2026-11-25');
    expect(p.timezone).toBe('Canada/Mountain');
    expect(p.start).toMatchObject({ effective_startdate: '2026-11-25', scheduled_starttime: '00:00:00' });
    expect(p.start.until_datetime).toBe('2027-11-25T23:59:59');
    expect(triggerPatternSchema.safeParse(p).success).toBe(true);
  });
  it.each([
    ['Canada/Mountain', '2026-11-26T03:00:00Z', '2026-11-25'],
    ['Europe/Paris', '2026-11-26T03:00:00Z', '2026-11-26'],
    ['Asia/Kolkata', '2026-11-25T18:29:00Z', '2026-11-25'],
    ['Asia/Kolkata', '2026-11-25T18:30:00Z', '2026-11-26'],
    ['Australia/Lord_Howe', '2026-11-25T12:59:00Z', '2026-11-25'],
    ['Australia/Lord_Howe', '2026-11-25T13:00:00Z', '2026-11-26'],
  ])("today in %s at %s is %s (the trigger's calendar, not the viewer's)", (zone, at, expected) => {
    expect(todayIn(zone, new Date(at))).toBe(expected);
  });
  it('an unknown zone has no today', () => {
    expect(todayIn('Mars/Olympus', new Date('2026-11-26T03:00:00Z'))).toBeUndefined();
  });
  it('derives the weekly and monthly day from the start date', () => {
    expect(derivedFilter('weeks', '2026-11-25')).toEqual({ day_of_the_week: [3], day_of_the_month: [] });
    expect(derivedFilter('months', '2026-11-25')).toEqual({ day_of_the_week: [], day_of_the_month: [25] });
    expect(derivedFilter('days', '2026-11-25')).toEqual({ day_of_the_week: [], day_of_the_month: [] });
  });
});
