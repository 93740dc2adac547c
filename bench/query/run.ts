/**
 * Query benchmark (issue 7): the typical card queries (queries.ts) on a generated sales dataset, timed three
 * ways, medians and ratios printed as a Markdown table:
 *
 * - Tessera HTTP: `POST /api/v1/units/{id}/data` on the real server (child process, fresh DATA_DIR, PGlite),
 *   the dataset uploaded through its API and the cards saved with `PUT /api/v1/units/{id}`;
 * - DuckDB alone: the compiler's SQL for the same cards on the same Parquet segment (duckdb.ts);
 * - PostgreSQL: hand-written equivalent SQL on the same rows (postgres.ts).
 *
 *   node --import tsx bench/query/run.ts [--rows 10000000] [--warmup 2] [--runs 7] [--only key,key] [--no-pg]
 *     [--sql]
 *   npm run bench -- query      (the same, through bench/run-all.mjs)
 *
 * Env: BENCH_QUERY_ROWS (default 10,000,000), BENCH_SERVER_PG_URL (the server's metadata on PostgreSQL, server.ts), BENCH_DIR (default {tmp}/tessera-bench; the CSV is kept there
 * and reused), BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test; skipped when it does not answer).
 * Targets: Tessera HTTP within 1.3 × DuckDB alone; at least 10 × faster than PostgreSQL on the aggregations.
 * The systems' answers are compared (checks.ts): a run whose systems disagree exits with 1.
 */
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CompiledUnitQuery } from '@tessera/analytics';
import { TABLE_PAGE_SIZE } from '@tessera/shared';
import { ownCpuSeconds } from '../support/process.ts';
import { checkAnswers } from './checks.ts';
import { benchCatalog, compile, openDuckDb } from './duckdb.ts';
import { generateCsv } from './generate.ts';
import { loadPostgres, type Postgres } from './postgres.ts';
import { featuresByName, QUERIES } from './queries.ts';
import { createCards, importCsv, settlePreview, startServer } from './server.ts';
import { interleaved, markdownTable, type System, type Timings } from './timing.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: process.env.BENCH_QUERY_ROWS ?? '10000000' },
    warmup: { type: 'string', default: '2' },
    runs: { type: 'string', default: '7' },
    only: { type: 'string' },
    'no-pg': { type: 'boolean', default: false },
    sql: { type: 'boolean', default: false },
  },
});
const rows = Number(args.rows);
const warmup = Number(args.warmup);
const runs = Number(args.runs);
if (!Number.isSafeInteger(rows) || rows < 1) throw new Error('--rows must be a positive integer');
if (!Number.isInteger(warmup) || warmup < 0 || !Number.isInteger(runs) || runs < 1)
  throw new Error('--warmup must be 0 or more and --runs at least 1');
const only = args.only?.split(',').map((s) => s.trim());
const queries = QUERIES.filter((q) => !only || only.includes(q.key));
if (!queries.length) throw new Error(`--only matches no query (${QUERIES.map((q) => q.key).join(', ')})`);

const work = path.resolve(process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'tessera-bench'));
await mkdir(work, { recursive: true });
const csv = path.join(work, `query-${rows}.csv`);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

let t = performance.now();
console.log(`Generating ${csv} (${rows.toLocaleString('en')} rows)...`);
const generated = await generateCsv(csv, rows);
console.log(`  ${(generated.bytes / 2 ** 20).toFixed(0)} MB ${generated.reused ? 'reused' : `in ${seconds(t)} s`}`);

