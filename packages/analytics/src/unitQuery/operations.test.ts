import type { DataRow } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { compileUnitQuery } from './index.ts';
import { axis, chartVis, pairs, series, useChartFixture } from './testing.ts';

// Expected answers are worked out by hand from the fixture table in testing.ts.
const fixture = useChartFixture();
const { run } = fixture;

describe('aggregations of a number grouped by a category', () => {
  it.each([
    [
      'sum',
      [
        ['a', 40],
        ['b', 20],
        ['c', 45],
      ],
    ],
    [
      'avg',
      [
        ['a', 40 / 3],
        ['b', 20],
        ['c', 45],
      ],
    ],
    [
      'med',
      [
        ['a', 10],
        ['b', 20],
        ['c', 45],
      ],
    ],
    [
      'max',
      [
        ['a', 30],
        ['b', 20],
        ['c', 45],
      ],
    ],
    [
      'min',
      [
        ['a', 0],
        ['b', 20],
        ['c', 45],
      ],
    ],
    [
      'count',
      [
        ['a', 3],
        ['b', 1],
        ['c', 1],
      ],
    ],
    [
      'distinctCount',
      [
        ['a', 3],
        ['b', 1],
        ['c', 1],
      ],
    ],
  ] as const)('%s', async (operation, expected) => {
    const key = series('kind');
    const value = series('amount', { operation });
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value) }));
    const got = pairs(result.data, key.id, value.id);
    expect(got.map(([k]) => k)).toEqual(expected.map(([k]) => k));
    got.forEach(([, v], i) => {
      expect(v).toBeCloseTo(expected[i][1] as number, 10);
    });
    expect(result.series.find((s) => s.id === value.id)).toMatchObject({ role: 'dependent', valueType: 'number' });
  });

  it('list answers the values of each group, without NULLs', async () => {
    const key = series('kind');
    const value = series('amount', { operation: 'list' });
    const count = series('qty', { operation: 'sum' });
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value, count) }));
    const got = (result.data as DataRow[]).map((r) => [
      r[key.id],
      [...(r[value.id] as number[])].sort((x, y) => x - y),
    ]);
    expect(got).toEqual([
      ['a', [0, 10, 30]],
      ['b', [20]],
      ['c', [45]],
    ]);
    expect(result.series.find((s) => s.id === value.id)?.valueType).toBe('list');
  });
});

describe('operations of dates and other types (grouped by kind)', () => {
  it.each([
    [
      'day',
      'min',
      [
        ['a', '2024-01-15T08:30:00'],
        ['b', '2023-12-31T23:00:00'],
        ['c', null],
      ],
      'date',
    ],
    [
      'day',
      'max',
      [
        ['a', '2024-04-10T10:15:00'],
        ['b', '2024-02-20T13:45:00'],
        ['c', null],
      ],
      'date',
    ],
    [
      'day',
      'count',
      [
        ['a', 3],
        ['b', 2],
        ['c', 0],
      ],
      'number',
    ],
    [
      'day',
      'distinctCount',
      [
        ['a', 3],
        ['b', 2],
        ['c', 0],
      ],
      'number',
    ],
    [
      'note',
      'count',
      [
        ['a', 3],
        ['b', 1],
        ['c', 1],
      ],
      'number',
    ],
    [
      'note',
      'distinctCount',
      [
        ['a', 3],
        ['b', 1],
        ['c', 1],
      ],
      'number',
    ],
    [
      'id',
      'count',
      [
        ['a', 3],
        ['b', 2],
        ['c', 1],
      ],
      'number',
    ],
  ] as const)('%s %s', async (feature, operation, expected, valueType) => {
    const key = series('kind');
    const value = series(feature, { operation });
    const result = await run(
      chartVis({ independent: axis(key), dependent: axis(value, series('qty', { operation: 'sum' })) }),
    );
    expect(pairs(result.data, key.id, value.id)).toEqual(expected);
    expect(result.series.find((s) => s.id === value.id)?.valueType).toBe(valueType);
  });

  it('lists of ids and texts are texts', async () => {
    const key = series('kind');
    const dates = series('id', { operation: 'list' });
    const notes = series('note', { operation: 'list' });
    const result = await run(
      chartVis({
        independent: axis(key),
        dependent: axis(series('qty', { operation: 'sum' })),
        tooltip: { series: [dates, notes] },
      }),
    );
    const b = (result.data as DataRow[]).find((r) => r[key.id] === 'b') as DataRow;
    expect([...(b[dates.id] as string[])].sort()).toEqual(['2', '4']);
    expect(b[notes.id]).toEqual(['World']);
  });
});

