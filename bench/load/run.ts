/**
 * Issue 21's load: VIEWERS concurrent viewers of a public dashboard of 12 cards on a ROWS-row dataset (default
 * 10,000,000), against 1 and against 2 API processes of `npm run cluster` (a worker imports; a private PostgreSQL;
 * the machine's Redis under a random prefix), with the card result cache on (the default) and off
 * (RESULT_CACHE=off). Each viewer opens the dashboard's public page as a browser does (world.ts: the server
 * writes the dashboard and the cards it answers within PAGE_ANSWERS_MS into the page; the viewer asks for the
 * rest together, as the web app does: one batch, answered a line per card), then changes one filter (region = one
 * of six, by viewer) and asks for the 12 cards again, in one batch. Everything starts at once; loopback only. The
 * viewers run in a process of their own for the whole bench (crowd.ts), apart from the proxy (in this process).
 * Before a setup's waves, as many viewers as a wave, not measured, warm each API process, the proxy and the
 * viewers' own code.
 *
 * With the cache on, each setup runs two waves of VIEWERS: cold (every answer forgotten first: the card rows in
 * Redis, and the pages the API processes keep, through an edit of the dashboard) and warm (the first wave's
 * answers kept). Prints, per setup and wave: requests/s over the whole run, p50/p95/p99 of the page and
 * of a card's answer (each card: on load from the page's request, after the filter change from its own
 * request), errors, the CPU seconds the viewers, the proxy and each API process used, and each API process's
 * memory (resident after the run, and its peak). With one API process the viewers go through a proxy in front
 * of that one only, so both setups pay the same proxy.
 *
 * BENCH_LOAD_ROWS (default 10000000), BENCH_LOAD_VIEWERS (default 200), BENCH_LOAD_CACHE (default "on,off").
 * Needs Redis (TEST_REDIS_URL, default 127.0.0.1:6379), PostgreSQL's programs (initdb, pg_ctl) and `npm run build`.
 */
import { fork } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { CLUSTER_MIN_ROWS } from '@tessera/analytics';
import { api } from '@tessera/shared';
import { createClient } from 'redis';
import { apiSignIn, callAs } from '../../e2e/support/api.ts';
import { REDIS_URL, startTesseraCluster, type TesseraCluster } from '../../e2e/support/cluster.ts';
import { ADMIN } from '../../e2e/support/tessera.ts';
import { startProxy } from '../../packages/server/src/cluster/proxy.ts';
import { generateCsv } from '../query/generate.ts';
import { startPrivatePostgres } from '../support/postgres.ts';
import { cpuSeconds, highWaterMb, rssMb } from '../support/process.ts';
import type { Wave, WaveResult } from './crowd.ts';
import { type PublicDashboard, pct, publicDashboard } from './world.ts';

const ROWS = Number(process.env.BENCH_LOAD_ROWS ?? 10_000_000);
const VIEWERS = Number(process.env.BENCH_LOAD_VIEWERS ?? 200);
const CACHES = (process.env.BENCH_LOAD_CACHE ?? 'on,off').split(',') as Array<'on' | 'off'>;

