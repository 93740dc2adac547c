/**
 * One measurement, run in its own process so each peak RSS is its own:
 *
 *   node --import tsx bench/ingest/measure.ts <tessera|duckdb|postgres> <csv> <workDir>
 *
 * Prints one JSON line: { seconds, rows, peakRssMb }. Peak RSS is the kernel's high-water mark (VmHWM) of
 * this process, or for postgres of the psql client that streams the file (the server's own memory is
 * PostgreSQL's business: shared buffers, not the file).
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { closeEngine, configureEngine, defaultMemoryLimit, ingestCsv } from '@tessera/analytics';
import pg from 'pg';

async function highWaterMb(pid: number | 'self'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const sql = (s: string) => `'${s.replaceAll("'", "''")}'`;

async function tessera(csv: string, work: string) {
  const dataDir = path.join(work, 'data');
  configureEngine({ dataDir, allowedDirectories: [path.dirname(csv)] });
  const started = performance.now();
  const result = await ingestCsv({ dataDir, datasetId: 'bench', jobId: `j${Date.now()}`, csvPath: csv });
  const seconds = (performance.now() - started) / 1000;
  const types = result.columns.map((c) => `${c.name}:${c.type}`).join(' ');
  await closeEngine();
  await rm(path.join(dataDir, 'datasets', 'bench'), { recursive: true, force: true });
  return { seconds, rows: result.rowCount, peakRssMb: await highWaterMb('self'), detail: types };
}

async function duckdb(csv: string, work: string) {
  // The same settings as the engine: threads, memory limit, spill folder.
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(os.availableParallelism()),
    memory_limit: defaultMemoryLimit(),
    temp_directory: path.join(work, 'duckdb-tmp'),
  });
  const connection = await instance.connect();
  const out = path.join(work, 'duckdb-alone.parquet');
  const started = performance.now();
  const reader = await connection.runAndReadAll(
    `COPY (SELECT * FROM read_csv(${sql(csv)})) TO ${sql(out)} (FORMAT parquet)`,
  );
  const seconds = (performance.now() - started) / 1000;
  const rows = Number(reader.getRowsJson()[0]?.[0] ?? 0);
  connection.closeSync();
  instance.closeSync();
  await rm(out, { force: true });
  return { seconds, rows, peakRssMb: await highWaterMb('self') };
}

async function postgres(csv: string) {
  const url = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP TABLE IF EXISTS bench_ingest');
  await client.query(`CREATE TABLE bench_ingest (
    id bigint, customer_id bigint, amount double precision, quantity integer, created_at timestamp,
    ship_date date, category text, region text, note text)`);
  const started = performance.now();
  const child = spawn(
    'psql',
    [url, '-v', 'ON_ERROR_STOP=1', '-c', `\\copy bench_ingest FROM ${sql(csv)} WITH (FORMAT csv, HEADER true)`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let peak = 0;
  const sampler = setInterval(async () => {
    if (child.pid) peak = Math.max(peak, await highWaterMb(child.pid));
  }, 100);
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  const code: number = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`psql exited with ${code}`);
  const rows = Number(/COPY (\d+)/.exec(output)?.[1] ?? 0);
  await client.query('DROP TABLE bench_ingest');
  await client.end();
  return { seconds, rows, peakRssMb: peak };
}

const [mode, csv, work] = process.argv.slice(2);
const run = { tessera: () => tessera(csv, work), duckdb: () => duckdb(csv, work), postgres: () => postgres(csv) }[mode];
if (!run) throw new Error(`Unknown mode ${mode}`);
console.log(JSON.stringify(await run()));
