import type { ChartVis, DataRow, OrderByEntry } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestEngine } from '../testing.ts';
import { compileUnitQuery, runUnitQuery } from './index.ts';
import { axis, chartVis, series, writeFixture } from './testing.ts';
import type { UnitCatalog, UnitQueryInput } from './types.ts';

// Expected answers are worked out by hand from the fixture table in testing.ts.
const engine = useTestEngine();
let catalog: UnitCatalog;
beforeAll(async () => {
  catalog = (await writeFixture(engine.dataDir)).catalog;
});

async function run(vis: ChartVis, options: Partial<UnitQueryInput> = {}) {
  const compiled = compileUnitQuery({ type: 'chart', vis, filters: [], ...options } as UnitQueryInput, catalog);
  return runUnitQuery(compiled);
}

/** Rows as [key, value] pairs of the given series ids. */
const pairs = (data: DataRow[] | DataRow, a: string, b: string) => (data as DataRow[]).map((r) => [r[a], r[b]]);

describe('aggregations of a number grouped by a category', () => {
  it.each([
    ['sum', [['a', 40], ['b', 20], ['c', 45]]],
    ['avg', [['a', 40 / 3], ['b', 20], ['c', 45]]],
    ['med', [['a', 10], ['b', 20], ['c', 45]]],
    ['max', [['a', 30], ['b', 20], ['c', 45]]],
    ['min', [['a', 0], ['b', 20], ['c', 45]]],
    ['count', [['a', 3], ['b', 1], ['c', 1]]],
    ['distinctCount', [['a', 3], ['b', 1], ['c', 1]]],
  ] as const)('%s', async (operation, expected) => {
    const key = series('kind');
    const value = series('amount', { operation });
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value) }));
    const got = pairs(result.data, key.id, value.id);
    expect(got.map(([k]) => k)).toEqual(expected.map(([k]) => k));
    got.forEach(([, v], i) => expect(v).toBeCloseTo(expected[i][1] as number, 10));
    expect(result.series.find((s) => s.id === value.id)).toMatchObject({ role: 'dependent', valueType: 'number' });
  });

  it('list answers the values of each group, without NULLs', async () => {
    const key = series('kind');
    const value = series('amount', { operation: 'list' });
    const count = series('qty', { operation: 'sum' });
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value, count) }));
    const got = (result.data as DataRow[]).map((r) => [r[key.id], [...(r[value.id] as number[])].sort((x, y) => x - y)]);
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
    ['day', 'min', [['a', '2024-01-15T08:30:00'], ['b', '2023-12-31T23:00:00'], ['c', null]], 'date'],
    ['day', 'max', [['a', '2024-04-10T10:15:00'], ['b', '2024-02-20T13:45:00'], ['c', null]], 'date'],
    ['day', 'count', [['a', 3], ['b', 2], ['c', 0]], 'number'],
    ['day', 'distinctCount', [['a', 3], ['b', 2], ['c', 0]], 'number'],
    ['note', 'count', [['a', 3], ['b', 1], ['c', 1]], 'number'],
    ['note', 'distinctCount', [['a', 3], ['b', 1], ['c', 1]], 'number'],
    ['id', 'count', [['a', 3], ['b', 2], ['c', 1]], 'number'],
  ] as const)('%s %s', async (feature, operation, expected, valueType) => {
    const key = series('kind');
    const value = series(feature, { operation });
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value, series('qty', { operation: 'sum' })) }));
    expect(pairs(result.data, key.id, value.id)).toEqual(expected);
    expect(result.series.find((s) => s.id === value.id)?.valueType).toBe(valueType);
  });

  it('lists of ids and texts are texts', async () => {
    const key = series('kind');
    const dates = series('id', { operation: 'list' });
    const notes = series('note', { operation: 'list' });
    const result = await run(chartVis({ independent: axis(key), dependent: axis(series('qty', { operation: 'sum' })), tooltip: { series: [dates, notes] } }));
    const b = (result.data as DataRow[]).find((r) => r[key.id] === 'b') as DataRow;
    expect([...(b[dates.id] as string[])].sort()).toEqual(['2', '4']);
    expect(b[notes.id]).toEqual(['World']);
  });
});

