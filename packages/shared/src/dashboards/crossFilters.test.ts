import { describe, expect, it } from 'vitest';
import {
  binRange,
  type CrossFilter,
  crossFilterSchema,
  crossFiltersFromParam,
  crossFiltersToParam,
  datePartRange,
  toggleCrossFilter,
} from './crossFilters.ts';
import type { DatePart } from './operations.ts';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);

describe('datePartRange: a truncating part is a range of time, `to` excluded', () => {
  const cases: Array<[DatePart, string | number | null, { from: string; to: string } | undefined]> = [
    ['year', 2024, { from: '2024-01-01T00:00:00', to: '2025-01-01T00:00:00' }],
    ['year', '1999', { from: '1999-01-01T00:00:00', to: '2000-01-01T00:00:00' }],
    ['year-quarter', '2024-Q1', { from: '2024-01-01T00:00:00', to: '2024-04-01T00:00:00' }],
    ['year-quarter', '2024-Q4', { from: '2024-10-01T00:00:00', to: '2025-01-01T00:00:00' }],
    ['year-month', '2024-02', { from: '2024-02-01T00:00:00', to: '2024-03-01T00:00:00' }],
    ['year-month', '2024-12', { from: '2024-12-01T00:00:00', to: '2025-01-01T00:00:00' }],
    ['year-month-day', '2024-02-29', { from: '2024-02-29T00:00:00', to: '2024-03-01T00:00:00' }],
    ['year-month-day', '2023-12-31', { from: '2023-12-31T00:00:00', to: '2024-01-01T00:00:00' }],
    // Not a value of the part, or a part that repeats: no range (the part's value is compared instead).
    ['year-month-day', '2023-02-29', undefined],
    ['year-month', '2024-13', undefined],
    ['year-quarter', '2024-Q5', undefined],
    ['year', 'soon', undefined],
    ['year', null, undefined],
    ['month', 3, undefined],
    ['dow', 0, undefined],
    ['month-day', '03-15', undefined],
    ['time-of-day', '10:30', undefined],
  ];
  it.each(cases)('%s %j', (part, value, expected) => {
    expect(datePartRange(part, value)).toEqual(expected);
  });
});

describe('binRange: a bin stops before the next one; the last one holds the highest value', () => {
  const cases: Array<[number, number, boolean, object]> = [
    [10, 5, false, { from: 10, to: 15 }],
    [10, 5, true, { from: 10, to: 15, toIncluded: true }],
    [-2.5, 0.5, false, { from: -2.5, to: -2 }],
    [7, 0, false, { from: 7, to: 7, toIncluded: true }],
  ];
  it.each(cases)('lower %d width %d last %s', (lower, width, last, expected) => {
    expect(binRange(lower, width, last)).toEqual(expected);
  });
});

describe('toggleCrossFilter: a click selects, shift or ctrl adds, clicking again removes', () => {
  const rain: CrossFilter = { featureId: A, values: ['rain'] };
  const sun: CrossFilter = { featureId: A, values: ['sun'] };
  const march: CrossFilter = { featureId: B, operation: 'year-month', values: ['2024-03'] };
  const bin: CrossFilter = { featureId: B, range: { from: 1, to: 2 } };
  const cases: Array<[string, CrossFilter[], CrossFilter, boolean, CrossFilter[]]> = [
    ['a first click', [], rain, false, [rain]],
    ['a click on the only value clears it', [rain], rain, false, []],
    ['a click on another value replaces it', [rain], sun, false, [sun]],
    ['shift adds a value', [rain], sun, true, [{ featureId: A, values: ['rain', 'sun'] }]],
    ['shift on a chosen value removes it', [{ featureId: A, values: ['rain', 'sun'] }], rain, true, [sun]],
    ['shift on the last value removes the entry', [rain], rain, true, []],
    ['a plain click among several keeps only it', [{ featureId: A, values: ['rain', 'sun'] }], rain, false, [rain]],
    ['other features are kept', [march], rain, false, [march, rain]],
    [
      'a date part is its own entry',
      [{ featureId: B, values: ['2024-03'] }],
      march,
      false,
      [{ featureId: B, values: ['2024-03'] }, march],
    ],
    ['a bin toggles', [bin], bin, false, []],
    [
      'another bin replaces it',
      [bin],
      { featureId: B, range: { from: 2, to: 3 } },
      true,
      [{ featureId: B, range: { from: 2, to: 3 } }],
    ],
    [
      'a null value (no value) is a value',
      [],
      { featureId: A, values: [null] },
      false,
      [{ featureId: A, values: [null] }],
    ],
  ];
  it.each(cases)('%s', (_, list, clicked, adding, expected) => {
    expect(toggleCrossFilter(list, clicked, adding)).toEqual(expected);
  });
});

describe('cross-filters in the URL', () => {
  it('round-trip; anything malformed reads as none', () => {
    const list: CrossFilter[] = [
      { featureId: A, values: ['rain', null, 3] },
      { featureId: B, range: { from: 1, to: 2, toIncluded: true } },
    ];
    expect(crossFiltersFromParam(crossFiltersToParam(list))).toEqual(list);
    expect(crossFiltersToParam([])).toBeUndefined();
    for (const bad of [null, '', 'not json', '{}', '[{"featureId":"x","values":["a"]}]', `[{"featureId":"${A}"}]`]) {
      expect(crossFiltersFromParam(bad)).toEqual([]);
    }
  });

  it('the schema wants values or a range, not both', () => {
    expect(crossFilterSchema.safeParse({ featureId: A, values: ['x'] }).success).toBe(true);
    expect(crossFilterSchema.safeParse({ featureId: A, range: { from: 1, to: 0 } }).success).toBe(false);
    expect(crossFilterSchema.safeParse({ featureId: A, values: ['x'], range: { from: 0, to: 1 } }).success).toBe(false);
    expect(crossFilterSchema.safeParse({ featureId: A }).success).toBe(false);
    expect(crossFilterSchema.safeParse({ featureId: A, values: ['x'], operation: 'bin' }).success).toBe(false);
  });
});
