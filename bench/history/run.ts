/**
 * Issue 47: a data app edited 10,000 times. The real server (bench/support/server.ts) on a PostgreSQL database of
 * its own (so that the history's tables can be measured), a dashboard of 24 cards, then BENCH_HISTORY_EDITS
 * (default 10,000) saved changes through the API, each its own version (DATA_APP_HISTORY_COALESCE_SECONDS=0):
 * moves, resizes, renames of cards and the app's description, in turn. Prints the history's storage (its two
 * tables with their indexes) per version against the size of the whole app, and the time to list the newest page,
 * preview a version (the oldest, one in the middle, the newest) and restore one (median and max of 10).
 *
 * Env: BENCH_HISTORY_EDITS (default 10000); BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServer } from '../support/server.ts';

const edits = Number(process.env.BENCH_HISTORY_EDITS ?? 10_000);
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `bench_history_${process.pid}`;
const CARDS = 24;
const work = path.resolve(process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'tessera-bench'));
await mkdir(work, { recursive: true });

const server = await startServer(work, {
  password: 'Bench-history-1!',
  databaseName,
  startSeconds: 120,
  postgresUrl: pgUrl,
  env: { DATA_APP_HISTORY_COALESCE_SECONDS: '0' },
});

interface Detail {
  dashboard: { _id: string; tabs: string[] };
  tabs: Array<{ _id: string; layout: Array<{ i: string; x: number; y: number; w: number; h: number }> }>;
}
interface VersionList {
  versions: Array<{ _id: string; number: number }>;
  total: number;
}

async function timed<T>(label: string, runs: number, fn: () => Promise<T>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  return `| ${label} | ${median.toFixed(1)} | ${(times.at(-1) ?? 0).toFixed(1)} |`;
}

try {
  const project = await server.call<{ _id: string }>('POST', '/api/v1/projects', { name: 'History bench' });
  const dashboard = await server.call<{ _id: string; tabs: string[] }>('POST', '/api/v1/dashboards', {
    projectId: project._id,
    name: 'Edited often',
  });
  const tabId = dashboard.tabs[0] as string;
  const cards: string[] = [];
  for (let i = 0; i < CARDS; i++) {
    const { unit } = await server.call<{ unit: { _id: string } }>('POST', `/api/v1/tabs/${tabId}/units`, {
      layoutItem: { x: (i % 2) * 6, y: Math.floor(i / 2) * 3, w: 6, h: 3 },
    });
    cards.push(unit._id);
    await server.call('PUT', `/api/v1/units/${unit._id}`, {
      name: `Card ${i}`,
      type: 'kpi',
      vis: { kpi: [], filters: [], note: 'x'.repeat(400) },
    });
  }
  const detail = await server.call<Detail>('GET', `/api/v1/dashboards/${dashboard._id}`);
  const appBytes = Buffer.byteLength(JSON.stringify(detail));

  const started = performance.now();
  for (let n = 0; n < edits; n++) {
    const card = cards[n % CARDS] as string;
    const kind = n % 4;
    if (kind === 0 || kind === 1) {
      const box = { i: card, x: (n % 2) * 6, y: (n % 50) * 3, w: kind === 0 ? 6 : 4 + (n % 3), h: 3 };
      await server.call('PUT', `/api/v1/tabs/${tabId}`, { layout: [box] });
    } else if (kind === 2) {
      await server.call('PUT', `/api/v1/units/${card}`, { name: `Card ${n}` });
    } else {
      await server.call('PUT', `/api/v1/dashboards/${dashboard._id}`, { description: `Edit ${n}` });
    }
  }
  const editSeconds = (performance.now() - started) / 1000;

  const url = new URL(pgUrl);
  url.pathname = `/${databaseName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const size = async (table: string) =>
    Number((await client.query(`select pg_total_relation_size('${table}') as b`)).rows[0].b);
  const versionsBytes = await size('dashboard_versions');
  const stepsBytes = await size('dashboard_steps');
  const snapshots = Number(
    (await client.query('select count(*) as n from dashboard_versions where snapshot is not null')).rows[0].n,
  );
  const opsBytes = Number((await client.query('select sum(pg_column_size(ops)) as b from dashboard_steps')).rows[0].b);
  const snapshotBytes = Number(
    (await client.query('select coalesce(sum(pg_column_size(snapshot)), 0) as b from dashboard_versions')).rows[0].b,
  );
  await client.end();

  const list = await server.call<VersionList>('GET', `/api/v1/dashboards/${dashboard._id}/versions?page=1`);
  const total = list.total;
  const lastPage = Math.ceil(total / 50);
  const oldest = (
    await server.call<VersionList>('GET', `/api/v1/dashboards/${dashboard._id}/versions?page=${lastPage}`)
  ).versions.at(-1)!;
  const middlePage = Math.ceil(lastPage / 2);
  const middle = (
    await server.call<VersionList>('GET', `/api/v1/dashboards/${dashboard._id}/versions?page=${middlePage}`)
  ).versions.at(-1)!;
  const newest = list.versions[0]!;
  const versionUrl = (id: string) => `/api/v1/dashboards/${dashboard._id}/versions/${id}`;

  const rows = [
    await timed('list, newest page of 50', 10, () =>
      server.call('GET', `/api/v1/dashboards/${dashboard._id}/versions`),
    ),
    await timed(`list, page ${lastPage} (oldest)`, 10, () =>
      server.call('GET', `/api/v1/dashboards/${dashboard._id}/versions?page=${lastPage}`),
    ),
    await timed(`preview version ${oldest.number} (oldest)`, 10, () => server.call('GET', versionUrl(oldest._id))),
    await timed(`preview version ${middle.number}`, 10, () => server.call('GET', versionUrl(middle._id))),
    await timed(`preview version ${newest.number} (newest)`, 10, () => server.call('GET', versionUrl(newest._id))),
    await timed(`restore version ${middle.number}, then ${oldest.number}, in turn`, 10, async () => {
      await server.call('POST', `${versionUrl(middle._id)}/restore`);
      await server.call('POST', `${versionUrl(oldest._id)}/restore`);
    }),
  ];

  console.log(
    `\nHistory of one data app: ${CARDS} cards, ${edits} edits in ${editSeconds.toFixed(0)} s (${server.metadata})`,
  );
  console.log(`\n| measure | value |\n| --- | --- |`);
  console.log(`| versions | ${total} (${snapshots} with a snapshot) |`);
  console.log(`| the whole app as JSON | ${(appBytes / 1024).toFixed(1)} KiB |`);
  console.log(`| history tables with indexes | ${((versionsBytes + stepsBytes) / 2 ** 20).toFixed(2)} MiB |`);
  console.log(`| per version | ${((versionsBytes + stepsBytes) / total).toFixed(0)} B |`);
  console.log(`| steps' ops (stored, compressed) | ${(opsBytes / edits).toFixed(0)} B per edit |`);
  console.log(`| snapshots | ${(snapshotBytes / 1024).toFixed(1)} KiB in all |`);
  console.log(`\n| call | median ms | max ms |\n| --- | --- | --- |`);
  for (const row of rows) console.log(row);
  console.log('(the restore row times two restores)');
} finally {
  await server.stop();
}