describe('date parts as keys (sum of qty; the NULL date last)', () => {
  it.each([
    ['year', [[2023, 4], [2024, 12], [null, 5]]],
    ['year-quarter', [['2023-Q4', 4], ['2024-Q1', 6], ['2024-Q2', 6], [null, 5]]],
    ['quarter', [[1, 6], [2, 6], [4, 4], [null, 5]]],
    ['year-month', [['2023-12', 4], ['2024-01', 1], ['2024-02', 2], ['2024-03', 3], ['2024-04', 6], [null, 5]]],
    ['month', [[1, 1], [2, 2], [3, 3], [4, 6], [12, 4], [null, 5]]],
    ['month-day', [['01-15', 1], ['02-20', 2], ['03-05', 3], ['04-10', 6], ['12-31', 4], [null, 5]]],
    ['day', [[5, 3], [10, 6], [15, 1], [20, 2], [31, 4], [null, 5]]],
    ['dow', [[0, 4], [1, 1], [2, 5], [3, 6], [null, 5]]],
    ['year-month-day', [['2023-12-31', 4], ['2024-01-15', 1], ['2024-02-20', 2], ['2024-03-05', 3], ['2024-04-10', 6], [null, 5]]],
    ['hour', [[0, 3], [8, 1], [10, 6], [13, 2], [23, 4], [null, 5]]],
    ['time-of-day', [['00:00', 3], ['08:30', 1], ['10:15', 6], ['13:45', 2], ['23:00', 4], [null, 5]]],
  ] as const)('%s', async (operation, expected) => {
    const key = series('day', { operation });
    const value = series('qty', { operation: 'sum' });
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value) }));
    expect(pairs(result.data, key.id, value.id)).toEqual(expected);
    expect(result.series.find((s) => s.id === key.id)?.valueType).toBe(operation);
  });

  it('refuses a part finer than the feature precision (bad-operation)', () => {
    const vis = chartVis({ independent: axis(series('dayOnly', { operation: 'hour' })), dependent: axis(series('qty', { operation: 'sum' })) });
    expect(() => compileUnitQuery({ type: 'chart', vis, filters: [] }, catalog)).toThrow(expect.objectContaining({ code: 'bad-operation' }));
  });
});

describe('bins', () => {
  // amounts 0, 10, 20, 30, 45 and NULL: min 0, max 45.
  it.each([
    [3, 15, [[0, 2], [15, 1], [30, 2], [null, 1]]],
    [undefined, 4.5, [[0, 1], [9, 1], [18, 1], [27, 1], [40.5, 1], [null, 1]]],
    [2, 22.5, [[0, 3], [22.5, 2], [null, 1]]],
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
    const only20 = { _id: 'x', type: 'value' as const, operation: 'equal' as const, value: 20, feature: { id: 'amount' } };
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value), filters: [only20] }));
    expect(pairs(result.data, key.id, value.id)).toEqual([[20, 1]]);
    expect(result.series.find((s) => s.id === key.id)?.binWidth).toBe(0);
  });

  it('bins raw rows too (scatter without aggregation)', async () => {
    const key = series('amount', { operation: 'bin', numberOfBins: 3 });
    const value = series('qty');
    const result = await run(chartVis({ chartType: 'scatter', independent: axis(key), dependent: axis(value) }));
    expect(pairs(result.data, key.id, value.id).filter(([k]) => k === 30).map(([, v]) => v).sort()).toEqual([3, 5]);
    expect((result.data as DataRow[]).length).toBe(6);
  });
});

