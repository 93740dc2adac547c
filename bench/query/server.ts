/**
 * The Tessera side of the query benchmark: the real server as a child process (bench/support/server.ts),
 * driven only through its HTTP API, as bench/ingest/upload.ts does.
 *
 * `startServer` starts it on a fresh DATA_DIR (embedded PGlite) and signs in. `importCsv` creates a project
 * and a file dataset, streams the CSV as multipart to `POST /api/v1/datasets/{id}/upload` and polls the
 * dataset's jobs until imported, then, when the segment is large enough (CLUSTER_MIN_ROWS, from the
 * environment the server also reads, else the server's default), waits for its clustered copy (the server
 * writes it in the background after the import; chart and KPI cards read it); it answers the dataset's features.
 * BENCH_SERVER_PG_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres): the server's metadata on a fresh
 * PostgreSQL database created there (dropped after) instead of PGlite.
 */
import { existsSync } from 'node:fs';
import { CLUSTER_MIN_ROWS, clusteredSegmentPath } from '@tessera/analytics';
import { uploadFile } from '../support/http.ts';
import { cpuSeconds } from '../support/process.ts';
import { type StartedServer, startServer as startTessera } from '../support/server.ts';

export interface Server extends StartedServer {
  /** CPU seconds (user + system, all threads) the server process used so far, from /proc (1/100 s ticks). */
  cpuSeconds(): Promise<number>;
}

/** A feature as `GET /api/v1/datasets/{id}/features` answers it (the fields the benchmark reads). */
export interface Feature {
  _id: string;
  name: string;
  type: 'id' | 'number' | 'date' | 'time' | 'category' | 'text';
  precision: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | null;
  dataset: { _id: string };
  db: { name: string; type: string };
}

export async function startServer(work: string): Promise<Server> {
  const server = await startTessera(work, {
    password: 'Bench-query-2026!pass',
    databaseName: `tessera_bench_query_${process.pid}`,
    startSeconds: 180,
    // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
    env: { REDIS_URL: '' },
  });
  return { ...server, cpuSeconds: () => cpuSeconds(server.process.pid ?? 0) };
}

export interface Imported {
  projectId: string;
  datasetId: string;
  jobId: string;
  rowCount: number;
  features: Feature[];
  /** From the upload's start until the dataset is imported (the clustered copy's wait not included). */
  seconds: number;
  /** How long the clustered copy took after the import; undefined when the segment gets none. */
  clusteredSeconds?: number;
}

/** A project and a file dataset holding the CSV, imported (polls its jobs every 500 ms, 30 minutes at most). */
export async function importCsv(server: Server, csv: string): Promise<Imported> {
  const project = await server.call<{ _id: string }>('POST', '/api/v1/projects', { name: 'Bench query' });
  const dataset = await server.call<{ _id: string }>('POST', '/api/v1/datasets', {
    name: 'sales',
    projectId: project._id,
  });
  const started = performance.now();
  const job = await uploadFile(server.base, `/api/v1/datasets/${dataset._id}/upload`, server.token, csv);
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const { jobs } = await server.call<{ jobs: { _id: string; status: string }[] }>(
      'GET',
      `/api/v1/datasets/${dataset._id}/jobs`,
    );
    const current = jobs.find((j) => j._id === job._id);
    if (current?.status === 'completed') break;
    if (current && ['failed', 'cancelled'].includes(current.status))
      throw new Error(`import ${current.status}: ${JSON.stringify(current)}`);
    if (Date.now() > deadline) throw new Error('the import did not finish within 30 minutes');
  }
  const seconds = (performance.now() - started) / 1000;
  const detail = await server.call<{ imported: boolean; rowCount: number }>('GET', `/api/v1/datasets/${dataset._id}`);
  if (!detail.imported) throw new Error('the job completed but the dataset is not imported');
  const features = await server.call<Feature[]>('GET', `/api/v1/datasets/${dataset._id}/features`);
  const imported = {
    projectId: project._id,
    datasetId: dataset._id,
    jobId: job._id,
    rowCount: detail.rowCount,
    features,
    seconds,
  };
  return { ...imported, clusteredSeconds: await waitForClusteredCopy(server, imported) };
}

/**
 * Waits (30 minutes at most) until the server's clustered copy of the imported segment is in place, when the
 * segment gets one (as many rows as the threshold, and a date feature), so that no copy is written while
 * timing and both the server and DuckDB alone read it. The server records the copy right after renaming it
 * into place (one metadata statement), well before the cards that follow are created and the preview
 * settles. Answers the seconds it waited, undefined when no copy is made.
 */
async function waitForClusteredCopy(
  server: Server,
  imported: Omit<Imported, 'clusteredSeconds'>,
): Promise<number | undefined> {
  const threshold = Number(process.env.CLUSTER_MIN_ROWS || CLUSTER_MIN_ROWS);
  if (imported.rowCount < threshold || !imported.features.some((f) => f.type === 'date')) return undefined;
  const file = clusteredSegmentPath(server.dataDir, imported.datasetId, imported.jobId);
  const started = performance.now();
  const deadline = Date.now() + 30 * 60_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error('the clustered copy was not written within 30 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`  clustered copy (rows ordered by date) written ${seconds.toFixed(1)} s after the import`);
  return seconds;
}

/** A dashboard with one card per vis (type and vis saved with `PUT /api/v1/units/{id}`); the card ids. */
export async function createCards(
  server: Server,
  projectId: string,
  cards: Array<{ name: string; type: 'chart' | 'kpi' | 'table'; vis: unknown }>,
): Promise<{ dashboardId: string; unitIds: string[] }> {
  const dashboard = await server.call<{ _id: string; tabs: string[] }>('POST', '/api/v1/dashboards', {
    projectId,
    name: 'Bench query',
  });
  const tabId = dashboard.tabs[0];
  const unitIds: string[] = [];
  for (const card of cards) {
    const { unit } = await server.call<{ unit: { _id: string } }>('POST', `/api/v1/tabs/${tabId}/units`, {});
    await server.call('PUT', `/api/v1/units/${unit._id}`, { name: card.name, type: card.type, vis: card.vis });
    unitIds.push(unit._id);
  }
  return { dashboardId: dashboard._id, unitIds };
}

/**
 * Waits until the dashboard's preview image is no longer being rendered (asked for on creation, the
 * `dashboardPreview` job runs headless Chromium on the dashboard, whose cards query the server): timing
 * during a render would measure the render too. Answers the preview's final status.
 */
export async function settlePreview(server: Server, dashboardId: string): Promise<string> {
  const deadline = Date.now() + 180_000;
  let status = '';
  while (Date.now() < deadline) {
    const detail = await server.call<{ dashboard: { preview: { status: string } } }>(
      'GET',
      `/api/v1/dashboards/${dashboardId}`,
    );
    status = detail.dashboard.preview.status;
    if (status === 'ready' || status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return `${status} after 180 s`;
}