console.log('Starting the server...');
const server = await startServer(work);
let postgres: Postgres | undefined;
let duck: Awaited<ReturnType<typeof openDuckDb>> | undefined;
let failed = false;
try {
  t = performance.now();
  console.log('Uploading through POST /api/v1/datasets/{id}/upload...');
  const imported = await importCsv(server, csv);
  console.log(`  ${imported.rowCount.toLocaleString('en')} rows imported in ${imported.seconds.toFixed(1)} s`);
  const f = featuresByName(imported.features);
  console.log(`  features: ${imported.features.map((x) => `${x.name}:${x.type}`).join(' ')}`);
  const { dashboardId, unitIds } = await createCards(
    server,
    imported.projectId,
    queries.map((q) => ({ name: q.label, type: q.type, vis: q.vis(f) })),
  );

  console.log('Waiting for the dashboard preview render to settle...');
  console.log(`  preview ${await settlePreview(server, dashboardId)}`);

  duck = await openDuckDb(work);
  const catalog = benchCatalog(server.dataDir, imported.datasetId, imported.jobId, imported.features);
  const compiled: (CompiledUnitQuery | string)[] = queries.map((q) => {
    const body = q.body?.(f) ?? {};
    try {
      // The input the server builds (unitData.service.ts): page 1 and TABLE_PAGE_SIZE unless asked.
      return compile(
        { type: q.type, vis: q.vis(f), filters: [], ...body, page: q.page ?? 1, limit: TABLE_PAGE_SIZE },
        catalog,
      );
    } catch (error) {
      return `compile failed: ${(error as Error).message}`;
    }
  });

  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!args['no-pg']) {
    t = performance.now();
    console.log(`Loading PostgreSQL (${pgUrl.replace(/\/\/[^@]*@/, '//')}) with psql \\copy...`);
    try {
      postgres = await loadPostgres(pgUrl, csv);
      console.log(
        `  ${postgres.rows.toLocaleString('en')} rows in ${postgres.loadSeconds.toFixed(1)} s (with ANALYZE)`,
      );
    } catch (error) {
      console.log(`  skipped: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  const results: Record<string, Record<string, Timings | string>> = {};
  for (const [i, q] of queries.entries()) {
    console.log(`Timing ${q.key} (${warmup} warm-up + ${runs} runs each, interleaved)...`);
    const body = q.body?.(f);
    const url = `/api/v1/units/${unitIds[i]}/data${q.page ? `?page=${q.page}` : ''}`;
    const c = compiled[i];
    const db = postgres;
    const systems: Record<string, System> = {
      http: { run: () => server.call('POST', url, body ?? {}), cpu: () => server.cpuSeconds() },
      duckdb: {
        run: typeof c === 'string' ? () => Promise.reject(new Error(c)) : () => duck!.run(c),
        cpu: ownCpuSeconds,
      },
    };
    // PostgreSQL's rounds come after, on their own: a 0.5-4 s parallel scan leaves caches cold for whatever runs
    // next, and in one rotation of three systems Tessera would follow it twice as often as DuckDB alone.
    results[q.key] = {
      ...(await interleaved(systems, warmup, runs)),
      ...(db ? await interleaved({ postgres: { run: () => db.query(q.pg(db.table)) } }, warmup, runs) : {}),
    };
    for (const [name, r] of Object.entries(results[q.key])) {
      const cpu = typeof r === 'object' && r.cpuMedian !== undefined ? `, CPU ${r.cpuMedian.toFixed(0)} ms` : '';
      const each = typeof r === 'object' ? ` (${r.runs.map((ms) => ms.toFixed(0)).join(' ')})` : '';
      console.log(`  ${name.padEnd(8)} ${typeof r === 'string' ? r : `median ${r.median.toFixed(1)} ms${cpu}${each}`}`);
    }
  }

  // The table.
  const ms = (r: Timings | string | undefined) => (typeof r === 'object' ? r.median.toFixed(1) : 'n/a');
  const cpuMs = (r: Timings | string | undefined) =>
    typeof r === 'object' && r.cpuMedian !== undefined ? r.cpuMedian.toFixed(0) : 'n/a';
  const cpuRatio = (a: Timings | string | undefined, b: Timings | string | undefined) =>
    typeof a === 'object' && typeof b === 'object' && a.cpuMedian && b.cpuMedian
      ? (a.cpuMedian / b.cpuMedian).toFixed(2)
      : 'n/a';
  const ratio = (a: Timings | string | undefined, b: Timings | string | undefined) =>
    typeof a === 'object' && typeof b === 'object' ? a.median / b.median : Number.NaN;
  const lines: string[][] = [];
  let within = true;
  let faster = true;
  for (const q of queries) {
    const r = results[q.key];
    const httpOverDuck = ratio(r.http, r.duckdb);
    const pgOverHttp = ratio(r.postgres, r.http);
    if (!(httpOverDuck <= 1.3)) within = false;
    if (q.aggregation && !(pgOverHttp >= 10)) faster = false;
    lines.push([
      `${q.label}${q.aggregation ? '' : ' (not an aggregation)'}`,
      ms(r.http),
      ms(r.duckdb),
      ms(r.postgres),
      Number.isNaN(httpOverDuck) ? 'n/a' : httpOverDuck.toFixed(2),
      Number.isNaN(pgOverHttp) ? 'n/a' : pgOverHttp.toFixed(1),
      cpuMs(r.http),
      cpuMs(r.duckdb),
      cpuRatio(r.http, r.duckdb),
    ]);
  }
  const table = markdownTable(
    [
      'query',
      'Tessera HTTP ms',
      'DuckDB alone ms',
      'PostgreSQL ms',
      'HTTP / DuckDB',
      'PostgreSQL / HTTP',
      'server CPU ms',
      'DuckDB CPU ms',
      'CPU server / DuckDB',
    ],
    lines,
  );
  console.log(
    `\n${imported.rowCount.toLocaleString('en')} rows, ${os.availableParallelism()} cores, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, DuckDB ${duck.threads} threads, server metadata on ` +
      `${server.metadata}; median of ${runs} runs ` +
      `after ${warmup} warm-up, interleaved; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
  );
  console.log(table);
  console.log(
    `\nTarget "within 1.3 × DuckDB alone": ${within ? 'met' : 'NOT met'}. ` +
      `Target "at least 10 × faster than PostgreSQL on the aggregations": ${postgres ? (faster ? 'met' : 'NOT met') : 'not measured'}.`,
  );

  const problems = checkAnswers(queries, compiled, results);
  if (problems.length) {
    failed = true;
    console.log(`\nThe systems' answers DISAGREE:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  } else console.log('\nAnswers checked: the three systems agree on every query.');
  if (args.sql) {
    console.log('\nCompiled SQL (DuckDB alone and the server):');
    queries.forEach((q, i) => {
      const c = compiled[i];
      const text =
        typeof c === 'string'
          ? c
          : `${[c.countSql, c.sql].filter(Boolean).join(';\n')};\n-- params: ${JSON.stringify(c.params)}`;
      console.log(`\n-- ${q.key}\n${text}`);
      if (postgres) console.log(`-- PostgreSQL:\n${q.pg(postgres.table)}`);
    });
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  duck?.close();
  await postgres?.drop().catch((e) => console.error(`dropping the PostgreSQL schema: ${e}`));
  await server.stop();
}
process.exit(failed ? 1 : 0);