describe('raw mode', () => {
  it('answers one row per source row, ordered by the independent series, NULLs last', async () => {
    const x = series('amount');
    const y = series('qty');
    const result = await run(chartVis({ chartType: 'scatter', independent: axis(x), dependent: axis(y) }));
    expect(pairs(result.data, x.id, y.id)).toEqual([[0, 6], [10, 1], [20, 2], [30, 3], [45, 5], [null, 4]]);
  });

  it('orders by vis.orderBy (DESC, NULLs still last) and reads dates as ISO text', async () => {
    const x = series('day');
    const y = series('amount');
    const orderBy: OrderByEntry[] = [{ id: 'o', value: 'amount', operation: '', type: 'DESC' }];
    const result = await run(chartVis({ chartType: 'line', independent: axis(x), dependent: axis(y), orderBy }));
    expect(pairs(result.data, x.id, y.id)).toEqual([
      [null, 45],
      ['2024-03-05T00:00:00', 30],
      ['2024-02-20T13:45:00', 20],
      ['2024-01-15T08:30:00', 10],
      ['2024-04-10T10:15:00', 0],
      ['2023-12-31T23:00:00', null],
    ]);
  });

  it('applies a series filter to that series only (CASE WHEN)', async () => {
    const x = series('id');
    const y = series('amount', {
      filters: [{ _id: 'g', type: 'value', operation: 'greater', value: 15, feature: { id: 'amount' } }],
    });
    const result = await run(chartVis({ chartType: 'scatter', independent: axis(series('qty')), dependent: axis(y), tooltip: { series: [x] } }));
    expect((result.data as DataRow[]).map((r) => r[y.id])).toEqual([null, 20, 30, null, 45, null]);
  });
});

describe('chart types', () => {
  it('pie: a group-by and a sum', async () => {
    const group = series('kind');
    const value = series('amount', { operation: 'sum' });
    const result = await run(chartVis({ chartType: 'pie', groupBy: axis(group), dependent: axis(value) }));
    expect(pairs(result.data, group.id, value.id)).toEqual([['a', 40], ['b', 20], ['c', 45]]);
    expect(result.series.map((s) => s.role)).toEqual(['dependent', 'groupBy']);
  });

  it('radar: categories and several values', async () => {
    const key = series('kind');
    const amount = series('amount', { operation: 'max' });
    const qty = series('qty', { operation: 'sum' });
    const result = await run(chartVis({ chartType: 'radar', independent: axis(key), dependent: axis(amount, qty) }));
    expect((result.data as DataRow[]).map((r) => [r[key.id], r[amount.id], r[qty.id]])).toEqual([
      ['a', 30, 10],
      ['b', 20, 6],
      ['c', 45, 5],
    ]);
  });

  it('boxplot: [min, q1, median, q3, max] per key (interpolated)', async () => {
    const key = series('kind');
    const value = series('amount');
    const result = await run(chartVis({ chartType: 'boxplot', independent: axis(key), dependent: axis(value) }));
    expect(pairs(result.data, key.id, value.id)).toEqual([
      ['a', [0, 5, 10, 20, 30]],
      ['b', [20, 20, 20, 20, 20]],
      ['c', [45, 45, 45, 45, 45]],
    ]);
    expect(result.series.find((s) => s.id === value.id)?.valueType).toBe('boxplot');
  });

  it('group-by and independent together: every pair of keys', async () => {
    const x = series('day', { operation: 'year' });
    const g = series('kind');
    const y = series('qty', { operation: 'sum' });
    const result = await run(chartVis({ chartType: 'bar', independent: axis(x), groupBy: axis(g), dependent: axis(y) }));
    expect((result.data as DataRow[]).map((r) => [r[x.id], r[g.id], r[y.id]])).toEqual([
      [2023, 'b', 4],
      [2024, 'a', 10],
      [2024, 'b', 2],
      [null, 'c', 5],
    ]);
  });
});

