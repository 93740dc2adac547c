import type { Model } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { initialState, toBody } from './triggerForm.ts';

const model = {
  _id: 'a'.repeat(24),
  projectId: 'b'.repeat(24),
  inputs: [{ varName: 'n', defaultValue: 3, value: null }],
} as unknown as Model;

describe('trigger form', () => {
  it('starts with the spec defaults: Canada/Mountain, today at 00:00, end 23:59, end date a year on', () => {
    const s = initialState(model, '2026-11-25');
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
    const s = { ...initialState(model, '2026-11-25'), name: ' Nightly ', unit: 'minutes' as const, value: 15 as const };
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
    const s = initialState(model, '2026-11-25');
    expect(toBody({ ...s, unit: 'weeks' }, model).pattern.filter?.day_of_the_week).toEqual([3]);
    expect(toBody({ ...s, unit: 'months' }, model).pattern.filter?.day_of_the_month).toEqual([25]);
  });
});
