import type { DashboardFilter, KpiVis } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestEngine } from '../testing.ts';
import { compileUnitQuery, runUnitQuery } from './index.ts';
import { axis, chartVis, filter, series, writeFixture } from './testing.ts';
import type { UnitCatalog } from './types.ts';

// Counts of ids (rows) worked out by hand from the fixture table in testing.ts.
const engine = useTestEngine();
let catalog: UnitCatalog;
beforeAll(async () => {
  catalog = (await writeFixture(engine.dataDir)).catalog;
}, 30_000);

const countSeries = () => series('id', { operation: 'count' });

async function countWith(where: 'card' | 'dashboard', filters: DashboardFilter[]): Promise<number> {
  const kpi = countSeries();
  const vis: KpiVis = { kpi: [kpi], filters: where === 'card' ? filters : [] };
  const compiled = compileUnitQuery({ type: 'kpi', vis, filters: where === 'dashboard' ? filters : [] }, catalog);
  const result = await runUnitQuery(compiled);
  return (result.data as Record<string, number>)[kpi.id];
}

const CASES: Array<[string, DashboardFilter, number]> = [
  ['value greater', filter('amount', 'value', 'greater', 15), 3],
  ['value less', filter('amount', 'value', 'less', { value: 15 }), 2],
  ['value equal', filter('amount', 'value', 'equal', 20), 1],
  ['value not-equal keeps empty cells', filter('amount', 'value', 'not-equal', 20), 5],
  ['value greater-equal', filter('amount', 'value', 'greater-equal', 20), 3],
  ['value less-equal', filter('amount', 'value', 'less-equal', 10), 2],
  ['range between', filter('amount', 'range', 'between', { from: 10, to: 30 }), 3],
  ['a whole number beyond int64', filter('amount', 'value', 'less', 1e308), 5],
  ['date last in years', filter('day', 'date', 'last', { duration: 100, unit: 'year' }), 5],
  ['number empty', filter('amount', 'value', 'empty'), 1],
  ['number not-empty', filter('amount', 'value', 'not-empty'), 5],
  ['date between (to covers its day)', filter('day', 'date', 'between', { from: '2024-01-01', to: '2024-02-20' }), 2],
  ['date before', filter('day', 'date', 'before', { to: '2024-01-15' }), 2],
  ['date after', filter('day', 'date', 'after', { from: '2024-03-05' }), 2],
  ['date on', filter('day', 'date', 'on', { on: '2024-02-20' }, 'date'), 1],
  [
    'date on days of week',
    filter('day', 'date', 'on', { selectedDateItems: { part: 'dow', values: [2] } }, 'dayOfWeek'),
    2,
  ],
  [
    'date on months',
    filter('day', 'date', 'on', { selectedDateItems: { part: 'month', values: [12, 4] } }, 'month'),
    2,
  ],
  ['date last (long)', filter('day', 'date', 'last', { duration: 100000, unit: 'day' }), 5],
  ['date last (short)', filter('day', 'date', 'last', { duration: 1, unit: 'day' }), 0],
  ['date empty', filter('day', 'date', 'empty'), 1],
  ['category equal', filter('kind', 'category', 'equal', ['a']), 3],
  ['category equal several', filter('kind', 'category', 'equal', ['a', 'c']), 4],
  ['category not-equal', filter('kind', 'category', 'not-equal', ['a']), 3],
  ['category contains (any case)', filter('kind', 'category', 'contains', 'A'), 3],
  ['category begins-with', filter('kind', 'category', 'begins-with', 'b'), 2],
  ['category ends-with', filter('kind', 'category', 'ends-with', 'c'), 1],
  ['text contains', filter('note', 'text', 'contains', 'world'), 2],
  ['text equal', filter('note', 'text', 'equal', 'Hello'), 1],
  ['text begins-with with a quote', filter('note', 'text', 'begins-with', "it'"), 1],
  ['text ends-with SQL comment', filter('note', 'text', 'ends-with', '; --'), 1],
  ['text empty', filter('note', 'text', 'empty'), 1],
  ['text not-empty', filter('note', 'text', 'not-empty'), 5],
  ['time before', filter('at', 'time', 'before', { value: '08:30' }), 1],
  ['time after', filter('at', 'time', 'after', { value: '18:45:00' }), 1],
  ['time equal', filter('at', 'time', 'equal', { value: '12:00' }), 1],
  ['time between', filter('at', 'time', 'between', { from: '08:00', to: '19:00' }), 3],
  // Incomplete filters are skipped: the count is every row.
  ['incomplete value', filter('amount', 'value', 'greater', null), 6],
  ['incomplete range', filter('amount', 'range', 'between', { from: 10 }), 6],
  ['inverted range', filter('amount', 'range', 'between', { from: 30, to: 10 }), 6],
  ['invalid date', filter('day', 'date', 'before', { to: '2024-02-31' }), 6],
  ['no category', filter('kind', 'category', 'equal', []), 6],
  ['blank text', filter('note', 'text', 'contains', '  '), 6],
  ['bad time', filter('at', 'time', 'before', { value: '25:00' }), 6],
];

