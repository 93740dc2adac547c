import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrenceFrom, occurrencesBetween } from './occurrences.ts';
import type { TriggerPattern } from './pattern.ts';

type Unit = TriggerPattern['repeat']['unit'];

function pattern(
  timezone: string,
  startDate: string,
  startTime: string,
  unit: Unit,
  value: number | null,
  extra: { endTime?: string; until?: string; dow?: number[]; dom?: number[] } = {},
): TriggerPattern {
  return {
    timezone,
    start: {
      effective_startdate: startDate,
      scheduled_starttime: startTime,
      scheduled_endtime: extra.endTime ?? null,
      until_datetime: unit === 'never' ? null : (extra.until ?? '2027-12-31T23:59:59'),
    },
    repeat: { unit, value },
    filter: { day_of_the_week: extra.dow ?? [], day_of_the_month: extra.dom ?? [] },
  };
}

/** The occurrences in (from, to] as ISO UTC strings without milliseconds. */
const between = (p: TriggerPattern, from: string, to: string) =>
  occurrencesBetween(p, new Date(from), new Date(to)).map((d) => d.toISOString().replace('.000Z', 'Z'));

describe('occurrences across DST, computed in the trigger zone', () => {
  const cases: Array<[string, TriggerPattern, string, string, string[]]> = [
    [
      'Edmonton 09:00 daily stays 09:00 local over spring forward',
      pattern('America/Edmonton', '2026-03-06', '09:00:00', 'days', 1),
      '2026-03-06T00:00:00Z',
      '2026-03-09T23:00:00Z',
      ['2026-03-06T16:00:00Z', '2026-03-07T16:00:00Z', '2026-03-08T15:00:00Z', '2026-03-09T15:00:00Z'],
    ],
    [
      'Edmonton 09:00 daily stays 09:00 local over fall back',
      pattern('America/Edmonton', '2026-10-30', '09:00:00', 'days', 1),
      '2026-10-31T00:00:00Z',
      '2026-11-02T23:00:00Z',
      ['2026-10-31T15:00:00Z', '2026-11-01T16:00:00Z', '2026-11-02T16:00:00Z'],
    ],
    [
      'Edmonton 02:30 does not exist on 8 March: runs once at 03:00 MDT',
      pattern('America/Edmonton', '2026-03-01', '02:30:00', 'days', 1),
      '2026-03-07T00:00:00Z',
      '2026-03-09T23:00:00Z',
      ['2026-03-07T09:30:00Z', '2026-03-08T09:00:00Z', '2026-03-09T08:30:00Z'],
    ],
    [
      'Edmonton 01:30 exists twice on 1 November: runs once, at the first',
      pattern('America/Edmonton', '2026-10-01', '01:30:00', 'days', 1),
      '2026-10-31T00:00:00Z',
      '2026-11-02T23:00:00Z',
      ['2026-10-31T07:30:00Z', '2026-11-01T07:30:00Z', '2026-11-02T08:30:00Z'],
    ],
    [
      'Edmonton every 30 minutes 01:00-03:30 on the spring-forward day: the gap runs once',
      pattern('America/Edmonton', '2026-03-08', '01:00:00', 'minutes', 30, { endTime: '03:30:00' }),
      '2026-03-08T00:00:00Z',
      '2026-03-08T23:00:00Z',
      ['2026-03-08T08:00:00Z', '2026-03-08T08:30:00Z', '2026-03-08T09:00:00Z', '2026-03-08T09:30:00Z'],
    ],
    [
      'Edmonton hourly 00:00-03:00 on the fall-back day: the repeated hour runs once',
      pattern('America/Edmonton', '2026-11-01', '00:00:00', 'hours', 1, { endTime: '03:00:00' }),
      '2026-11-01T00:00:00Z',
      '2026-11-01T12:00:00Z',
      ['2026-11-01T06:00:00Z', '2026-11-01T07:00:00Z', '2026-11-01T09:00:00Z', '2026-11-01T10:00:00Z'],
    ],
    [
      'Paris 02:30 does not exist on 29 March: runs at 03:00 CEST',
      pattern('Europe/Paris', '2026-03-01', '02:30:00', 'days', 1),
      '2026-03-28T00:00:00Z',
      '2026-03-30T12:00:00Z',
      ['2026-03-28T01:30:00Z', '2026-03-29T01:00:00Z', '2026-03-30T00:30:00Z'],
    ],
    [
      'Paris 02:30 exists twice on 25 October: runs once',
      pattern('Europe/Paris', '2026-10-01', '02:30:00', 'days', 1),
      '2026-10-24T00:00:00Z',
      '2026-10-26T12:00:00Z',
      ['2026-10-24T00:30:00Z', '2026-10-25T00:30:00Z', '2026-10-26T01:30:00Z'],
    ],
    [
      'Paris 09:00 weekly on Sundays keeps 09:00 over spring forward',
      pattern('Europe/Paris', '2026-03-22', '09:00:00', 'weeks', 1),
      '2026-03-20T00:00:00Z',
      '2026-04-06T00:00:00Z',
      ['2026-03-22T08:00:00Z', '2026-03-29T07:00:00Z', '2026-04-05T07:00:00Z'],
    ],
    [
      'Lord Howe 02:15 is in the 30-minute gap on 4 October: runs at 02:30 +11',
      pattern('Australia/Lord_Howe', '2026-09-01', '02:15:00', 'days', 1),
      '2026-10-02T00:00:00Z',
      '2026-10-05T00:00:00Z',
      ['2026-10-02T15:45:00Z', '2026-10-03T15:30:00Z', '2026-10-04T15:15:00Z'],
    ],
    [
      'Lord Howe 01:45 exists twice on 5 April (a 30-minute fall back): runs once',
      pattern('Australia/Lord_Howe', '2026-03-01', '01:45:00', 'days', 1),
      '2026-04-03T00:00:00Z',
      '2026-04-06T00:00:00Z',
      ['2026-04-03T14:45:00Z', '2026-04-04T14:45:00Z', '2026-04-05T15:15:00Z'],
    ],
    [
      'Lord Howe every 15 minutes 01:00-02:30 on 5 April: the repeated half hour runs once',
      pattern('Australia/Lord_Howe', '2026-04-05', '01:00:00', 'minutes', 15, { endTime: '02:30:00' }),
      '2026-04-04T00:00:00Z',
      '2026-04-05T00:00:00Z',
      [
        '2026-04-04T14:00:00Z',
        '2026-04-04T14:15:00Z',
        '2026-04-04T14:30:00Z',
        '2026-04-04T14:45:00Z',
        '2026-04-04T15:30:00Z',
        '2026-04-04T15:45:00Z',
        '2026-04-04T16:00:00Z',
      ],
    ],
    [
      'Kolkata has no DST: 09:00 is 03:30Z on the days others change',
      pattern('Asia/Kolkata', '2026-03-07', '09:00:00', 'days', 1),
      '2026-03-07T00:00:00Z',
      '2026-03-09T12:00:00Z',
      ['2026-03-07T03:30:00Z', '2026-03-08T03:30:00Z', '2026-03-09T03:30:00Z'],
    ],
    [
      'Kolkata on the Paris change day too',
      pattern('Asia/Kolkata', '2026-10-25', '23:45:00', 'days', 1),
      '2026-10-25T00:00:00Z',
      '2026-10-26T23:00:00Z',
      ['2026-10-25T18:15:00Z', '2026-10-26T18:15:00Z'],
    ],
  ];
  it.each(cases)('%s', (_name, p, from, to, expected) => {
    expect(between(p, from, to)).toEqual(expected);
  });
});

