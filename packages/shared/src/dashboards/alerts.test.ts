import { describe, expect, it } from 'vitest';
import { type AlertCondition, alertableValues, alertBodySchema, alertHolds, alertValueOf } from './alerts.ts';

const F = 'f'.repeat(24);
const ref = { _id: F, dataset: { _id: 'd'.repeat(24) } };

describe('the values an alert may watch', () => {
  it.each([
    [
      'kpi',
      {
        kpi: [
          { id: 'a', feature: ref, operation: 'sum', label: 'Total' },
          { id: 'b', feature: ref },
        ],
      },
      ['a', 'b'],
    ],
    [
      'chart',
      {
        independent: [{ series: [{ id: 'x', feature: ref }] }],
        dependent: [
          { series: [{ id: 'y1', feature: ref, operation: 'sum' }] },
          { series: [{ id: 'y2', feature: ref }] },
        ],
      },
      ['y1', 'y2'],
    ],
    ['table', { table: [{ id: 't', feature: ref }] }, []],
    ['custom', {}, []],
    ['kpi', { kpi: 'not a list' }, []],
    [null, {}, []],
  ] as const)('%s %j → %j', (type, vis, ids) => {
    expect(alertableValues(type, vis).map((v) => v.id)).toEqual(ids);
  });

  it('keeps the label and the feature', () => {
    expect(alertableValues('kpi', { kpi: [{ id: 'a', feature: ref, label: 'Total' }] })).toEqual([
      { id: 'a', label: 'Total', featureId: F, operation: '' },
    ]);
  });
});

describe('the number an answer gives', () => {
  it.each([
    ['kpi', { a: 12.5 }, 'a', 12.5],
    ['kpi', { a: '7' }, 'a', 7],
    ['kpi', { a: null }, 'a', null],
    ['kpi', {}, 'a', null],
    ['kpi', [{ a: 1 }], 'a', null],
    ['chart', [{ y: 1 }, { y: 2.5 }, { y: null }], 'y', 3.5],
    ['chart', [], 'y', null],
    ['chart', [{ y: 'x' }], 'y', null],
    ['table', [{ y: 1 }], 'y', null],
  ] as const)('%s %j %s → %s', (type, data, valueId, expected) => {
    expect(alertValueOf(type, data as never, valueId)).toBe(expected);
  });
});

describe('whether a condition holds', () => {
  it.each([
    ['above', 100, 101, null, true],
    ['above', 100, 100, null, false],
    ['above', 100, null, 200, false],
    ['below', 0, -1, null, true],
    ['below', 0, 0, null, false],
    ['change', 10, 111, 100, true],
    ['change', 10, 110, 100, false],
    ['change', 10, 89, 100, true],
    ['change', 10, 95, 100, false],
    ['change', 10, 100, null, false],
    ['change', 10, 5, 0, true],
    ['change', 10, 0, 0, false],
    ['change', 50, -20, -10, true],
  ] as Array<[AlertCondition, number, number | null, number | null, boolean]>)(
    '%s %s with %s after %s → %s',
    (condition, threshold, current, previous, expected) => {
      expect(alertHolds(condition, threshold, current, previous)).toBe(expected);
    },
  );
});

describe('an alert body', () => {
  const body = {
    name: 'Big',
    unitId: 'a'.repeat(24),
    tabId: 'b'.repeat(24),
    valueId: 'a',
    condition: 'above',
    value: -5,
  };
  const fields = (input: object) => {
    const parsed = alertBodySchema.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it.each([
    [{}, {}],
    [{ value: 0, condition: 'change' }, { value: 'A percent change must be greater than 0' }],
    [{ value: -3, condition: 'change' }, { value: 'A percent change must be greater than 0' }],
    [{ value: 2_000_000, condition: 'change' }, { value: 'A percent change is at most 1000000' }],
    [{ value: 'x' }, { value: 'Must be a number' }],
    [{ name: '  ' }, { name: 'Required' }],
    [{ condition: 'equal' }, { condition: 'Invalid value' }],
  ])('%j → %j', (change, expected) => {
    expect(fields({ ...body, ...change })).toEqual(expected);
  });
});