describe('date parts as keys (sum of qty; the NULL date last)', () => {
  it.each([
    [
      'year',
      [
        [2023, 4],
        [2024, 12],
        [null, 5],
      ],
    ],
    [
      'year-quarter',
      [
        ['2023-Q4', 4],
        ['2024-Q1', 6],
        ['2024-Q2', 6],
        [null, 5],
      ],
    ],
    [
      'quarter',
      [
        [1, 6],
        [2, 6],
        [4, 4],
        [null, 5],
      ],
    ],
    [
      'year-month',
      [
        ['2023-12', 4],
        ['2024-01', 1],
        ['2024-02', 2],
        ['2024-03', 3],
        ['2024-04', 6],
        [null, 5],
      ],
    ],
    [
      'month',
      [
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 6],
        [12, 4],
        [null, 5],
      ],
    ],
    [
      'month-day',
      [
        ['01-15', 1],
        ['02-20', 2],
        ['03-05', 3],
        ['04-10', 6],
        ['12-31', 4],
        [null, 5],
      ],
    ],
    [
      'day',
      [
        [5, 3],
        [10, 6],
        [15, 1],
        [20, 2],
        [31, 4],
        [null, 5],
      ],
    ],
    [
      'dow',
      [
        [0, 4],
        [1, 1],
        [2, 5],
        [3, 6],
        [null, 5],
      ],
    ],
    [
      'year-month-day',
      [
        ['2023-12-31', 4],
        ['2024-01-15', 1],
        ['2024-02-20', 2],
        ['2024-03-05', 3],
        ['2024-04-10', 6],
        [null, 5],
      ],
    ],
    [
      'hour',
      [
        [0, 3],
        [8, 1],
        [10, 6],
        [13, 2],
        [23, 4],
        [null, 5],
      ],
    ],
    [
      'time-of-day',
      [
        ['00:00', 3],
        ['08:30', 1],
        ['10:15', 6],
        ['13:45', 2],
        ['23:00', 4],
        [null, 5],
      ],
    ],
  ] as const)('%s', async (operation, expected) => {
    const key = series('day', { operation });
    const value = series('qty', { operation: 'sum' });
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value) }));
    expect(pairs(result.data, key.id, value.id)).toEqual(expected);
    expect(result.series.find((s) => s.id === key.id)?.valueType).toBe(operation);
  });

  it.each([
    ['year', [2024, 2024, 2024, 2023, null, 2024]],
    ['year-quarter', ['2024-Q1', '2024-Q1', '2024-Q1', '2023-Q4', null, '2024-Q2']],
    ['month-day', ['01-15', '02-20', '03-05', '12-31', null, '04-10']],
    ['dow', [1, 2, 2, 0, null, 3]],
    ['time-of-day', ['08:30', '13:45', '00:00', '23:00', null, '10:15']],
    [
      '',
      [
        '2024-01-15T08:30:00',
        '2024-02-20T13:45:00',
        '2024-03-05T00:00:00',
        '2023-12-31T23:00:00',
        null,
        '2024-04-10T10:15:00',
      ],
    ],
  ] as const)('%s on raw rows (by qty)', async (operation, expected) => {
    const value = series('day', { operation });
    const key = series('qty');
    const result = await run(
      chartVis({
        chartType: 'scatter',
        independent: axis(key),
        dependent: axis(series('amount')),
        tooltip: { series: [value] },
      }),
    );
    expect((result.data as DataRow[]).map((r) => r[value.id])).toEqual(expected);
  });

  it('refuses a part finer than the feature precision (bad-operation)', () => {
    const vis = chartVis({
      independent: axis(series('dayOnly', { operation: 'hour' })),
      dependent: axis(series('qty', { operation: 'sum' })),
    });
    expect(() => compileUnitQuery({ type: 'chart', vis, filters: [] }, fixture.catalog)).toThrow(
      expect.objectContaining({ code: 'bad-operation' }),
    );
  });
});

describe('bins', () => {
  // amounts 0, 10, 20, 30, 45 and NULL: min 0, max 45.
  it.each([
    [
      3,
      15,
      [
        [0, 2],
        [15, 1],
        [30, 2],
        [null, 1],
      ],
    ],
    [
      undefined,
      4.5,
      [
        [0, 1],
        [9, 1],
        [18, 1],
        [27, 1],
        [40.5, 1],
        [null, 1],
      ],
    ],
    [
      2,
      22.5,
      [
        [0, 3],
        [22.5, 2],
        [null, 1],
      ],
    ],
  ])('%s bins: width %s, the max in the last bin', async (numberOfBins, width, expected) => {
    const key = series('amount', { operation: 'bin', ...(numberOfBins ? { numberOfBins } : {}) });
    const value = series('id', { operation: 'count' });
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value) }));
    const got = pairs(result.data, key.id, value.id);
    expect(got.map(([k]) => (k === null ? null : Number((k as number).toFixed(6))))).toEqual(expected.map(([k]) => k));
    expect(got.map(([, v]) => v)).toEqual(expected.map(([, v]) => v));
    expect(result.series.find((s) => s.id === key.id)).toMatchObject({ valueType: 'bin', binWidth: width });
  });

  it('bins only the filtered values, and one value makes one bin of width 0', async () => {
    const key = series('amount', { operation: 'bin', numberOfBins: 4 });
    const value = series('id', { operation: 'count' });
    const only20 = {
      _id: 'x',
      type: 'value' as const,
      operation: 'equal' as const,
      value: 20,
      feature: { id: 'amount' },
    };
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value), filters: [only20] }));
    expect(pairs(result.data, key.id, value.id)).toEqual([[20, 1]]);
    expect(result.series.find((s) => s.id === key.id)?.binWidth).toBe(0);
  });

  it('bins raw rows too (scatter without aggregation)', async () => {
    const key = series('amount', { operation: 'bin', numberOfBins: 3 });
    const value = series('qty');
    const result = await run(chartVis({ chartType: 'scatter', independent: axis(key), dependent: axis(value) }));
    expect(
      pairs(result.data, key.id, value.id)
        .filter(([k]) => k === 30)
        .map(([, v]) => v)
        .sort(),
    ).toEqual([3, 5]);
    expect((result.data as DataRow[]).length).toBe(6);
  });
});