describe('recurrence', () => {
  const cases: Array<[string, TriggerPattern, string, string, string[]]> = [
    [
      'every 20 minutes inside a daily 09:00-10:00 window, restarting each day',
      pattern('Asia/Kolkata', '2026-05-01', '09:00:00', 'minutes', 20, { endTime: '10:00:00' }),
      '2026-05-01T00:00:00Z',
      '2026-05-02T04:00:00Z',
      [
        '2026-05-01T03:30:00Z',
        '2026-05-01T03:50:00Z',
        '2026-05-01T04:10:00Z',
        '2026-05-01T04:30:00Z',
        '2026-05-02T03:30:00Z',
        '2026-05-02T03:50:00Z',
      ],
    ],
    [
      'every 2 hours 08:00-12:00 (the end time included)',
      pattern('UTC', '2026-05-01', '08:00:00', 'hours', 2, { endTime: '12:00:00' }),
      '2026-05-01T00:00:00Z',
      '2026-05-01T23:00:00Z',
      ['2026-05-01T08:00:00Z', '2026-05-01T10:00:00Z', '2026-05-01T12:00:00Z'],
    ],
    [
      'every 3 days from the start date',
      pattern('UTC', '2026-05-01', '06:00:00', 'days', 3),
      '2026-04-01T00:00:00Z',
      '2026-05-11T00:00:00Z',
      ['2026-05-01T06:00:00Z', '2026-05-04T06:00:00Z', '2026-05-07T06:00:00Z', '2026-05-10T06:00:00Z'],
    ],
    [
      'weekly on the start date weekday (Monday 4 May)',
      pattern('UTC', '2026-05-04', '07:00:00', 'weeks', 1),
      '2026-05-01T00:00:00Z',
      '2026-05-20T00:00:00Z',
      ['2026-05-04T07:00:00Z', '2026-05-11T07:00:00Z', '2026-05-18T07:00:00Z'],
    ],
    [
      'every 2 weeks on Monday and Wednesday',
      pattern('UTC', '2026-05-04', '07:00:00', 'weeks', 2, { dow: [1, 3] }),
      '2026-05-01T00:00:00Z',
      '2026-05-31T00:00:00Z',
      ['2026-05-04T07:00:00Z', '2026-05-06T07:00:00Z', '2026-05-18T07:00:00Z', '2026-05-20T07:00:00Z'],
    ],
    [
      'monthly on the 31st: short months run on their last day',
      pattern('UTC', '2026-01-31', '12:00:00', 'months', 1),
      '2026-01-01T00:00:00Z',
      '2026-06-01T00:00:00Z',
      [
        '2026-01-31T12:00:00Z',
        '2026-02-28T12:00:00Z',
        '2026-03-31T12:00:00Z',
        '2026-04-30T12:00:00Z',
        '2026-05-31T12:00:00Z',
      ],
    ],
    [
      'monthly on the 31st in a leap February',
      pattern('UTC', '2028-01-31', '12:00:00', 'months', 1, { until: '2028-12-31T23:59:59' }),
      '2028-02-01T00:00:00Z',
      '2028-03-01T00:00:00Z',
      ['2028-02-29T12:00:00Z'],
    ],
    [
      'every 2 months on the 31st',
      pattern('UTC', '2026-01-31', '12:00:00', 'months', 2),
      '2026-01-01T00:00:00Z',
      '2026-06-01T00:00:00Z',
      ['2026-01-31T12:00:00Z', '2026-03-31T12:00:00Z', '2026-05-31T12:00:00Z'],
    ],
    [
      'the 30th and 31st in February run once, on the 28th',
      pattern('UTC', '2026-01-30', '12:00:00', 'months', 1, { dom: [30, 31] }),
      '2026-02-01T00:00:00Z',
      '2026-03-01T00:00:00Z',
      ['2026-02-28T12:00:00Z'],
    ],
    [
      'never repeats: one occurrence',
      pattern('UTC', '2026-05-01', '08:00:00', 'never', null),
      '2026-01-01T00:00:00Z',
      '2027-01-01T00:00:00Z',
      ['2026-05-01T08:00:00Z'],
    ],
    [
      'the end datetime ends the schedule',
      pattern('UTC', '2026-05-01', '08:00:00', 'days', 1, { until: '2026-05-03T23:59:59' }),
      '2026-01-01T00:00:00Z',
      '2027-01-01T00:00:00Z',
      ['2026-05-01T08:00:00Z', '2026-05-02T08:00:00Z', '2026-05-03T08:00:00Z'],
    ],
    [
      'the end datetime is read in the trigger zone',
      pattern('America/Edmonton', '2026-05-01', '20:00:00', 'days', 1, { until: '2026-05-02T23:59:59' }),
      '2026-01-01T00:00:00Z',
      '2027-01-01T00:00:00Z',
      ['2026-05-02T02:00:00Z', '2026-05-03T02:00:00Z'],
    ],
    [
      'hourly narrowed to weekdays',
      pattern('UTC', '2026-05-01', '09:00:00', 'hours', 12, { endTime: '21:00:00', dow: [1, 2, 3, 4, 5] }),
      '2026-05-01T10:00:00Z',
      '2026-05-05T00:00:00Z',
      ['2026-05-01T21:00:00Z', '2026-05-04T09:00:00Z', '2026-05-04T21:00:00Z'],
    ],
  ];
  it.each(cases)('%s', (_name, p, from, to, expected) => {
    expect(between(p, from, to)).toEqual(expected);
  });

  it('the next occurrence after an occurrence is the one after it', () => {
    const p = pattern('Europe/Paris', '2026-05-01', '09:00:00', 'days', 1);
    expect(nextOccurrence(p, new Date('2026-05-01T07:00:00Z'))?.toISOString()).toBe('2026-05-02T07:00:00.000Z');
    expect(occurrenceFrom(p, new Date('2026-05-01T07:00:00Z'))?.toISOString()).toBe('2026-05-01T07:00:00.000Z');
  });

  it('is null once the schedule is over', () => {
    expect(
      nextOccurrence(pattern('UTC', '2026-05-01', '08:00:00', 'never', null), new Date('2026-05-01T08:00:00Z')),
    ).toBe(null);
    const ended = pattern('UTC', '2026-05-01', '08:00:00', 'minutes', 5, {
      endTime: '09:00:00',
      until: '2026-05-02T23:59:59',
    });
    expect(nextOccurrence(ended, new Date('2026-05-02T09:00:00Z'))).toBe(null);
  });

  it('every minute of March in Edmonton: one instant per wall time, the gap collapsed', () => {
    const p = pattern('America/Edmonton', '2026-03-01', '00:00:00', 'minutes', 1, {
      endTime: '23:59:00',
      until: '2026-03-31T23:59:59',
    });
    const all = occurrencesBetween(p, new Date('2026-02-28T00:00:00Z'), new Date('2026-04-02T00:00:00Z'), 100_000);
    // 31 days of 1440 minutes; the spring-forward hour's 60 wall times and 03:00 collapse onto one instant.
    expect(all.length).toBe(31 * 1440 - 60);
    expect(new Set(all.map((d) => d.getTime())).size).toBe(all.length);
  });
});
