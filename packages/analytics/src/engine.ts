/**
 * One DuckDB instance per process for queries, plus one for imports, both in memory (datasets live in
 * Parquet segments on disk, not in a DuckDB database file), each with a small pool of connections.
 *
 * Why a pool: a DuckDB connection runs one statement at a time, while DuckDB itself runs several connections
 * in parallel. A 1 GB ingest holds one connection for seconds; cards keep querying on the others.
 *
 * Why a second instance for imports (`withIngestConnection`): its own memory limit (1 GB) bounds what an import
 * and its detection take, whatever the main instance's. It has the machine's threads too: the row order a segment
 * keeps (unsorted pages read it, so preserve_insertion_order stays on) made a second thread cost memory while
 * DuckDB read CSVs in 32 MB buffers, and large files were imported with one thread until 2026-12-03; in 4 MB
 * buffers two threads take about what one did, in about half the time (sniff.ts, CSV_READ_BUFFER_BYTES). A model's
 * Parquet output copied with two threads grows more (a 1.3 GB output: 343 MB against 73 with one thread).
 *
 * Why the lock-down: every SQL statement is compiled from a catalog and bound parameters, but as defence in
 * depth DuckDB may only touch files under the data directory (plus explicitly allowed folders), cannot load
 * extensions, and its configuration is locked so no statement can change any of that.
 */
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

export interface EngineOptions {
  /** The storage folder: segments live under `{dataDir}/datasets`. */
  dataDir: string;
  /** Where DuckDB spills (this process's own; default `{dataDir}/tmp/duckdb`). */
  tempDir?: string;
  /** Worker threads; defaults to the machine's available parallelism (2 on the reference 2-core machine). */
  threads?: number;
  /** DuckDB memory limit, e.g. '6GB'; defaults to 25 % of RAM, at least 1 GB and at most 8 GB (6 GB on 24 GB). */
  memoryLimit?: string;
  /** Connections in the pool (default 4): enough to serve queries while an ingest runs. */
  poolSize?: number;
  /** Threads of the import instance (default: as many as the main instance's; see above). */
  ingestThreads?: number;
  /** Memory limit of the import instance (default '1GB'; it spills to the same temp folder beyond). */
  ingestMemoryLimit?: string;
  /** Connections of the import instance (default 2): imports running at once, others wait. */
  ingestPoolSize?: number;
  /**
   * Memory limit of the instance that writes clustered copies (clustered.ts; one thread, one copy at a time):
   * default '128MB', beyond which its sort spills to the temp folder. Sorting 10,000,000 rows grew the process
   * ~175 MB at 128 MB (6.5 s), ~1,050 MB at the import instance's 1 GB (6.0 s).
   */
  clusterMemoryLimit?: string;
  /** Sources of fewer rows get no roll-up (rollup.ts; default ROLLUP_MIN_ROWS); `Infinity`: none. */
  rollupMinRows?: number;
  /** Other folders DuckDB may read and write (e.g. an upload folder outside DATA_DIR, test fixtures). */
  allowedDirectories?: string[];
}

interface Pool {
  instance: DuckDBInstance;
  size: number;
  idle: DuckDBConnection[];
  all: DuckDBConnection[];
  /** Connections created or being created (counted before the await, so concurrent callers see it). */
  created: number;
  waiting: Array<(connection: DuckDBConnection) => void>;
}

interface Engine {
  options: Required<Omit<EngineOptions, 'allowedDirectories'>> & { allowedDirectories: string[]; tempDir: string };
  main: Pool;
  ingest: Pool;
  cluster: Pool;
}

/** Sources of fewer rows get no roll-up (rollup.ts): a scan of a million rows takes a few milliseconds. */
export const ROLLUP_MIN_ROWS = 1_000_000;

let configured: EngineOptions | undefined;
/** Moves on with every engine started or closed: what lived in an instance (rollup.ts's tables) is of one. */
let generation = 0;
let enginePromise: Promise<Engine> | undefined;

export function defaultMemoryLimit(totalBytes = os.totalmem()): string {
  const gb = Math.min(8, Math.max(1, Math.floor(totalBytes / 4 / 2 ** 30)));
  return `${gb}GB`;
}

/**
 * Sets the engine's options; call once at start-up, before the first query. Calling it again with other
 * options after the engine started throws: close the engine first.
 */
export function configureEngine(options: EngineOptions): void {
  if (enginePromise && JSON.stringify(options) !== JSON.stringify(configured)) {
    throw new Error('The DuckDB engine is already running: call closeEngine() before configuring it again');
  }
  configured = options;
}

/** The options in use (after defaults), starting the engine if needed. */
export async function engineInfo(): Promise<Engine['options']> {
  return (await engine()).options;
}

