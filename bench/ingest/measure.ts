/**
 * One measurement, run in its own process so each peak RSS is its own:
 *
 *   node --import tsx bench/ingest/measure.ts <tessera|duckdb|postgres|upload> <csv> <workDir>
 *
 * Prints one JSON line: { seconds, cpuSeconds, rows, peakRssMb }.
 * - Peak RSS is the kernel's high-water mark (VmHWM) of this process, or for postgres of the psql client that
 *   streams the file (the server's own memory is PostgreSQL's business: shared buffers, not the file).
 * - upload (upload.ts) runs the real server as a child process and measures it: its RSS (baseline, peak while
 *   receiving, peak while importing) and its CPU seconds; peakRssMb is the larger peak.
 * - CPU seconds (user + system, all threads) are this process's, or for postgres the psql client's plus its
 *   server backend's. On a shared machine they compare the work done when wall-clock times are disturbed
 *   by other load.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { closeEngine, configureEngine, defaultMemoryLimit, ingestCsv } from '@tessera/analytics';
import pg from 'pg';
import { highWaterMb, ownCpuSeconds, cpuSeconds as processCpu } from '../support/process.ts';
import { measureUpload } from './upload.ts';

const sql = (s: string) => `'${s.replaceAll("'", "''")}'`;

async function tessera(csv: string, work: string) {
  const dataDir = path.join(work, 'data');
  configureEngine({ dataDir, allowedDirectories: [path.dirname(csv)] });
  const started = performance.now();
  const cpu = ownCpuSeconds();
  const result = await ingestCsv({ dataDir, datasetId: 'bench', jobId: `j${Date.now()}`, csvPath: csv });
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = ownCpuSeconds() - cpu;
  const detail = result.columns.map((c) => `${c.name}:${c.type}`).join(' ');
  await closeEngine();
  await rm(path.join(dataDir, 'datasets', 'bench'), { recursive: true, force: true });
  return { seconds, cpuSeconds, rows: result.rowCount, peakRssMb: await highWaterMb('self'), detail };
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
  const cpu = ownCpuSeconds();
  const reader = await connection.runAndReadAll(
    `COPY (SELECT * FROM read_csv(${sql(csv)})) TO ${sql(out)} (FORMAT parquet)`,
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = ownCpuSeconds() - cpu;
  const rows = Number(reader.getRowsJson()[0]?.[0] ?? 0);
  connection.closeSync();
  instance.closeSync();
  await rm(out, { force: true });
  return { seconds, cpuSeconds, rows, peakRssMb: await highWaterMb('self') };
}

async function postgres(csv: string) {
  const url = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP TABLE IF EXISTS bench_ingest');
  await client.query(`CREATE TABLE bench_ingest (
    id bigint, customer_id bigint, amount double precision, quantity integer, created_at timestamp,
    ship_date date, category text, region text, note text)`);
  const copy = `\\copy bench_ingest FROM ${sql(csv)} WITH (FORMAT csv, HEADER true)`;
  const started = performance.now();
  // One psql session that prints its server backend's pid first, so the backend's CPU can be sampled.
  const child = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-At', '-c', 'SELECT pg_backend_pid()', '-c', copy], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let backend = 0;
  child.stdout.on('data', (d) => {
    output += d;
    backend ||= Number(/^(\d+)\n/.exec(output)?.[1] ?? 0);
  });
  let peak = 0;
  let clientCpu = 0;
  let serverCpu = 0;
  const sampler = setInterval(async () => {
    if (!child.pid) return;
    peak = Math.max(peak, await highWaterMb(child.pid));
    clientCpu = Math.max(clientCpu, await processCpu(child.pid));
    if (backend) serverCpu = Math.max(serverCpu, await processCpu(backend));
  }, 100);
  const code: number = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`psql exited with ${code}`);
  const rows = Number(/COPY (\d+)/.exec(output)?.[1] ?? 0);
  await client.query('DROP TABLE bench_ingest');
  await client.end();
  return { seconds, cpuSeconds: clientCpu + serverCpu, rows, peakRssMb: peak };
}

const [mode, csv, work] = process.argv.slice(2);
async function upload(csv: string, work: string) {
  const r = await measureUpload(csv, work);
  const peakRssMb = Math.max(r.uploadPeakRssMb, r.importPeakRssMb);
  return { ...r, peakRssMb };
}

const run = {
  tessera: () => tessera(csv, work),
  duckdb: () => duckdb(csv, work),
  postgres: () => postgres(csv),
  upload: () => upload(csv, work),
}[mode];
if (!run) throw new Error(`Unknown mode ${mode}`);
console.log(JSON.stringify(await run()));
