import { existsSync } from 'node:fs';
import { readdir, rename } from 'node:fs/promises';
import { clusteredSegmentPath, datasetDir, segmentPath, withConnection } from '@tessera/analytics';
import type { DatasetDetail, UnitData } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildNode } from '../../test/harness.ts';
import { addUnit, createDashboard, caller as dashboardCaller } from '../dashboards/dashboards.fixtures.ts';
import { datasetCatalog } from './catalog.ts';
import {
  appendCsv,
  caller,
  type DatasetsWorld,
  datasetsWorld,
  eventually,
  importCsv,
  rowsByName,
  SALES,
} from './datasets.fixtures.ts';
import { findDataset, findDatasetJob } from './datasets.store.ts';
import { datasetJobs } from './datasets.tables.ts';
import { listFeatures } from './features/features.store.ts';
import { clusteredKey, datasetPrefix, deleteClusteredFiles } from './files.ts';

/**
 * Clustered copies of segments (cluster.job.ts) through the API, with CLUSTER_MIN_ROWS lowered to 20: which
 * imports get one, that cards answer the same on it, that the rest keeps the file order, and that the copies
 * go with their rows.
 */
let w: DatasetsWorld;
let tabId: string;
beforeAll(async () => {
  w = await datasetsWorld({ CLUSTER_MIN_ROWS: '20', JOBS_POLLING_SECONDS: '0.5' });
  tabId = (await createDashboard(w.t, w.editor, w.projectId)).tabs[0];
});
afterAll(() => w?.t.close());

const CATEGORIES = ['books', 'games', 'toys', 'food'];
/** `count` sales from id `first` on: dates over 2023-2025 in scrambled order, whole amounts. */
function salesCsv(first: number, count: number, header = true): string {
  const lines = Array.from({ length: count }, (_, k) => {
    const i = first + k;
    const day = new Date(Date.UTC(2023, 0, 1) + ((i * 389) % 1095) * 86_400_000).toISOString().slice(0, 10);
    return `${i},${CATEGORIES[(i * 7) % 4]},${day} 10:00:00,${(i * 13) % 50}`;
  });
  return [...(header ? ['id,category,sold_at,amount'] : []), ...lines].join('\n');
}

const db = () => w.t.app.ctx.db;
const jobsOf = async (datasetId: string) =>
  (await caller(w, w.editor)('GET', `/api/v1/datasets/${datasetId}/jobs`)).json().jobs as Array<{ _id: string }>;

async function waitForCopy(datasetId: string, jobId: string): Promise<void> {
  await eventually(async () => Boolean((await findDatasetJob(db(), jobId))?.clusteredAt), 'the clustered copy');
  expect(existsSync(clusteredSegmentPath(w.t.app.ctx.storage.root, datasetId, jobId))).toBe(true);
  expect(await w.t.app.ctx.storage.exists(clusteredKey(datasetId, jobId))).toBe(true);
}

/** The db name of a feature. */
async function dbName(datasetId: string, name: string): Promise<string> {
  const feature = (await listFeatures(db(), datasetId)).find((f) => f.name === name);
  if (!feature) throw new Error(`no feature ${name}`);
  return feature.dbName;
}