function dirWithSlash(dir: string): string {
  const abs = path.resolve(dir);
  return abs.endsWith(path.sep) ? abs : abs + path.sep;
}

async function start(options: EngineOptions): Promise<Engine> {
  const dataDir = path.resolve(options.dataDir);
  const tempDir = path.resolve(options.tempDir ?? path.join(dataDir, 'tmp', 'duckdb'));
  await mkdir(tempDir, { recursive: true });
  await mkdir(path.join(dataDir, 'datasets'), { recursive: true });
  const threads = options.threads ?? Math.max(1, os.availableParallelism());
  const full = {
    dataDir,
    threads,
    memoryLimit: options.memoryLimit ?? defaultMemoryLimit(),
    poolSize: Math.max(1, options.poolSize ?? 4),
    ingestThreads: Math.max(1, options.ingestThreads ?? threads),
    ingestMemoryLimit: options.ingestMemoryLimit ?? '1GB',
    ingestPoolSize: Math.max(1, options.ingestPoolSize ?? 2),
    clusterMemoryLimit: options.clusterMemoryLimit ?? '128MB',
    rollupMinRows: options.rollupMinRows ?? ROLLUP_MIN_ROWS,
    allowedDirectories: [dataDir, tempDir, ...(options.allowedDirectories ?? []).map((d) => path.resolve(d))],
    tempDir,
  };
  const allowed = full.allowedDirectories.map((d) => `'${dirWithSlash(d).replaceAll("'", "''")}'`).join(', ');
  const main = await openPool(full.threads, full.memoryLimit, full.poolSize, tempDir, allowed);
  const ingest = await openPool(full.ingestThreads, full.ingestMemoryLimit, full.ingestPoolSize, tempDir, allowed);
  const cluster = await openPool(1, full.clusterMemoryLimit, 1, tempDir, allowed);
  return { options: full, main, ingest, cluster };
}

async function openPool(
  threads: number,
  memoryLimit: string,
  size: number,
  tempDir: string,
  allowed: string,
): Promise<Pool> {
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(threads),
    memory_limit: memoryLimit,
    temp_directory: tempDir,
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    // jemalloc (process-wide) hands freed memory back to the system in the background: without it, what one wide
    // import took (hundreds of MB) stayed with the process after the import.
    allocator_background_threads: 'true',
  });
  const setup = await instance.connect();
  await setup.run(`SET allowed_directories = [${allowed}]`);
  await setup.run('SET enable_external_access = false');
  await setup.run('SET lock_configuration = true');
  return { instance, size, idle: [setup], all: [setup], created: 1, waiting: [] };
}

function engine(): Promise<Engine> {
  if (!enginePromise) {
    const options = configured ?? { dataDir: process.env.STORAGE_DIR ?? process.env.DATA_DIR ?? './data' };
    configured = options;
    generation++;
    enginePromise = start(options);
    enginePromise.catch(() => {
      enginePromise = undefined;
    });
  }
  return enginePromise;
}

async function acquire(e: Pool): Promise<DuckDBConnection> {
  const idle = e.idle.pop();
  if (idle) return idle;
  if (e.created < e.size) {
    e.created++;
    try {
      const connection = await e.instance.connect();
      e.all.push(connection);
      return connection;
    } catch (error) {
      e.created--;
      throw error;
    }
  }
  return new Promise((resolve) => e.waiting.push(resolve));
}

function release(e: Pool, connection: DuckDBConnection): void {
  const next = e.waiting.shift();
  if (next) next(connection);
  else e.idle.push(connection);
}

async function withPoolConnection<T>(pool: Pool, fn: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  const connection = await acquire(pool);
  try {
    return await fn(connection);
  } finally {
    release(pool, connection);
  }
}

/** Which engine runs (or ran last): see `generation`. */
export function engineGeneration(): number {
  return generation;
}

/** Runs `fn` with a pooled connection; the connection returns to the pool when `fn` settles. */
export async function withConnection<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  return withPoolConnection((await engine()).main, fn);
}

/** Same, on the import instance (see the module comment): for CSV imports, bounded memory. */
export async function withIngestConnection<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  return withPoolConnection((await engine()).ingest, fn);
}

/** Same, on the instance of clustered copies (one thread, small memory limit: a sort spills early). */
export async function withClusterConnection<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  return withPoolConnection((await engine()).cluster, fn);
}

/** Closes every connection and the instances (tests, shutdown). Later calls start a new engine. */
export async function closeEngine(): Promise<void> {
  const pending = enginePromise;
  enginePromise = undefined;
  generation++;
  configured = undefined;
  if (!pending) return;
  const e = await pending.catch(() => undefined);
  if (!e) return;
  for (const pool of [e.main, e.ingest, e.cluster]) {
    for (const connection of pool.all) connection.closeSync();
    pool.instance.closeSync();
  }
}
