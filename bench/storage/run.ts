/**
 * Object storage (docs/operations.md, "Object storage"): one card query, sum(amount) by category as a bar chart
 * (bench/query's `sum-by-category`), on a dataset of BENCH_ROWS rows (default 10,000,000), in three settings:
 *
 * - local: the segment in a folder storage (FolderStorage), its path asked with `localPath`, then queried;
 * - S3, cold: the segment in an S3-compatible store (s3rver, as the server's tests use) read through S3Storage and
 *   its node cache (LocalCache) with the copy forgotten first: `localPath` fetches it, then the query runs;
 * - S3, warm: the same with the copy already in the cache.
 *
 * The data is bench/query's sales CSV, imported into a segment by the analytics package's own ingest (ingestCsv);
 * the card is compiled and run as bench/query's DuckDB-alone path does (the compiler's statement over the
 * segment, with the server engine's settings). The store's bandwidth is measured apart: the segment read from the
 * store into memory (S3Storage.read), BENCH_REPEATS times. Each setting runs BENCH_REPEATS times (default 7) after
 * one untimed run, the settings interleaved round by round. Ratios: warm / local (target ≤ 1.05) and
 * cold / (2 × local + the segment's bytes at the measured bandwidth).
 *
 * Everything it makes (work folder, the CSV unless it was already there, s3rver and its folder) is removed at
 * the end.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { closeEngine, configureEngine, ingestCsv } from '@tessera/analytics';
import { LocalCache } from '../../packages/server/src/platform/storage/cache.ts';
import { FolderStorage } from '../../packages/server/src/platform/storage/folder.ts';
import { S3Storage } from '../../packages/server/src/platform/storage/s3.ts';
import type { Storage } from '../../packages/server/src/platform/storage/types.ts';
import { startS3Server } from '../../packages/server/src/test/s3Server.ts';
import { pct } from '../load/world.ts';
import { benchCatalog, compile, openDuckDb } from '../query/duckdb.ts';
import { generateCsv } from '../query/generate.ts';
import { featuresByName, QUERIES } from '../query/queries.ts';
import type { Feature } from '../query/server.ts';
import { markdownTable } from '../query/timing.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
// Ids as the server's (24 hex digits): the card's vis is parsed with the shared schemas, which check them.
const DATASET = 'b'.repeat(24);
const JOB = 'c'.repeat(24);
const KEY = `datasets/${DATASET}/${JOB}.parquet`;

/** The rows as text, numbers to 12 significant digits (a parallel float sum's last digits vary from run to run). */
const same = (rows: unknown) => JSON.stringify(rows, (_, v) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v));

const started = performance.now();
const step = (what: string) =>
  console.error(`[storage ${((performance.now() - started) / 1000).toFixed(1)} s] ${what}`);

