import { describe, expect, it } from 'vitest';
import type { FeatureType } from '../datasets/types.ts';
import { type DashboardFilter, FILTER_TYPES, filterSchema } from './filters.ts';
import {
  boundRanges,
  filterOperationsFor,
  filterTypesFor,
  inDatePartRange,
  isFilterValid,
  isValidIsoDate,
  isValidTime,
  validFilters,
} from './filterValidity.ts';

const F = 'f'.repeat(24);
const filter = (f: Omit<DashboardFilter, '_id' | 'feature'> & { feature?: { id: string } }): DashboardFilter => ({
  _id: 'x',
  feature: { id: F },
  ...f,
});

// One row per rule of filter validity and validity ranges: [rule, filter, valid].
const rows: Array<[string, DashboardFilter, boolean]> = [
  ['a feature is needed', filter({ type: 'value', operation: 'empty', feature: { id: '' } }), false],
  ['empty is always valid', filter({ type: 'value', operation: 'empty' }), true],
  ['not-empty is always valid', filter({ type: 'date', operation: 'not-empty', value: null }), true],
  ['number greater with a number', filter({ type: 'value', operation: 'greater', value: 3 }), true],
  ['number value as { value }', filter({ type: 'value', operation: 'less-equal', value: { value: 0 } }), true],
  ['number equal without a value', filter({ type: 'value', operation: 'equal' }), false],
  ['number not-equal with text', filter({ type: 'value', operation: 'not-equal', value: '3' }), false],
  ['number with NaN', filter({ type: 'value', operation: 'less', value: Number.NaN }), false],
  ['between numeric from and to', filter({ type: 'range', operation: 'between', value: { from: 1, to: 5 } }), true],
  ['between without to', filter({ type: 'range', operation: 'between', value: { from: 1, to: null } }), false],
  ['between with text from', filter({ type: 'range', operation: 'between', value: { from: 'a', to: 5 } }), false],
  ['between from above to', filter({ type: 'range', operation: 'between', value: { from: 6, to: 5 } }), false],
  ['category equal with one category', filter({ type: 'category', operation: 'equal', value: ['a'] }), true],
  ['category not-equal with none', filter({ type: 'category', operation: 'not-equal', value: [] }), false],
  ['category contains a text', filter({ type: 'category', operation: 'contains', value: 'ab' }), true],
  ['category begins-with empty text', filter({ type: 'category', operation: 'begins-with', value: '' }), false],
  ['category ends-with no text', filter({ type: 'category', operation: 'ends-with' }), false],
  ['text contains a text', filter({ type: 'text', operation: 'contains', value: 'x' }), true],
  ['text equal blank', filter({ type: 'text', operation: 'equal', value: '  ' }), false],
  ['text begins-with a text', filter({ type: 'text', operation: 'begins-with', value: 'x' }), true],
  ['text ends-with a text', filter({ type: 'text', operation: 'ends-with', value: 'x' }), true],
  ['text with a number operation', filter({ type: 'text', operation: 'greater', value: 'x' }), false],
  [
    'date between valid ISO from and to',
    filter({ type: 'date', operation: 'between', value: { from: '2024-01-01', to: '2024-02-01T10:00:00Z' } }),
    true,
  ],
  [
    'date between with a bad date',
    filter({ type: 'date', operation: 'between', value: { from: '2024-02-30', to: '2024-03-01' } }),
    false,
  ],
  ['date before needs to', filter({ type: 'date', operation: 'before', value: { from: '2024-01-01' } }), false],
  ['date before with to', filter({ type: 'date', operation: 'before', value: { to: '2024-01-01' } }), true],
  ['date after needs from', filter({ type: 'date', operation: 'after', value: { to: '2024-01-01' } }), false],
  ['date after with from', filter({ type: 'date', operation: 'after', value: { from: '2024-01-01' } }), true],
  ['date on a date', filter({ type: 'date', option: 'date', operation: 'on', value: { on: '2024-05-06' } }), true],
  ['date on without a date', filter({ type: 'date', option: 'date', operation: 'on', value: {} }), false],
  [
    'date on days of week with an item',
    filter({
      type: 'date',
      option: 'dayOfWeek',
      operation: 'on',
      value: { selectedDateItems: { part: 'dow', values: [0, 6] } },
    }),
    true,
  ],
  [
    'date on days of week with none',
    filter({
      type: 'date',
      option: 'dayOfWeek',
      operation: 'on',
      value: { selectedDateItems: { part: 'dow', values: [] } },
    }),
    false,
  ],
  [
    'date on months with an item',
    filter({
      type: 'date',
      option: 'month',
      operation: 'on',
      value: { selectedDateItems: { part: 'month', values: [12] } },
    }),
    true,
  ],
  [
    'date last a numeric duration',
    filter({ type: 'date', operation: 'last', value: { duration: 7, unit: 'day' } }),
    true,
  ],
  ['date last without a duration', filter({ type: 'date', operation: 'last', value: { unit: 'day' } }), false],
  ['time before a valid time', filter({ type: 'time', operation: 'before', value: { value: '10:30' } }), true],
  ['time after an invalid time', filter({ type: 'time', operation: 'after', value: { value: '25:00' } }), false],
  ['time equal with seconds', filter({ type: 'time', operation: 'equal', value: { value: '23:59:59' } }), true],
  ['time between both', filter({ type: 'time', operation: 'between', value: { from: '08:00', to: '17:00' } }), true],
  ['time between needs both', filter({ type: 'time', operation: 'between', value: { from: '08:00' } }), false],
  // Validity ranges
  ['year 1001 is in range', filter({ type: 'date', operation: 'after', value: { from: '1001-01-01' } }), true],
  ['year 1000 is out of range', filter({ type: 'date', operation: 'after', value: { from: '1000-12-31' } }), false],
  ['year 2999 is in range', filter({ type: 'date', operation: 'before', value: { to: '2999-12-31' } }), true],
  ['year 3000 is out of range', filter({ type: 'date', operation: 'before', value: { to: '3000-01-01' } }), false],
  ['month 13 is out of range', filter({ type: 'date', operation: 'before', value: { to: '2020-13-01' } }), false],
  ['day 32 is out of range', filter({ type: 'date', operation: 'before', value: { to: '2020-01-32' } }), false],
  [
    'weekday 7 is out of range',
    filter({
      type: 'date',
      option: 'dayOfWeek',
      operation: 'on',
      value: { selectedDateItems: { part: 'dow', values: [7] } },
    }),
    false,
  ],
  [
    'month item 0 is out of range',
    filter({
      type: 'date',
      option: 'month',
      operation: 'on',
      value: { selectedDateItems: { part: 'month', values: [0] } },
    }),
    false,
  ],
];