const started = Date.now();
const step = (what: string) => console.error(`[load ${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const ms = (v: number) => `${Math.round(v)}`;

/**
 * Forgets every answer kept: the card rows in Redis, and the pages each API process keeps (platform/pageAnswers.ts)
 * by moving the dashboard's content version on (a new name), as any edit of it would.
 */
async function forget(cluster: TesseraCluster, token: string, board: PublicDashboard, prefix: string) {
  await clearCache(prefix);
  const name = `Load ${Date.now().toString(36)}`;
  await callAs(cluster, token, api.updateDashboard, { params: { id: board.id }, body: { name } });
}

/**
 * Waits until every large imported segment's clustered copy is recorded (datasets' cluster.job.ts, a few seconds
 * after the import; the bench's rows have a date feature): recording it moves the project's data version on,
 * which would make one wave's viewers compute afresh what the wave before kept.
 */
async function clustered(cluster: TesseraCluster) {
  const deadline = Date.now() + 10 * 60_000;
  const pending = `SELECT count(*)::int AS n FROM dataset_jobs
    WHERE state = 'imported' AND clustered_at IS NULL AND row_count >= $1`;
  while ((await cluster.query<{ n: number }>(pending, [CLUSTER_MIN_ROWS]))[0]?.n) {
    if (Date.now() > deadline) throw new Error('the clustered copy was not recorded within 10 minutes');
    await sleep(500);
  }
}

async function clearCache(prefix: string) {
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  const keys: string[] = [];
  for await (const batch of redis.scanIterator({ MATCH: `${prefix}result:*`, COUNT: 1000 })) keys.push(...batch);
  if (keys.length) await redis.del(keys);
  await redis.quit();
}

/** The viewers' process (crowd.ts): one for the whole bench, asked one wave at a time. */
function startCrowd() {
  const child = fork(fileURLToPath(new URL('./crowd.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  return {
    wave: (wave: Wave) =>
      new Promise<WaveResult>((resolve, reject) => {
        const ended = (code: number | null) =>
          reject(new Error(`the viewers' process ended (${code}) before answering`));
        child.once('exit', ended);
        child.once('message', (result) => {
          child.off('exit', ended);
          resolve(result as WaveResult);
        });
        child.send(wave);
      }),
    stop: () => child.disconnect(),
  };
}

interface CpuSeconds {
  viewers: number;
  /** The bench's own process: the proxy in front of the API processes. */
  proxy: number;
  apis: number[];
}

