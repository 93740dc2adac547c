import type { DataRow, OrderByEntry } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { compileUnitQuery } from './index.ts';
import { axis, chartVis, pairs, series, useChartFixture } from './testing.ts';

// Expected answers are worked out by hand from the fixture table in testing.ts.
const fixture = useChartFixture();
const { run } = fixture;

describe('raw mode', () => {
  it('answers one row per source row, ordered by the independent series, NULLs last', async () => {
    const x = series('amount');
    const y = series('qty');
    const result = await run(chartVis({ chartType: 'scatter', independent: axis(x), dependent: axis(y) }));
    expect(pairs(result.data, x.id, y.id)).toEqual([
      [0, 6],
      [10, 1],
      [20, 2],
      [30, 3],
      [45, 5],
      [null, 4],
    ]);
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
    const result = await run(
      chartVis({
        chartType: 'scatter',
        independent: axis(series('qty')),
        dependent: axis(y),
        tooltip: { series: [x] },
      }),
    );
    expect((result.data as DataRow[]).map((r) => r[y.id])).toEqual([null, 20, 30, null, 45, null]);
  });
});

describe('chart types', () => {
  it('pie: a group-by and a sum', async () => {
    const group = series('kind');
    const value = series('amount', { operation: 'sum' });
    const result = await run(chartVis({ chartType: 'pie', groupBy: axis(group), dependent: axis(value) }));
    expect(pairs(result.data, group.id, value.id)).toEqual([
      ['a', 40],
      ['b', 20],
      ['c', 45],
    ]);
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
    const result = await run(
      chartVis({ chartType: 'bar', independent: axis(x), groupBy: axis(g), dependent: axis(y) }),
    );
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
    expect(pairs(result.data, key.id, value.id)).toEqual([
      ['c', 45],
      ['a', 40],
      ['b', 20],
    ]);
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

  it('rows the asked order ties come by their keys, so that every page is the same each time', async () => {
    const key = series('kind');
    const value = series('qty', { operation: 'sum' });
    // amount counts: a 3, b 1 (one NULL), c 1: b and c tie, and come in their keys' order.
    const orderBy: OrderByEntry[] = [{ id: 'o', value: 'amount', operation: 'count', type: 'DESC' }];
    const vis = chartVis({ independent: axis(key), dependent: axis(value), orderBy });
    const result = await run(vis);
    expect((result.data as DataRow[]).map((r) => r[key.id])).toEqual(['a', 'b', 'c']);
    const { sql } = compileUnitQuery({ type: 'chart', vis, filters: [] }, fixture.catalog);
    expect(sql).toMatch(/ORDER BY _body\._o0 DESC NULLS LAST, _body\._k0 ASC NULLS LAST/);
  });

  it('an unmapped feature without aggregation in aggregated mode is bad-operation', () => {
    const vis = chartVis({
      independent: axis(series('kind')),
      dependent: axis(series('id', { operation: 'count' })),
      orderBy: [{ id: 'o', value: 'qty', operation: '', type: 'ASC' }],
    });
    expect(() => compileUnitQuery({ type: 'chart', vis, filters: [] }, fixture.catalog)).toThrow(
      expect.objectContaining({ code: 'bad-operation' }),
    );
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

  it('joins two jobs of one dataset on a date part (grouped, then formatted)', async () => {
    const k1 = series('day', { operation: 'year-month' });
    const k2 = series('day', { operation: 'year-month', jobId: 'j1' });
    const v1 = series('qty', { operation: 'sum' });
    const v2 = series('amount', { operation: 'max', jobId: 'j1' });
    const result = await run(chartVis({ independent: [{ series: [k1, k2] }], dependent: axis(v1, v2) }));
    expect((result.data as DataRow[]).map((r) => [r[k1.id], r[k2.id], r[v1.id], r[v2.id]])).toEqual([
      ['2023-12', '2023-12', 4, null],
      ['2024-01', '2024-01', 1, 10],
      ['2024-02', '2024-02', 2, 20],
      ['2024-03', '2024-03', 3, 30],
      ['2024-04', '2024-04', 6, 0],
      [null, null, 5, 45],
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
    const keyed = chartVis({
      independent: axis(series('kind')),
      dependent: axis(series('amount', { operation: 'sum' }), series('target', { operation: 'sum' })),
    });
    expect(() => compileUnitQuery({ type: 'chart', vis: keyed, filters: [] }, fixture.catalog)).toThrow(
      expect.objectContaining({ code: 'bad-operation' }),
    );
    const raw = chartVis({
      chartType: 'scatter',
      independent: axis(series('amount')),
      dependent: axis(series('target')),
    });
    expect(() => compileUnitQuery({ type: 'chart', vis: raw, filters: [] }, fixture.catalog)).toThrow(
      expect.objectContaining({ code: 'bad-operation' }),
    );
  });
});
