import type { OrderByEntry, TableVis } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestEngine } from '../testing.ts';
import { compileUnitQuery, runUnitQuery } from './index.ts';
import { filter, writeFixture } from './testing.ts';
import type { UnitCatalog, UnitQueryInput } from './types.ts';

// Expected answers worked out by hand from the fixture table in testing.ts.
const engine = useTestEngine();
let catalog: UnitCatalog;
beforeAll(async () => {
  catalog = (await writeFixture(engine.dataDir)).catalog;
}, 30_000);

const columns = (...features: string[]) => features.map((f, i) => ({ id: `col${i}`, feature: { _id: f } }));
const sortBy = (value: string, type: 'ASC' | 'DESC'): OrderByEntry[] => [{ id: 'o', value, type }];

async function table(vis: Partial<TableVis> & { orderBy?: OrderByEntry[] }, options: Partial<UnitQueryInput> = {}) {
  const input = { type: 'table', vis: { table: [], filters: [], ...vis }, filters: [], ...options } as UnitQueryInput;
  return runUnitQuery(compileUnitQuery(input, catalog));
}

describe('table', () => {
  it('answers rows keyed by column id, each read as its type, with the total', async () => {
    const result = await table({ table: columns('id', 'day', 'amount', 'at') }, { orderBy: sortBy('id', 'ASC') });
    expect(result.total).toBe(6);
    expect((result.data as unknown[])[0]).toEqual({ col0: 1, col1: '2024-01-15T08:30:00', col2: 10, col3: '08:30:00' });
    expect(result.series.map((s) => [s.id, s.role, s.valueType])).toEqual([
      ['col0', 'table', 'id'],
      ['col1', 'table', 'date'],
      ['col2', 'table', 'number'],
      ['col3', 'table', 'time'],
    ]);
  });

  it('sorts by a feature that is not a column, pages, NULLs last', async () => {
    // amounts DESC: 45 (id 5), 30 (3), 20 (2), 10 (1), 0 (6), NULL (4).
    const ids = async (page: number) =>
      (
        (await table({ table: columns('id') }, { orderBy: sortBy('amount', 'DESC'), page, limit: 2 })).data as {
          col0: number;
        }[]
      ).map((r) => r.col0);
    expect(await ids(1)).toEqual([5, 3]);
    expect(await ids(2)).toEqual([2, 1]);
    expect(await ids(3)).toEqual([6, 4]);
    const beyond = await table({ table: columns('id') }, { orderBy: sortBy('amount', 'DESC'), page: 9, limit: 2 });
    expect(beyond).toMatchObject({ data: [], total: 6 });
  });

  it('uses vis.orderBy without a request sort, and the request sort over it', async () => {
    const vis = { table: columns('id', 'qty'), orderBy: sortBy('qty', 'DESC') };
    const byVis = await table(vis);
    expect((byVis.data as { col0: number }[]).map((r) => r.col0)).toEqual([6, 5, 4, 3, 2, 1]);
    const byRequest = await table(vis, { orderBy: sortBy('day', 'ASC') });
    expect((byRequest.data as { col0: number }[]).map((r) => r.col0)).toEqual([4, 1, 2, 3, 6, 5]);
  });

  it('filters (card and dashboard) count in the total', async () => {
    const result = await table(
      { table: columns('id'), filters: [filter('kind', 'category', 'equal', ['a'])] },
      { filters: [filter('amount', 'value', 'greater', 5)], orderBy: sortBy('id', 'ASC') },
    );
    expect(result).toMatchObject({ data: [{ col0: 1 }, { col0: 3 }], total: 2 });
  });

  it('defaults to pages of 100 rows; allRows answers every row', async () => {
    const compiled = compileUnitQuery(
      { type: 'table', vis: { table: columns('id'), filters: [] }, filters: [] },
      catalog,
    );
    expect(compiled.params.slice(-2)).toEqual([100, 0]);
    const all = await table({ table: columns('id') }, { allRows: true });
    expect((all.data as unknown[]).length).toBe(6);
  });

  it('reads the first column job, or the request job', async () => {
    const h1 = await table({ table: [{ id: 'x', feature: { _id: 'hamount' }, jobId: 'h1' }] });
    expect(h1.total).toBe(2);
    const latest = await table({ table: [{ id: 'x', feature: { _id: 'hamount' } }] });
    expect(latest.total).toBe(3);
    const forced = await table({ table: [{ id: 'x', feature: { _id: 'hamount' }, jobId: 'h1' }] }, { jobId: 'h2' });
    expect(forced).toMatchObject({ data: [{ x: 10 }], total: 1 });
  });

  it.each([
    ['two datasets', columns('id', 'target'), 'bad-operation'],
    ['a feature twice', columns('id', 'id'), 'bad-operation'],
    ['a deleted feature', columns('id', 'gone'), 'feature-deleted'],
  ])('refuses %s', (_name, table, code) => {
    expect(() => compileUnitQuery({ type: 'table', vis: { table, filters: [] }, filters: [] }, catalog)).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it('refuses a bad page or limit', () => {
    const vis = { table: columns('id'), filters: [] };
    for (const bad of [{ page: 0 }, { page: 1.5 }, { limit: 0 }, { limit: 100_000 }]) {
      expect(() => compileUnitQuery({ type: 'table', vis, filters: [], ...bad }, catalog)).toThrow(
        expect.objectContaining({ code: 'bad-page' }),
      );
    }
  });
});