const work = await mkdtemp(path.join(tmpdir(), 'tessera-bench-storage-'));
const csv = path.join(tmpdir(), `tessera-load-${ROWS}.csv`);
const csvWasThere = existsSync(csv);
const s3 = await startS3Server('tessera-bench');
const storages: Storage[] = [];
let duck: Awaited<ReturnType<typeof openDuckDb>> | undefined;
try {
  step(`generating ${ROWS.toLocaleString('en')} rows`);
  await generateCsv(csv, ROWS);

  // The folder storage: the segment written where the server writes it (DATA_DIR/datasets/{id}/{job}.parquet).
  const folderRoot = path.join(work, 'folder');
  step('importing into a segment');
  configureEngine({
    dataDir: folderRoot,
    tempDir: path.join(work, 'ingest-tmp'),
    allowedDirectories: [path.dirname(csv)],
  });
  const ingested = await ingestCsv({ dataDir: folderRoot, datasetId: DATASET, jobId: JOB, csvPath: csv });
  await closeEngine();
  const bytes = (await stat(ingested.segmentPath)).size;
  step(`${ingested.rowCount.toLocaleString('en')} rows, segment ${(bytes / 2 ** 20).toFixed(0)} MB`);
  const folder = new FolderStorage(folderRoot);
  storages.push(folder);

  // The object store, with the node cache open() builds for it (here without the areas an earlier run left).
  process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
  const cache = new LocalCache({ dir: path.join(work, 'cache'), maxBytes: 4 * bytes });
  await cache.open([]);
  const bucket = new S3Storage(
    { bucket: s3.bucket, prefix: 'bench/' },
    { region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true },
    cache,
  );
  storages.push(bucket);
  step('uploading the segment to s3rver');
  await bucket.putFile(KEY, ingested.segmentPath);

  // The features as the server records them from the ingest's columns (db name, stored type, detected type).
  const features: Feature[] = ingested.columns.map((c, i) => ({
    _id: i.toString(16).padStart(24, '0'),
    name: c.name,
    type: c.type as Feature['type'],
    precision: (c.precision ?? null) as Feature['precision'],
    dataset: { _id: DATASET },
    db: { name: c.dbName, type: c.datasetPhysicalType },
  }));
  const card = QUERIES.find((q) => q.key === 'sum-by-category')!;
  const vis = card.vis(featuresByName(features));
  duck = await openDuckDb(work);
  const db = duck;
  // The card over a storage: the segment's local path asked of it (a fetch on a cold cache), then the statement.
  const query = async (storage: Storage) =>
    storage.withLocalPaths([KEY], async ([local]) => {
      const dataDir = path.dirname(path.dirname(path.dirname(local!)));
      return db.run(compile({ type: 'chart', vis, filters: [] }, benchCatalog(dataDir, DATASET, JOB, features)));
    });

  const times: Record<'local' | 'cold' | 'warm' | 'fetch', number[]> = { local: [], cold: [], warm: [], fetch: [] };
  const fetchMs: number[] = [];
  const time = async (run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    return performance.now() - t;
  };
  const runs = {
    local: () => query(folder),
    cold: async () => {
      const t = performance.now();
      await bucket.localPath(KEY);
      fetchMs.push(performance.now() - t);
      return query(bucket);
    },
    warm: async () => {
      await bucket.localPath(KEY);
      return query(bucket);
    },
    // The store's bandwidth: the object's bytes read into memory, no disk write, no cache.
    fetch: () => bucket.read(KEY),
  };
  const answers = new Map<string, string>();
  step('warming up');
  await cache.forget(KEY);
  for (const [name, run] of Object.entries(runs))
    if (name !== 'fetch') answers.set(name, same(((await run()) as { rows: unknown }).rows));
  if (new Set(answers.values()).size !== 1) throw new Error('The three settings answered different rows');
  fetchMs.length = 0;
  // The cold run before the timed warm ones leaves the copy in place: warm runs come right after a fetch or a warm.
  const order = ['local', 'cold', 'warm', 'fetch'] as const;
  for (let round = 0; round < REPEATS; round++) {
    for (let i = 0; i < order.length; i++) {
      const name = order[(i + round) % order.length]!;
      if (name === 'warm') await bucket.localPath(KEY);
      if (name === 'cold') await cache.forget(KEY);
      times[name].push(await time(runs[name]));
    }
    step(`round ${round + 1}: ${order.map((n) => `${n} ${Math.round(times[n][times[n].length - 1]!)} ms`).join(', ')}`);
  }

  const p50 = (n: keyof typeof times) => pct(times[n], 0.5);
  const p95 = (n: keyof typeof times) => pct(times[n], 0.95);
  const bandwidth = bytes / (p50('fetch') / 1000);
  const fetchAtBandwidth = (bytes / bandwidth) * 1000;
  const ms = (v: number) => v.toFixed(0);
  const stats = bucket.stats().cache!;
  console.log(
    `\n${ROWS.toLocaleString('en')} rows, ${REPEATS} repeats, card: ${card.label}, segment ${(bytes / 2 ** 20).toFixed(1)} MB, ` +
      `DuckDB ${db.threads} threads, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
  );
  console.log(
    markdownTable(
      ['setting', 'p50 ms', 'p95 ms'],
      [
        ['local folder', ms(p50('local')), ms(p95('local'))],
        ['S3, cold cache (fetch + query)', ms(p50('cold')), ms(p95('cold'))],
        ['  of which the fetch into the cache', ms(pct(fetchMs, 0.5)), ms(pct(fetchMs, 0.95))],
        ['S3, warm cache', ms(p50('warm')), ms(p95('warm'))],
        ['store read into memory (bandwidth)', ms(p50('fetch')), ms(p95('fetch'))],
      ],
    ),
  );
  const warmRatio = p50('warm') / p50('local');
  const coldBound = 2 * p50('local') + fetchAtBandwidth;
  const coldRatio = p50('cold') / coldBound;
  console.log(
    `\nbytes per fetch ${bytes.toLocaleString('en')}; cache: ${stats.misses} fetches, ${stats.bytesFetched.toLocaleString('en')} bytes fetched in all` +
      `\nstore bandwidth (p50 read) ${(bandwidth / 2 ** 20).toFixed(0)} MB/s: the segment in ${ms(fetchAtBandwidth)} ms` +
      `\nwarm / local (p50): ${warmRatio.toFixed(2)} (target ≤ 1.05: ${warmRatio <= 1.05 ? 'met' : 'NOT met'})` +
      `\ncold / (2 × local + fetch at bandwidth) (p50): ${ms(p50('cold'))} / ${ms(coldBound)} = ${coldRatio.toFixed(2)} (target ≤ 1: ${coldRatio <= 1 ? 'met' : 'NOT met'})`,
  );
} finally {
  duck?.close();
  await closeEngine().catch(() => {});
  for (const storage of storages) await storage.close();
  await s3.close();
  await rm(work, { recursive: true, force: true });
  if (!csvWasThere) await rm(csv, { force: true });
}