describe.each(['card', 'dashboard'] as const)('%s filters', (where) => {
  it.each(CASES)('%s', async (_name, f, expected) => {
    expect(await countWith(where, [f])).toBe(expected);
  });

  it('combines filters with AND', async () => {
    expect(
      await countWith(where, [filter('kind', 'category', 'equal', ['a']), filter('amount', 'value', 'greater', 5)]),
    ).toBe(2);
  });

  it('refuses a duration beyond 100,000 units (bad-filter)', async () => {
    await expect(
      countWith(where, [filter('day', 'date', 'last', { duration: 100_001, unit: 'minute' })]),
    ).rejects.toMatchObject({
      code: 'bad-filter',
    });
  });

  it('refuses a filter whose type no longer fits its feature (bad-filter)', async () => {
    await expect(countWith(where, [filter('amountText', 'value', 'greater', 5)])).rejects.toMatchObject({
      code: 'bad-filter',
    });
  });
});

describe('which sources a filter applies to', () => {
  it('a dashboard filter on another dataset or a missing feature is ignored', async () => {
    expect(
      await countWith('dashboard', [
        filter('tkind', 'category', 'equal', ['a']),
        filter('gone', 'value', 'greater', 1),
      ]),
    ).toBe(6);
  });

  it('a card filter on a missing feature is feature-deleted', async () => {
    await expect(countWith('card', [filter('gone', 'value', 'greater', 1)])).rejects.toMatchObject({
      code: 'feature-deleted',
    });
  });

  it('dashboard and card filters restrict only the series of their dataset', async () => {
    const k1 = series('kind');
    const v1 = series('amount', { operation: 'sum' });
    const k2 = series('tkind');
    const v2 = series('target', { operation: 'sum' });
    const vis = chartVis({
      independent: [{ series: [k1, k2] }],
      dependent: axis(v1, v2),
      filters: [filter('target', 'value', 'greater', 150)],
    });
    const compiled = compileUnitQuery(
      { type: 'chart', vis, filters: [filter('amount', 'value', 'greater', 25)] },
      catalog,
    );
    const rows = (await runUnitQuery(compiled)).data as Record<string, unknown>[];
    expect(rows.map((r) => [r[k1.id], r[v1.id], r[v2.id]])).toEqual([
      ['a', 30, null],
      ['b', null, 200],
      ['c', 45, null],
      ['d', null, 400],
    ]);
  });

  it('a series filter on another dataset than its series is bad-filter', () => {
    const kpi = series('amount', { operation: 'sum', filters: [filter('target', 'value', 'greater', 1)] });
    expect(() => compileUnitQuery({ type: 'kpi', vis: { kpi: [kpi], filters: [] }, filters: [] }, catalog)).toThrow(
      expect.objectContaining({ code: 'bad-filter' }),
    );
  });
});
