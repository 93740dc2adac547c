import type { Series } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestEngine } from '../testing.ts';
import { compileUnitQuery, runUnitQuery } from './index.ts';
import { filter, series, writeFixture } from './testing.ts';
import type { UnitCatalog } from './types.ts';

// Expected answers worked out by hand from the fixture table in testing.ts.
const engine = useTestEngine();
let catalog: UnitCatalog;
beforeAll(async () => {
  catalog = (await writeFixture(engine.dataDir)).catalog;
}, 30_000);

async function kpi(items: Series[], jobId?: string) {
  const compiled = compileUnitQuery(
    { type: 'kpi', vis: { kpi: items, filters: [] }, filters: [], ...(jobId ? { jobId } : {}) },
    catalog,
  );
  return runUnitQuery(compiled);
}

describe('KPI', () => {
  it.each([
    ['amount', '', 105, 'number'],
    ['amount', 'sum', 105, 'number'],
    ['amount', 'avg', 21, 'number'],
    ['amount', 'med', 20, 'number'],
    ['amount', 'max', 45, 'number'],
    ['amount', 'min', 0, 'number'],
    ['amount', 'count', 5, 'number'],
    ['amount', 'distinctCount', 5, 'number'],
    ['qty', '', 21, 'number'],
    ['day', 'min', '2023-12-31T23:00:00', 'date'],
    ['day', 'max', '2024-04-10T10:15:00', 'date'],
    ['day', 'count', 5, 'number'],
    ['kind', 'count', 6, 'number'],
    ['kind', 'distinctCount', 3, 'number'],
    ['at', 'count', 5, 'number'],
    ['note', 'distinctCount', 5, 'number'],
  ] as const)('%s %s', async (feature, operation, expected, valueType) => {
    const s = series(feature, { operation });
    const result = await kpi([s]);
    expect(result.data).toEqual({ [s.id]: expected });
    expect(result.series).toEqual([
      { id: s.id, role: 'kpi', axis: 0, featureId: feature, operation, valueType, label: feature },
    ]);
  });

  it('answers a list', async () => {
    const s = series('kind', { operation: 'list' });
    const result = await kpi([s]);
    expect([...((result.data as Record<string, string[]>)[s.id] ?? [])].sort()).toEqual(['a', 'a', 'a', 'b', 'b', 'c']);
  });

  it('applies each series its own filters, and reads several sources in one row', async () => {
    const all = series('amount', { operation: 'sum', label: 'All' });
    const a = series('amount', { operation: 'sum', filters: [filter('kind', 'category', 'equal', ['a'])] });
    const targets = series('target', { operation: 'max' });
    const h1 = series('hamount', { operation: 'sum', jobId: 'h1' });
    const result = await kpi([all, a, targets, h1]);
    expect(result.data).toEqual({ [all.id]: 105, [a.id]: 40, [targets.id]: 400, [h1.id]: 3 });
    expect(result.series[0].label).toBe('All');
  });

  it('reads the request job instead of each series choice', async () => {
    const s = series('hamount', { operation: 'sum', jobId: 'h1' });
    expect((await kpi([s], 'h2')).data).toEqual({ [s.id]: 10 });
  });

  it('answers NULL over no row', async () => {
    const s = series('amount', { operation: 'sum', filters: [filter('amount', 'value', 'greater', 1000)] });
    const c = series('amount', { operation: 'count', filters: [filter('amount', 'value', 'greater', 1000)] });
    expect((await kpi([s, c])).data).toEqual({ [s.id]: null, [c.id]: 0 });
  });

  it.each([
    ['kind', '', 'not-numeric'],
    ['day', '', 'not-numeric'],
    ['kind', 'sum', 'bad-operation'],
    ['amount', 'bin', 'bad-operation'],
    ['day', 'year', 'bad-operation'],
    ['amountText', 'avg', 'bad-operation'],
    ['gone', 'sum', 'feature-deleted'],
  ])('%s %s: %s', (feature, operation, code) => {
    expect(() =>
      compileUnitQuery(
        { type: 'kpi', vis: { kpi: [series(feature, { operation: operation as never })], filters: [] }, filters: [] },
        catalog,
      ),
    ).toThrow(expect.objectContaining({ code }));
  });

  it('a missing source is feature-deleted', () => {
    const s = series('hamount', { operation: 'sum', jobId: 'nojob' });
    expect(() => compileUnitQuery({ type: 'kpi', vis: { kpi: [s], filters: [] }, filters: [] }, catalog)).toThrow(
      expect.objectContaining({ code: 'feature-deleted' }),
    );
  });

  it('no KPI series: an empty answer without a query', async () => {
    const compiled = compileUnitQuery({ type: 'kpi', vis: { kpi: [], filters: [] }, filters: [] }, catalog);
    expect(compiled.sql).toBe('');
    expect(await runUnitQuery(compiled)).toEqual({ data: {}, series: [] });
  });
});