describe('series filters in aggregated mode', () => {
  it('restrict only their series (FILTER WHERE)', async () => {
    const key = series('kind');
    const all = series('id', { operation: 'count' });
    const worldly = series('id', {
      operation: 'count',
      filters: [{ _id: 'w', type: 'text', operation: 'contains', value: 'WORLD', feature: { id: 'note' } }],
    });
    const result = await run(chartVis({ independent: axis(key), dependent: axis(all, worldly) }));
    expect((result.data as DataRow[]).map((r) => [r[key.id], r[all.id], r[worldly.id]])).toEqual([
      ['a', 3, 1],
      ['b', 2, 1],
      ['c', 1, 0],
    ]);
  });
});

describe('order by', () => {
  it('a mapped feature uses its series (copied operation), DESC', async () => {
    const key = series('kind');
    const value = series('amount', { operation: 'sum' });
    const orderBy: OrderByEntry[] = [{ id: 'o', value: 'amount', operation: 'sum', type: 'DESC' }];
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value), orderBy }));
    expect(pairs(result.data, key.id, value.id)).toEqual([['c', 45], ['a', 40], ['b', 20]]);
  });

  it('an unmapped feature orders by its aggregate', async () => {
    const key = series('kind');
    const value = series('id', { operation: 'count' });
    // qty sums: a 10, b 6, c 5.
    const orderBy: OrderByEntry[] = [{ id: 'o', value: 'qty', operation: 'sum', type: 'ASC' }];
    const result = await run(chartVis({ independent: axis(key), dependent: axis(value), orderBy }));
    expect((result.data as DataRow[]).map((r) => r[key.id])).toEqual(['c', 'b', 'a']);
    expect(Object.keys((result.data as DataRow[])[0]).sort()).toEqual([key.id, value.id].sort());
  });

  it('an unmapped feature without aggregation in aggregated mode is bad-operation', () => {
    const vis = chartVis({
      independent: axis(series('kind')),
      dependent: axis(series('id', { operation: 'count' })),
      orderBy: [{ id: 'o', value: 'qty', operation: '', type: 'ASC' }],
    });
    expect(() => compileUnitQuery({ type: 'chart', vis, filters: [] }, catalog)).toThrow(expect.objectContaining({ code: 'bad-operation' }));
  });
});

describe('several sources', () => {
  it('joins two datasets on their keys (FULL OUTER)', async () => {
    const k1 = series('kind');
    const v1 = series('amount', { operation: 'sum' });
    const k2 = series('tkind');
    const v2 = series('target', { operation: 'sum' });
    const vis = chartVis({ independent: [{ series: [k1, k2] }], dependent: axis(v1, v2) });
    const result = await run(vis);
    expect((result.data as DataRow[]).map((r) => [r[k1.id], r[k2.id], r[v1.id], r[v2.id]])).toEqual([
      ['a', 'a', 40, 100],
      ['b', 'b', 20, 200],
      ['c', 'c', 45, null],
      ['d', 'd', null, 400],
    ]);
  });

  it('reads each series from its job; the request job overrides them', async () => {
    const latest = series('hamount', { operation: 'sum' });
    const first = series('hamount', { operation: 'sum', jobId: 'h1' });
    const vis = chartVis({ dependent: axis(latest, first) });
    const result = await run(vis);
    expect(result.data).toEqual([{ [latest.id]: 13, [first.id]: 3 }]);
    const forced = await run(vis, { jobId: 'h2' });
    expect(forced.data).toEqual([{ [latest.id]: 10, [first.id]: 10 }]);
  });

  it('refuses a source without matching keys, and raw rows from two sources', () => {
    const keyed = chartVis({ independent: axis(series('kind')), dependent: axis(series('amount', { operation: 'sum' }), series('target', { operation: 'sum' })) });
    expect(() => compileUnitQuery({ type: 'chart', vis: keyed, filters: [] }, catalog)).toThrow(expect.objectContaining({ code: 'bad-operation' }));
    const raw = chartVis({ chartType: 'scatter', independent: axis(series('amount')), dependent: axis(series('target')) });
    expect(() => compileUnitQuery({ type: 'chart', vis: raw, filters: [] }, catalog)).toThrow(expect.objectContaining({ code: 'bad-operation' }));
  });
});