describe('clustered copies of segments', () => {
  let sales: DatasetDetail;
  let uploadId: string;
  let appendId: string;
  const ref = (name: string) => ({
    _id: sales.features.find((f) => f.name === name)!._id,
    dataset: { _id: sales._id },
  });

  beforeAll(async () => {
    sales = await importCsv(w, 'sales', salesCsv(1, 60));
    uploadId = (await jobsOf(sales._id))[0]._id;
  });

  it('writes and records a copy of an upload, its rows ordered by the date', async () => {
    await waitForCopy(sales._id, uploadId);
    const soldAt = await dbName(sales._id, 'sold_at');
    const id = await dbName(sales._id, 'id');
    const read = (file: string) =>
      withConnection(async (c) => {
        const reader = await c.runAndReadAll(
          `SELECT CAST(${id} AS BIGINT) AS id, CAST(${soldAt} AS VARCHAR) AS at FROM read_parquet(['${file}'], file_row_number = true) ORDER BY file_row_number`,
        );
        return reader.getRowObjectsJson() as Array<{ id: number; at: string }>;
      });
    const copy = await read(clusteredSegmentPath(w.t.app.ctx.storage.root, sales._id, uploadId));
    const plain = await read(segmentPath(w.t.app.ctx.storage.root, sales._id, uploadId));
    expect(plain.map((r) => Number(r.id))).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect([...copy].sort((a, b) => Number(a.id) - Number(b.id))).toEqual(plain);
    expect(copy.map((r) => r.at)).toEqual(plain.map((r) => r.at).sort());
    expect(copy.map((r) => r.at)).not.toEqual(plain.map((r) => r.at));
  });

  it('makes no copy of a small segment, or of a dataset without a date', async () => {
    const small = await importCsv(w, 'small', SALES);
    const noDate = await importCsv(
      w,
      'no date',
      salesCsv(1, 40)
        .replace(/ 10:00:00/g, '')
        .replace(/-/g, ''),
    );
    expect(noDate.features.map((f) => f.type)).not.toContain('date');
    // The large dataset's copy took well under this: the others had time to be made, were they wanted.
    await new Promise((r) => setTimeout(r, 1500));
    for (const dataset of [small, noDate]) {
      const [job] = await jobsOf(dataset._id);
      expect((await findDatasetJob(db(), job._id))?.clusteredAt).toBeNull();
      expect(await readdir(datasetDir(w.t.app.ctx.storage.root, dataset._id))).toEqual([`${job._id}.parquet`]);
    }
  });

  it('gives the catalog a clustered relation beside the segments, for the dataset and for one job', async () => {
    const row = (await findDataset(db(), sales._id))!;
    const copy = clusteredSegmentPath(w.t.app.ctx.storage.root, sales._id, uploadId);
    const plain = segmentPath(w.t.app.ctx.storage.root, sales._id, uploadId);
    for (const options of [{}, { jobId: uploadId }]) {
      const { source } = await datasetCatalog(db(), w.t.app.ctx.storage, row, options);
      expect(source?.sql).toContain(plain);
      expect(source?.sql).not.toContain(copy);
      expect(source?.clustered).toContain(copy);
    }
  });

  /** Cards over the sales: a filtered group-by, a KPI, and a chart whose tooltip lists ids (row order). */
  async function answers(): Promise<unknown[]> {
    const call = dashboardCaller(w.t, w.editor);
    const filters = [
      {
        _id: 'f1',
        type: 'category',
        operation: 'equal',
        value: ['books', 'toys'],
        feature: { id: ref('category')._id },
      },
      {
        _id: 'f2',
        type: 'date',
        operation: 'between',
        value: { from: '2024-01-01T00:00:00', to: '2024-06-30T00:00:00' },
        feature: { id: ref('sold_at')._id },
      },
    ];
    const cards = [
      {
        type: 'chart',
        vis: {
          chartType: 'bar',
          independent: [{ series: [{ id: 'cat', feature: ref('category'), operation: '' }] }],
          dependent: [{ series: [{ id: 'sum', feature: ref('amount'), operation: 'sum' }] }],
        },
      },
      {
        type: 'kpi',
        vis: {
          kpi: [
            { id: 'total', feature: ref('amount'), operation: 'sum' },
            { id: 'n', feature: ref('id'), operation: 'count' },
            { id: 'last', feature: ref('sold_at'), operation: 'max' },
          ],
        },
      },
      {
        type: 'chart',
        vis: {
          chartType: 'bar',
          independent: [{ series: [{ id: 'cat', feature: ref('category'), operation: '' }] }],
          dependent: [{ series: [{ id: 'sum', feature: ref('amount'), operation: 'sum' }] }],
          tooltip: { series: [{ id: 'ids', feature: ref('id'), operation: 'list' }] },
        },
      },
    ];
    const out: unknown[] = [];
    for (const card of cards) {
      const { unit } = await addUnit(w.t, w.editor, tabId);
      expect((await call('PUT', `/api/v1/units/${unit._id}`, card)).status).toBe(200);
      for (const body of [{}, { filters }]) {
        const { status, body: answer } = await call('POST', `/api/v1/units/${unit._id}/data`, body);
        expect(status, JSON.stringify(answer)).toBe(200);
        expect((answer as UnitData).error).toBeNull();
        out.push((answer as UnitData).data);
      }
    }
    return out;
  }

  it('answers cards the same on the copy as on the segment; the Data page keeps the file order', async () => {
    const clustered = await answers();
    const filtered = clustered[1] as Array<{ cat: string; sum: number }>;
    expect(filtered.map((r) => r.cat)).toEqual(['books', 'toys']);
    // The same cards with the copy unrecorded: the catalog reads the segment only.
    await db().update(datasetJobs).set({ clusteredAt: null }).where(eq(datasetJobs.jobId, uploadId));
    const plain = await answers();
    await db().update(datasetJobs).set({ clusteredAt: new Date() }).where(eq(datasetJobs.jobId, uploadId));
    expect(clustered).toEqual(plain);
    const rows = await rowsByName(w, sales);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('reads the copy for chart and KPI cards only: tables and lists read the segment', async () => {
    const copy = clusteredSegmentPath(w.t.app.ctx.storage.root, sales._id, uploadId);
    const category = await dbName(sales._id, 'category');
    const call = dashboardCaller(w.t, w.editor);
    const card = async (type: string, vis: object) => {
      const { unit } = await addUnit(w.t, w.editor, tabId);
      expect((await call('PUT', `/api/v1/units/${unit._id}`, { type, vis })).status).toBe(200);
      return async () => (await call('POST', `/api/v1/units/${unit._id}/data`, {})).body as UnitData;
    };
    const kpi = await card('kpi', { kpi: [{ id: 'n', feature: ref('id'), operation: 'count' }] });
    const listed = await card('kpi', { kpi: [{ id: 'ids', feature: ref('id'), operation: 'list' }] });
    const table = await card('table', { table: [{ id: 'id', feature: ref('id') }] });
    // A copy with only the books (a copy is never like this: it shows which file each card reads).
    await withConnection((c) =>
      c.run(`COPY (SELECT * FROM read_parquet(['${segmentPath(w.t.app.ctx.storage.root, sales._id, uploadId)}'])
              WHERE ${category} = 'books') TO '${copy}.books' (FORMAT parquet)`),
    );
    await rename(copy, `${copy}.whole`);
    await rename(`${copy}.books`, copy);
    try {
      const books = (await rowsByName(w, sales)).filter((r) => r.category === 'books').length;
      expect(books).toBeGreaterThan(0);
      expect(books).toBeLessThan(60);
      expect(((await kpi()).data as { n: number }).n).toBe(books);
      expect(((await listed()).data as { ids: unknown[] }).ids).toHaveLength(60);
      const rows = (await table()).data as Array<{ id: number }>;
      expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    } finally {
      await rename(`${copy}.whole`, copy);
    }
    // The files were swapped under an unchanged data version (no real change does that): the cached answers are
    // passed over for this last one (the app's one cards' data service holds the cache it was built with).
    const passOver = vi.spyOn(w.t.app.ctx.results, 'get').mockResolvedValue(undefined);
    try {
      expect(((await kpi()).data as { n: number }).n).toBe(60);
    } finally {
      passOver.mockRestore();
    }
  });

  it('gives an append its own copy; deleting its rows removes it', async () => {
    const appended = await appendCsv(w, sales._id, salesCsv(61, 30));
    expect(appended.status).toBe('completed');
    appendId = appended._id;
    await waitForCopy(sales._id, appendId);
    const row = (await findDataset(db(), sales._id))!;
    const { source } = await datasetCatalog(db(), w.t.app.ctx.storage, row);
    expect(source?.clustered).toContain(clusteredSegmentPath(w.t.app.ctx.storage.root, sales._id, appendId));
    expect((await rowsByName(w, sales)).map((r) => r.id)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));

    const res = await caller(w, w.editor)('DELETE', `/api/v1/datasets/${sales._id}/deleteData/${appendId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await readdir(datasetDir(w.t.app.ctx.storage.root, sales._id))).toEqual(
      [`${uploadId}.clustered.parquet`, `${uploadId}.parquet`].sort(),
    );
    expect((await findDatasetJob(db(), appendId))?.clusteredAt).toBeNull();
    const after = await datasetCatalog(db(), w.t.app.ctx.storage, (await findDataset(db(), sales._id))!);
    expect(after.source?.clustered).not.toContain(appendId);
  });

  it('runs out of sight: no job of its own in the project, nothing for another project', async () => {
    const ours = (await w.t.app.ctx.jobs.listForProject(w.projectId)).filter((j) => j.ownerId === sales._id);
    expect(ours.map((j) => [j.id, j.type]).sort()).toEqual(
      [
        [uploadId, 'featureDetection'],
        [appendId, 'append'],
      ].sort(),
    );
    expect((await jobsOf(sales._id)).map((j) => j._id).sort()).toEqual([uploadId, appendId].sort());
    const outsider = caller(w, w.outsider);
    expect((await outsider('GET', `/api/v1/datasets/${sales._id}/jobs`)).statusCode).toBe(404);
    const theirs = await outsider('GET', `/api/v1/datasets/jobs?projectId=${w.outsiderProjectId}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect(await w.t.app.ctx.jobs.listForProject(w.outsiderProjectId)).toEqual([]);
  });

  it('a node started later queues the copies never made, as for a segment imported before copies existed', async () => {
    await db().update(datasetJobs).set({ clusteredAt: null }).where(eq(datasetJobs.jobId, uploadId));
    expect(await deleteClusteredFiles(w.t.app.ctx.storage, sales._id, uploadId)).toBe(true);
    // The process stops; another node (its own DATA_DIR, the same database and store) starts and makes the copy
    // from the stored segment. The remaining tests run on it.
    await w.t.app.close();
    const node = await buildNode(w.t, { CLUSTER_MIN_ROWS: '20', JOBS_POLLING_SECONDS: '0.5' });
    w = { ...w, t: { ...w.t, app: node, close: () => node.close().then(() => w.t.database.close()) } };
    await waitForCopy(sales._id, uploadId);
  });

  it('deleting the dataset removes its copies', async () => {
    expect((await caller(w, w.editor)('DELETE', `/api/v1/datasets/${sales._id}`)).statusCode).toBe(200);
    expect(existsSync(datasetDir(w.t.app.ctx.storage.root, sales._id))).toBe(false);
    expect(await w.t.app.ctx.storage.list(datasetPrefix(sales._id))).toEqual([]);
  });
});
