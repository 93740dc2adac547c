/**
 * What one public card request costs an API process once its answer is kept: one server (child process, its
 * metadata on PostgreSQL with BENCH_SERVER_PG_URL, else PGlite; the machine's Redis as its result cache), a
 * public dashboard of 12 cards on BENCH_HOT_ROWS rows (default 100,000), every card asked once to warm the cache,
 * then CONCURRENCY keep-alive connections ask the 12 cards round and round for SECONDS. Prints requests/s, p50/p95
 * latency and the server's CPU milliseconds per request (from /proc): the number bench/load's throughput is
 * bounded by. BENCH_HOT_PROFILE=1 writes a V8 CPU profile of the server to bench/load/profiles/.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tessera } from '../../e2e/support/tessera.ts';
import { generateCsv } from '../query/generate.ts';
import { cpuSeconds } from '../support/process.ts';
import { startServer } from '../support/server.ts';
import { pct, publicDashboard, request } from './world.ts';

const ROWS = Number(process.env.BENCH_HOT_ROWS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_HOT_CONCURRENCY ?? 24);
const SECONDS = Number(process.env.BENCH_HOT_SECONDS ?? 10);
const PROFILE = process.env.BENCH_HOT_PROFILE === '1';
const here = path.dirname(fileURLToPath(import.meta.url));

const work = await mkdtemp(path.join(tmpdir(), 'tessera-hot-'));
const csv = path.join(work, 'sales.csv');
await generateCsv(csv, ROWS);
const server = await startServer(work, {
  password: 'bench-hot-password',
  databaseName: 'tessera_bench_hot',
  startSeconds: 300,
  env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: `hot-${Date.now()}:` },
  nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(here, 'profiles')}`] : [],
});
try {
  const board = await publicDashboard({ url: server.base } as Tessera, server.token, csv);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const ask = (i: number) => {
    const card = board.cards[i % board.cards.length] as { id: string };
    return request(agent, `${server.base}${board.path}/units/${card.id}/data?tabId=${board.tabId}`, 'POST', {});
  };
  for (let i = 0; i < board.cards.length; i++) await ask(i);
  const pid = server.process.pid as number;
  const cpuBefore = await cpuSeconds(pid);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const until = performance.now() + SECONDS * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const at = performance.now();
        const status = await ask(next++);
        latencies.push(performance.now() - at);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const cpu = (await cpuSeconds(pid)) - cpuBefore;
  agent.destroy();
  const at = (p: number) => pct(latencies, p).toFixed(1);
  console.log(`| metadata | rows | connections | requests/s | p50 ms | p95 ms | server CPU ms / request | statuses |`);
  console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |`);
  console.log(
    `| ${server.metadata} | ${ROWS.toLocaleString('en')} | ${CONCURRENCY} | ${(latencies.length / SECONDS).toFixed(0)} | ${at(0.5)} | ${at(0.95)} | ${((cpu * 1000) / latencies.length).toFixed(2)} | ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')} |`,
  );
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
