/**
 * Issue 46's speed target (docs/cross-filters.md, docs/benchmarks.md): a cross-filter click redraws a 12-card tab on
 * BENCH_CROSS_ROWS rows (default 5,000,000) with every card's answer in 300 ms or less at p95 after the click.
 *
 * The real server (PGlite metadata, RESULT_CACHE=off so that every answer is computed, as a click's new values
 * would be) imports the sales CSV of bench/query and holds bench/load's 12-card dashboard (8 charts by category
 * or region, 3 KPIs, a table). Each of BENCH_CROSS_CLICKS clicks (default 20) selects one value of the clicked
 * chart's key (a category or a region, in turn) and asks the 12 cards' data as the web app does: the clicked card
 * without the cross-filter (it highlights its selection), the 11 others with it, all at once over 6 connections
 * (a browser's); the click's time is from the first request to the last answer. Each click is paired with the
 * same 12 requests without any cross-filter, run just before it. Prints p50/p95/max of both and their ratio, in wall
 * time and in the server process's CPU time (/proc: what the cards cost whatever else the machine runs).
 */

import { stat } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { api, type CrossFilter, cardDataRequest, requestUrl } from '@tessera/shared';
import type { Tessera } from '../../e2e/support/tessera.ts';
import { type PublicDashboard, pct, publicDashboard } from '../load/world.ts';
import { generateCsv } from '../query/generate.ts';
import { CATEGORIES, REGIONS } from '../support/generate.ts';
import { cpuSeconds } from '../support/process.ts';
import { startServer } from '../support/server.ts';

const ROWS = Number(process.env.BENCH_CROSS_ROWS ?? 5_000_000);
const CLICKS = Number(process.env.BENCH_CROSS_CLICKS ?? 20);
const WARM_UP = 3;

const started = Date.now();
const step = (what: string) => console.error(`[crossFilter ${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);

/** One card's data request as the web app sends it (the table asks its first page). */
function cardRequest(board: PublicDashboard, index: number, crossFilters: CrossFilter[]) {
  const card = board.cards[index]!;
  const { query, body } = cardDataRequest({
    tabId: board.tabId,
    page: card.type === 'table' ? 1 : undefined,
    crossFilters,
  });
  return { url: requestUrl(api.getUnitData.path, { id: card.id }, query), body };
}

/** POSTs a JSON body; answers the status once the whole answer came. */
function post(agent: http.Agent, base: string, url: string, token: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(`${base}${url}`, {
      method: 'POST',
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

/**
 * The 12 cards asked at once; answers the time to the last answer, the server's CPU time meanwhile (steadier than
 * the wall time on a shared machine) and the statuses that were not 200.
 */
async function redraw(agent: http.Agent, base: string, token: string, board: PublicDashboard, cross?: Click) {
  const cpuBefore = await cpuSeconds(serverPid);
  const start = performance.now();
  const statuses = await Promise.all(
    board.cards.map((_, index) => {
      const filters = cross && index !== cross.card ? [cross.filter] : [];
      const { url, body } = cardRequest(board, index, filters);
      return post(agent, base, url, token, body);
    }),
  );
  const ms = performance.now() - start;
  return { ms, cpuMs: ((await cpuSeconds(serverPid)) - cpuBefore) * 1000, failed: statuses.filter((s) => s !== 200) };
}

interface Click {
  /** The clicked card's index (a chart). */
  card: number;
  filter: CrossFilter;
}

/** The i-th click: the charts in turn, each selecting the next value of its key (category or region). */
function clickOf(i: number, board: PublicDashboard, features: { category: string; region: string }): Click {
  const charts = board.cards.flatMap((card, index) => (card.type === 'chart' ? [index] : []));
  const card = charts[i % charts.length]!;
  const byRegion = board.cards[card]!.name.includes('region');
  return byRegion
    ? { card, filter: { featureId: features.region, values: [REGIONS[i % REGIONS.length]!] } }
    : { card, filter: { featureId: features.category, values: [CATEGORIES[i % CATEGORIES.length]!] } };
}

const csv = path.join(tmpdir(), `tessera-load-${ROWS}.csv`);
step(`generating ${ROWS} rows`);
await generateCsv(csv, ROWS);
step(`${((await stat(csv)).size / 1e6).toFixed(0)} MB`);
const server = await startServer(tmpdir(), {
  password: 'Bench-cross-2026!pass',
  databaseName: `tessera_bench_cross_${process.pid}`,
  startSeconds: 180,
  logLevel: 'warn',
  postgresUrl: null,
  env: { REDIS_URL: '', RESULT_CACHE: 'off' },
});
const serverPid = server.process.pid ?? 0;
try {
  step('importing');
  const board = await publicDashboard({ url: server.base } as Tessera, server.token, csv);
  const features = { category: board.categoryFeature, region: board.regionFeature };
  // The clustered copy of the import is recorded a few seconds after it: the clicks read the copy the viewers would.
  await sleep(15_000);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  step('warming up');
  for (let i = 0; i < WARM_UP; i++) {
    await redraw(agent, server.base, server.token, board);
    await redraw(agent, server.base, server.token, board, clickOf(i, board, features));
  }
  const plain: number[] = [];
  const crossed: number[] = [];
  const plainCpu: number[] = [];
  const crossedCpu: number[] = [];
  const failures: number[] = [];
  for (let i = 0; i < CLICKS; i++) {
    const without = await redraw(agent, server.base, server.token, board);
    const click = clickOf(i, board, features);
    const withCross = await redraw(agent, server.base, server.token, board, click);
    plain.push(without.ms);
    crossed.push(withCross.ms);
    plainCpu.push(without.cpuMs);
    crossedCpu.push(withCross.cpuMs);
    failures.push(...without.failed, ...withCross.failed);
    step(`click ${i + 1}: ${Math.round(withCross.ms)} ms (without: ${Math.round(without.ms)} ms)`);
  }
  agent.destroy();
  const row = (name: string, values: number[]) =>
    `| ${name} | ${Math.round(pct(values, 0.5))} | ${Math.round(pct(values, 0.95))} | ${Math.round(Math.max(...values))} |`;
  console.log(
    `\n${ROWS.toLocaleString('en')} rows, 12 cards, ${CLICKS} clicks, result cache off, load ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log('\n| the 12 cards redrawn | p50 ms | p95 ms | max ms |');
  console.log('| --- | --- | --- | --- |');
  console.log(row('without cross-filter: wall', plain));
  console.log(row('after a cross-filter click: wall', crossed));
  console.log(row("without cross-filter: server's CPU", plainCpu));
  console.log(row("after a cross-filter click: server's CPU", crossedCpu));
  console.log(
    `\nratio with / without: p50 ${(pct(crossed, 0.5) / pct(plain, 0.5)).toFixed(2)}, p95 ${(pct(crossed, 0.95) / pct(plain, 0.95)).toFixed(2)}; target: p95 ≤ 300 ms after the click (${pct(crossed, 0.95) <= 300 ? 'met' : 'NOT met'})`,
  );
  if (failures.length) console.log(`\n${failures.length} answers were not 200: ${[...new Set(failures)].join(', ')}`);
} finally {
  await server.stop();
}
