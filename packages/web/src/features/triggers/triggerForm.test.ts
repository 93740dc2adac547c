import type { Model, Trigger } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { initialState, stateOfTrigger, toBody, toUpdateBody, withTimezone } from './triggerForm.ts';

const model = {
  _id: 'a'.repeat(24),
  projectId: 'b'.repeat(24),
  inputs: [{ varName: 'n', defaultValue: 3, value: null }],
} as unknown as Model;

/** 25 November 2026 at noon UTC: the same day in Canada/Mountain (05:00). */
const NOON_UTC = new Date('2026-11-25T12:00:00Z');

describe('trigger form', () => {
  it('starts with the spec defaults: Canada/Mountain, today at 00:00, end 23:59, end date a year on', () => {
    const s = initialState(model, NOON_UTC);
    expect(s).toMatchObject({
      timezone: 'Canada/Mountain',
      startDate: '2026-11-25',
      startTime: '00:00',
      endTime: '23:59',
      endDate: '2027-11-25',
      values: { n: '3' },
    });
  });
  it('stores times as HH:mm:ss and the end at the end of its day; never has no end', () => {
    const s = { ...initialState(model, NOON_UTC), name: ' Nightly ', unit: 'minutes' as const, value: 15 as const };
    expect(toBody(s, model).pattern).toEqual({
      timezone: 'Canada/Mountain',
      start: {
        effective_startdate: '2026-11-25',
        scheduled_starttime: '00:00:00',
        scheduled_endtime: '23:59:00',
        until_datetime: '2027-11-25T23:59:59',
      },
      repeat: { unit: 'minutes', value: 15 },
      filter: { day_of_the_week: [], day_of_the_month: [] },
    });
    expect(toBody(s, model).name).toBe('Nightly');
    const never = toBody({ ...s, unit: 'never' }, model).pattern;
    expect(never.start).toMatchObject({ scheduled_endtime: null, until_datetime: null });
    expect(never.repeat).toEqual({ unit: 'never', value: null });
  });
  it('derives the weekly and monthly day from the start date', () => {
    const s = initialState(model, NOON_UTC);
    expect(toBody({ ...s, unit: 'weeks' }, model).pattern.filter?.day_of_the_week).toEqual([3]);
    expect(toBody({ ...s, unit: 'months' }, model).pattern.filter?.day_of_the_month).toEqual([25]);
  });
  it("starts today in the trigger's zone, not the viewer's: at 03:00 UTC it is still yesterday in Canada/Mountain", () => {
    const early = new Date('2026-11-26T03:00:00Z');
    expect(initialState(model, early)).toMatchObject({ startDate: '2026-11-25', endDate: '2027-11-25' });
  });
  it.each([
    [
      'a start date left at today follows the zone',
      'Asia/Kolkata',
      '2026-11-25',
      '2027-11-25',
      '2026-11-26',
      '2027-11-26',
    ],
    ['an end date the person chose stays', 'Asia/Kolkata', '2026-11-25', '2027-01-31', '2026-11-26', '2027-01-31'],
    ['a start date the person chose stays', 'Asia/Kolkata', '2026-12-24', '2027-12-24', '2026-12-24', '2027-12-24'],
    [
      'a zone where it is the same day changes nothing',
      'America/Edmonton',
      '2026-11-25',
      '2027-11-25',
      '2026-11-25',
      '2027-11-25',
    ],
  ])('another time zone: %s', (_case, zone, startDate, endDate, expectedStart, expectedEnd) => {
    // 03:00 UTC on 26 November: 25 November in Canada/Mountain, 26 November in Kolkata (08:30).
    const now = new Date('2026-11-26T03:00:00Z');
    const s = { ...initialState(model, now), startDate, endDate };
    expect(withTimezone(s, zone, now)).toMatchObject({
      timezone: zone,
      startDate: expectedStart,
      endDate: expectedEnd,
    });
  });

  it.each([
    ['weekly, with an input', { unit: 'weeks', value: 2 }, [{ varName: 'n', value: '7' }], null],
    ['every 15 minutes until 18:00', { unit: 'minutes', value: 15 }, [], '18:00:00'],
    ['once', { unit: 'never', value: null }, [{ varName: 'n', value: '1' }], null],
  ] as const)(
    'opens a scheduled run to edit on its own values and saves them back unchanged: %s',
    (_, repeat, inputs, end) => {
      const body = toBody(
        {
          ...initialState(model, NOON_UTC),
          name: 'Nightly',
          description: 'd',
          unit: repeat.unit,
          value: repeat.value ?? 1,
        },
        model,
      );
      const pattern = {
        ...body.pattern,
        start: { ...body.pattern.start, scheduled_starttime: '06:30:00', scheduled_endtime: end },
        repeat: { unit: repeat.unit, value: repeat.value },
      };
      const trigger = { name: 'Nightly', description: 'd', inputs: [...inputs], pattern } as unknown as Trigger;
      const s = stateOfTrigger(trigger, model);
      expect(s.startTime).toBe('06:30');
      expect(toUpdateBody(s, model)).toEqual({ name: 'Nightly', description: 'd', inputs, pattern });
    },
  );
});