describe('isFilterValid', () => {
  it.each(rows)('%s', (_rule, f, valid) => {
    if (valid) expect(filterSchema.safeParse(f).success).toBe(true);
    expect(isFilterValid(f)).toBe(valid);
  });

  // value/range ↔ number, date ↔ date, time ↔ time, category ↔ category|id, text ↔ text|id
  const fits: Array<[DashboardFilter['type'], FeatureType[]]> = [
    ['value', ['number']],
    ['range', ['number']],
    ['date', ['date']],
    ['time', ['time']],
    ['category', ['category', 'id']],
    ['text', ['text', 'id']],
  ];
  it.each(fits)('a %s filter fits only %j features', (type, types) => {
    const f = filter({ type, operation: 'not-empty' });
    for (const featureType of ['id', 'number', 'date', 'time', 'category', 'text'] as const) {
      expect(isFilterValid(f, featureType), featureType).toBe(types.includes(featureType));
    }
  });

  it('validFilters keeps the valid ones in order, and with types only those that fit a known feature', () => {
    const a = filter({ type: 'value', operation: 'greater', value: 1 });
    const b = filter({ type: 'value', operation: 'greater' });
    const c = { ...filter({ type: 'text', operation: 'contains', value: 'x' }), feature: { id: 'g'.repeat(24) } };
    expect(validFilters([a, b, c])).toEqual([a, c]);
    expect(validFilters([a, b, c], new Map([[F, 'number' as const]]))).toEqual([a]);
    expect(validFilters([c], new Map([['g'.repeat(24), 'number' as const]]))).toEqual([]);
  });
});

describe('helpers', () => {
  it('every menu offers empty and not-empty, and only operations its own rule accepts', () => {
    for (const type of FILTER_TYPES) {
      const ops = filterOperationsFor(type);
      expect(ops).toContain('empty');
      expect(ops).toContain('not-empty');
    }
    expect(filterOperationsFor('range')).toEqual(['between', 'empty', 'not-empty']);
    expect(filterOperationsFor('text')).not.toContain('not-equal');
  });

  it('names the filter types of each feature type', () => {
    expect(filterTypesFor('number')).toEqual(['value', 'range']);
    expect(filterTypesFor('id')).toEqual(['category', 'text']);
    expect(filterTypesFor('date')).toEqual(['date']);
  });

  it('bounds between ranges by each other', () => {
    expect(boundRanges({ from: 2, to: 9 })).toEqual({ from: { max: 9 }, to: { min: 2 } });
    expect(boundRanges({ from: null, to: 9 })).toEqual({ from: { max: 9 }, to: {} });
    expect(boundRanges({ from: '2024-01-01', to: '' })).toEqual({ from: {}, to: { min: '2024-01-01' } });
  });

  it('checks dates, times and date part ranges', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2024-1-1')).toBe(false);
    expect(isValidTime('9:05')).toBe(true);
    expect(isValidTime('09:60')).toBe(false);
    expect(inDatePartRange('quarter', 4)).toBe(true);
    expect(inDatePartRange('quarter', 5)).toBe(false);
    expect(inDatePartRange('weekday', 0)).toBe(true);
    expect(inDatePartRange('day', 1.5)).toBe(false);
  });
});