/** Prints one wave's table; answers its number of errors. */
async function report(
  title: string,
  board: PublicDashboard,
  { timings, wall }: WaveResult,
  cpu: CpuSeconds,
  pids: readonly number[],
) {
  const failed = timings.filter((t) => t.status !== 200);
  const counts = new Map<number, number>();
  for (const t of failed) counts.set(t.status, (counts.get(t.status) ?? 0) + 1);
  const byStatus = [...counts].map(([status, n]) => `${n} × ${status === 0 ? 'no answer' : status}`).join(', ');
  const memory = await Promise.all(pids.map(async (pid) => `${await rssMb(pid)} (${await highWaterMb(pid)})`));
  const requests = timings.filter((t) => !t.ahead && !t.batched).length;
  const cards = timings.filter((t) => t.card >= 0);
  const ahead = cards.filter((t) => t.ahead).length;
  const loads = cards.filter((t) => t.phase === 'load').length;
  console.log(
    `\n### ${title}: ${VIEWERS} viewers, ${ROWS.toLocaleString('en')} rows, ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `Requests: ${requests} in ${wall.toFixed(1)} s = ${(requests / wall).toFixed(0)} requests/s; cards answered inside the page: ${ahead} of ${loads}; errors: ${failed.length}${byStatus ? ` (${byStatus})` : ''}; API memory MB now (peak): ${memory.join(', ')}`,
  );
  const seconds = (value: number) => value.toFixed(1);
  console.log(
    `CPU seconds in the wave: viewers ${seconds(cpu.viewers)}, proxy ${seconds(cpu.proxy)}, API ${cpu.apis.map(seconds).join(' + ')}`,
  );
  console.log('| card | load (from the page request) p50 / p95 / p99 ms | after the filter p50 / p95 / p99 ms |');
  console.log('| --- | --- | --- |');
  const cell = (values: number[]) => `${ms(pct(values, 0.5))} / ${ms(pct(values, 0.95))} / ${ms(pct(values, 0.99))}`;
  const page = timings.filter((t) => t.card === -1).map((t) => t.ms);
  console.log(`| the page | ${cell(page)} | |`);
  const batch = (phase: 'load' | 'filter') =>
    timings.filter((t) => t.card === -2 && t.phase === phase).map((t) => t.ms);
  console.log(`| a batch of cards (whole) | ${cell(batch('load'))} | ${cell(batch('filter'))} |`);
  for (const [i, card] of board.cards.entries()) {
    const of = (phase: 'load' | 'filter') => cards.filter((t) => t.card === i && t.phase === phase).map((t) => t.ms);
    console.log(`| ${card.name} | ${cell(of('load'))} | ${cell(of('filter'))} |`);
  }
  const of = (phase: 'load' | 'filter') => cards.filter((t) => t.phase === phase).map((t) => t.ms);
  console.log(`| every card | ${cell(of('load'))} | ${cell(of('filter'))} |`);
  return failed.length;
}

const csv = path.join(tmpdir(), `tessera-load-${ROWS}.csv`);
step(`generating ${ROWS} rows`);
await generateCsv(csv, ROWS);
step(`${((await stat(csv)).size / 1e6).toFixed(0)} MB`);
const postgres = await startPrivatePostgres();
const crowd = startCrowd();
const problems: string[] = [];
try {
  for (const cache of CACHES) {
    let cluster: TesseraCluster | undefined;
    const prefix = `load-${Date.now().toString(36)}:`;
    try {
      cluster = await startTesseraCluster({
        apis: 2,
        workers: 1,
        databaseUrl: postgres.url,
        env: {
          LOG_LEVEL: 'warn',
          RESULT_CACHE: cache,
          REDIS_PREFIX: prefix,
          // Each cold wave follows an edit of the dashboard (forget); its image is not rendered again meanwhile.
          PREVIEW_REFRESH_SECONDS: '3600',
        },
      });
      const token = await apiSignIn(cluster, ADMIN.email, ADMIN.password);
      step(`cache ${cache}: importing`);
      const board = await publicDashboard(cluster, token, csv);
      step(`cache ${cache}: waiting for the clustered copy`);
      await clustered(cluster);
      const apis = cluster.nodes.filter((node) => node.role === 'api');
      const oneProxy = await startProxy({ upstreams: [apis[0]?.url as string], port: 0, host: '127.0.0.1' });
      try {
        for (const [label, base, serving] of [
          ['1 API process', oneProxy.url, apis.slice(0, 1)],
          ['2 API processes', cluster.url, apis],
        ] as const) {
          const pids = serving.map((a) => a.child.pid as number);
          // A wave's worth of viewers first, not measured, on each process alike at its own address (through
          // the proxy, a viewer's requests would go to either; through the one-process proxy when it is the only
          // one): its DuckDB files, metadata and summaries warm, and the compiled code of every process of the
          // run (API, proxy, viewers), as a server, a proxy and browsers that have been running a while are.
          // "Cold" below is about the answers kept, not the code.
          for (const node of serving) {
            await forget(cluster, token, board, prefix);
            await crowd.wave({ base: serving.length === 1 ? base : node.url, board, viewers: VIEWERS });
          }
          await forget(cluster, token, board, prefix);
          // Cold: the viewers arrive before any answer is kept (with the cache on, the first of each query
          // computes it for the others). Warm: as many again, once the first wave's answers are kept.
          for (const wave of cache === 'on' ? (['cold', 'warm'] as const) : (['cold'] as const)) {
            step(`cache ${cache}, ${label}, ${wave}: ${VIEWERS} viewers`);
            // The bench's own process is the proxy's (startCluster, startProxy).
            const before = await Promise.all([process.pid, ...pids].map(cpuSeconds));
            const result = await crowd.wave({ base, board, viewers: VIEWERS });
            const [proxy = 0, ...apis] = await Promise.all(
              [process.pid, ...pids].map(async (pid, i) => (await cpuSeconds(pid)) - (before[i] ?? 0)),
            );
            const cpu = { viewers: result.cpu, proxy, apis };
            const title = `Cache ${cache}${cache === 'on' ? ` (${wave})` : ''}, ${label}`;
            const errors = await report(title, board, result, cpu, pids);
            if (errors) problems.push(`${title}: ${errors} errors`);
          }
        }
      } finally {
        await oneProxy.close();
      }
    } finally {
      await cluster?.stop().catch(() => undefined);
      await clearCache(prefix).catch(() => undefined);
    }
  }
} catch (err) {
  problems.push(String((err as Error).stack ?? err));
} finally {
  crowd.stop();
  postgres.stop();
}
if (problems.length) {
  console.error(`\nBroken:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
