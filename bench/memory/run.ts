/**
 * The idle server's memory (#20 item 17): the real server (bench/support/server.ts) on PGlite, then on a fresh
 * PostgreSQL database, each time signed in and idle after its start, then idle again after importing a CSV
 * through the upload API. Prints the resident memory (VmRSS) of the server process at each point.
 *
 * Env: BENCH_MEMORY_MB (default 85): the CSV's size, written by bench/ingest's generator into BENCH_DIR
 * (default {tmp}/tessera-bench, reused); BENCH_MEMORY_SETTLE_S (default 10): seconds of idle before each
 * reading (the reading is the median of that window's samples, the peak is the highest sample of the run);
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres): where the PostgreSQL database is
 * created (and dropped after); that row is skipped when PostgreSQL does not answer.
 */
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateCsv } from '../ingest/generate.ts';
import { uploadFile } from '../support/http.ts';
import { rssMb } from '../support/process.ts';
import { type StartedServer, startServer } from '../support/server.ts';

const mb = Number(process.env.BENCH_MEMORY_MB ?? 85);
const settleSeconds = Number(process.env.BENCH_MEMORY_SETTLE_S ?? 10);
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const work = path.resolve(process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'tessera-bench'));
await mkdir(work, { recursive: true });
const csv = path.join(work, `ingest-${mb}MB.csv`);
const generated = await generateCsv(csv, mb * 2 ** 20);

interface Reading {
  started: number;
  imported: number;
  peak: number;
  rows: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Samples the server's RSS every 200 ms for `seconds` and answers the median (the peak is kept aside). */
async function idleRss(server: StartedServer, seconds: number, peak: { mb: number }): Promise<number> {
  const samples: number[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const value = await rssMb(server.process.pid!);
    samples.push(value);
    peak.mb = Math.max(peak.mb, value);
    await new Promise((r) => setTimeout(r, 200));
  }
  return median(samples);
}

async function measure(postgresUrl: string | null): Promise<Reading> {
  const server = await startServer(work, {
    password: 'Bench-memory-2026!pass',
    databaseName: `tessera_bench_memory_${Date.now()}`,
    startSeconds: 900,
    postgresUrl,
  });
  const peak = { mb: 0 };
  const sampler = setInterval(async () => {
    peak.mb = Math.max(peak.mb, await rssMb(server.process.pid!));
  }, 200);
  try {
    const started = await idleRss(server, settleSeconds, peak);
    const project = await server.call<{ _id: string }>('POST', '/api/v1/projects', { name: 'Memory' });
    const dataset = await server.call<{ _id: string }>('POST', '/api/v1/datasets', {
      name: 'memory',
      projectId: project._id,
    });
    const job = await uploadFile(server.base, `/api/v1/datasets/${dataset._id}/upload`, server.token, csv);
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const { jobs } = await server.call<{ jobs: { _id: string; status: string }[] }>(
        'GET',
        `/api/v1/datasets/${dataset._id}/jobs`,
      );
      const status = jobs.find((j) => j._id === job._id)?.status;
      if (status === 'completed') break;
      if (status === 'failed' || status === 'cancelled') throw new Error(`the import ${status}`);
    }
    const detail = await server.call<{ rowCount: number }>('GET', `/api/v1/datasets/${dataset._id}`);
    const imported = await idleRss(server, settleSeconds, peak);
    return { started, imported, peak: peak.mb, rows: detail.rowCount };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: pgUrl });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const rows = [
  `Idle server memory (VmRSS, MB; median of ${settleSeconds} s idle), ${(generated.bytes / 2 ** 20).toFixed(0)} MB CSV imported, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM`,
  '',
  '| metadata database | idle after start | idle after an import | peak | rows imported |',
  '|---|---:|---:|---:|---:|',
];
for (const [label, url] of [
  ['PGlite (embedded)', null],
  ['PostgreSQL', pgUrl],
] as const) {
  if (url && !(await postgresAnswers())) {
    rows.push(`| ${label} | skipped: ${pgUrl} does not answer | | | |`);
    continue;
  }
  console.log(`Measuring the server on ${label}...`);
  const r = await measure(url);
  rows.push(`| ${label} | ${r.started} | ${r.imported} | ${r.peak} | ${r.rows.toLocaleString('en')} |`);
}
console.log(`\n${rows.join('\n')}\n`);
