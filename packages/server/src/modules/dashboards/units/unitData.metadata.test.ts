import type { UnitData } from '@tessera/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projects } from '../../../platform/tenancy.tables.ts';
import { appendCsv, importCsv } from '../../datasets/datasets.fixtures.ts';
import { datasetJobs, datasets, features } from '../../datasets/index.ts';
import { dashboards } from '../dashboards.tables.ts';
import { type CardsWorld, call, cardsWorld, featureId, ref, savedCard } from './unitData.fixtures.ts';
import { ProjectMetadataCache } from './unitData.metadata.ts';

/**
 * Card metadata kept between requests (unitData.metadata.ts): valid while the project's data_version stands,
 * which the triggers of migration 0006 bump on every change to a dataset, feature or dataset job, whatever
 * code path makes it. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
let w: CardsWorld;
beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w?.t.close());

const db = () => w.t.database.db;
async function version(projectId = w.projectId): Promise<number> {
  const [row] = await db().select({ v: projects.dataVersion }).from(projects).where(eq(projects.id, projectId));
  return row.v;
}
/** Whether `change` bumps the data version of each project (in order) by at least one. */
async function bumps(change: () => Promise<unknown>, projectIds = [w.projectId]): Promise<boolean[]> {
  const before = await Promise.all(projectIds.map((id) => version(id)));
  await change();
  const after = await Promise.all(projectIds.map((id) => version(id)));
  return after.map((v, i) => v > before[i]);
}

const dataOf = (unitId: string, query = '') => call(w, w.viewer)('POST', `/api/v1/units/${unitId}/data${query}`);

describe("a project's data version", () => {
  it('is bumped by every change to its datasets, their features and their jobs, and by nothing else', async () => {
    const dataset = await importCsv(w, 'versioned', 'k,v\na,1\nb,2');
    const fid = featureId(dataset, 'v');
    expect(
      await bumps(() => db().update(datasets).set({ name: 'renamed' }).where(eq(datasets.id, dataset._id))),
    ).toEqual([true]);
    expect(await bumps(() => db().update(features).set({ type: 'text' }).where(eq(features.id, fid)))).toEqual([true]);
    expect(
      await bumps(() => db().update(datasetJobs).set({ rowCount: 3 }).where(eq(datasetJobs.datasetId, dataset._id))),
    ).toEqual([true]);
    // Moving a dataset bumps both projects.
    const moved = () =>
      db().update(datasets).set({ projectId: w.outsiderProjectId }).where(eq(datasets.id, dataset._id));
    expect(await bumps(moved, [w.projectId, w.outsiderProjectId])).toEqual([true, true]);
    const back = () => db().update(datasets).set({ projectId: w.projectId }).where(eq(datasets.id, dataset._id));
    expect(await bumps(back, [w.projectId, w.outsiderProjectId])).toEqual([true, true]);
    expect(await bumps(() => db().delete(features).where(eq(features.id, fid)))).toEqual([true]);
    expect(await bumps(() => db().delete(datasetJobs).where(eq(datasetJobs.datasetId, dataset._id)))).toEqual([true]);
    expect(await bumps(() => db().delete(datasets).where(eq(datasets.id, dataset._id)))).toEqual([true]);
    // A dashboard change is not a data change; another project's change leaves this one alone.
    const renameDashboard = () =>
      db().update(dashboards).set({ name: 'Sales' }).where(eq(dashboards.id, w.dashboard._id));
    expect(await bumps(renameDashboard)).toEqual([false]);
    expect(
      await bumps(() => importCsv({ ...w, projectId: w.outsiderProjectId, editor: w.outsider }, 'x', 'a\n1')),
    ).toEqual([false]);
  });
});

describe('card metadata kept between requests', () => {
  it('is read once per data version', async () => {
    const cache = new ProjectMetadataCache(db(), w.t.app.ctx.storage);
    const v = await version();
    const reader = cache.of(w.projectId, v);
    expect(cache.of(w.projectId, v)).toBe(reader);
    const select = vi.spyOn(db(), 'select');
    try {
      const ids = [featureId(w.sales, 'region'), featureId(w.sales, 'amount')];
      expect((await reader.features(ids)).map((f) => f.name)).toEqual(['region', 'amount']);
      const [dataset] = (await reader.datasets([w.sales._id])).values();
      const catalog = await reader.catalog(dataset, 'latest');
      expect(catalog?.features.map((f) => f.row.name)).toContain('amount');
      const reads = select.mock.calls.length;
      expect(reads).toBeGreaterThan(0);
      expect((await reader.features(ids)).map((f) => f.name)).toEqual(['region', 'amount']);
      expect(await reader.datasets([w.sales._id])).toEqual(new Map([[w.sales._id, dataset]]));
      expect(await reader.catalog(dataset, 'latest')).toBe(catalog);
      expect(select.mock.calls.length).toBe(reads);
    } finally {
      select.mockRestore();
    }
    // A newer version reads afresh; a request holding an older one reads on its own and leaves the newer kept.
    const newer = cache.of(w.projectId, v + 1);
    expect(newer).not.toBe(reader);
    expect(cache.of(w.projectId, v)).not.toBe(newer);
    expect(cache.of(w.projectId, v + 1)).toBe(newer);
  });

  it('never finds another project’s features or datasets, even once kept', async () => {
    const cache = new ProjectMetadataCache(db(), w.t.app.ctx.storage);
    const mine = cache.of(w.projectId, await version());
    const theirs = [featureId(w.foreign, 'amount')];
    expect(await mine.features([featureId(w.sales, 'amount'), ...theirs])).toHaveLength(1);
    expect(await mine.features(theirs)).toEqual([]);
    expect((await mine.datasets([w.foreign._id])).size).toBe(0);
  });

  it('a card sees every change at once: an append, its deletion, a rename made in SQL, the dataset deleted', async () => {
    const dataset = await importCsv(w, 'live', 'name,score\na,1\nb,2\nc,3');
    const unit = await savedCard(w, 'kpi', { kpi: [{ id: 'k', feature: ref(dataset, 'score'), operation: 'sum' }] });
    expect(((await dataOf(unit._id)).body as UnitData).data).toEqual({ k: 6 });
    expect(((await dataOf(unit._id)).body as UnitData).data).toEqual({ k: 6 });
    const appended = await appendCsv(w, dataset._id, 'name,score\nd,10');
    expect(((await dataOf(unit._id)).body as UnitData).data).toEqual({ k: 16 });
    const removed = await call(w, w.editor)('DELETE', `/api/v1/datasets/${dataset._id}/deleteData/${appended._id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(((await dataOf(unit._id)).body as UnitData).data).toEqual({ k: 6 });
    // A change made outside the API (another node, a migration, an operator) is seen as well.
    await db().execute(sql`update features set name = 'points' where id = ${featureId(dataset, 'score')}`);
    expect(((await dataOf(unit._id)).body as UnitData).features.map((f) => f.name)).toEqual(['points']);
    const deleted = await call(w, w.editor)('DELETE', `/api/v1/datasets/${dataset._id}`);
    expect(deleted.status).toBe(200);
    expect((await dataOf(unit._id)).body).toMatchObject({ error: { code: 'feature-deleted' } });
  });
});
