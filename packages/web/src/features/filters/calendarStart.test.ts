import { describe, expect, it } from 'vitest';
import { calendarStart } from './DateFields.tsx';

describe('where an empty date field’s calendar opens', () => {
  const stats = { min: '1998-03-14T00:00:00.000Z', max: '2004-11-02' };
  it('on the data’s earliest date for From, its latest for To and On', () => {
    expect(calendarStart(stats, 'min')).toBe('1998-03-14');
    expect(calendarStart(stats, 'max')).toBe('2004-11-02');
  });
  it('on today (undefined) when the range is unknown or not a date, and inside the accepted years', () => {
    expect(calendarStart(undefined, 'min')).toBeUndefined();
    expect(calendarStart({ min: null, max: 12 }, 'max')).toBeUndefined();
    expect(calendarStart({ min: '0500-01-01', max: '3100-01-01' }, 'min')).toBe('1001-01-01');
    expect(calendarStart({ min: '0500-01-01', max: '3100-01-01' }, 'max')).toBe('2999-12-31');
  });
});
