/**
 * A 5-card public dashboard's cold load in a real Chromium: from navigation start to all five charts drawn, and
 * the bytes of JavaScript transferred (and their size once decoded), each load in a fresh browser context (empty
 * cache). Twice per round: as the server sends it (brotli, Chromium asks for it) and with `Accept-Encoding:
 * identity` (what was sent before the build wrote compressed copies). Also lists which chunks the page loaded,
 * so that editor code showing up here is seen. Needs the built web app (`npm run build`) and Chromium.
 *
 * BENCH_PUBLIC_RUNS (default 5): loads per row; the table gives the median and the fastest.
 * BENCH_PUBLIC_WATERFALL=1 also prints one load's requests (start and end, ms from navigation): what waits on what.
 * BENCH_PUBLIC_PROFILE=1 also profiles one more load's main thread (V8's sampling profiler) and prints where its
 * time went: per module (the build's source maps name the package or the app's file), and the longest functions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { api } from '@tessera/shared';
import type { Browser } from 'playwright-core';
import { apiSignIn, callAs } from '../../e2e/support/api.ts';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { CardsSetup, salesCsv } from '../../e2e/support/cards.ts';
import { ADMIN, startTessera, type Tessera } from '../../e2e/support/tessera.ts';

const runs = Number(process.env.BENCH_PUBLIC_RUNS ?? 5);
const CARDS = 5;

/** A public project with a dashboard of five charts (bar, line, area, scatter, pie); answers its public path. */
async function fiveCardPublicDashboard(app: Tessera): Promise<string> {
  const token = await apiSignIn(app, ADMIN.email, ADMIN.password);
  const organization = await callAs(app, token, api.getMyOrganization);
  await callAs(app, token, api.updateOrganization, {
    params: { id: organization._id },
    body: { publicSharing: true },
  });
  const setup = await CardsSetup.create(app, token, 'Public sales');
  await callAs(app, token, api.updateProject, { params: { id: setup.projectId }, body: { public: true } });
  const f = await setup.uploadDataset('sales.csv', salesCsv(240).text);
  const dashboard = await callAs(app, token, api.createDashboard, {
    body: { projectId: setup.projectId, name: 'Five cards', description: '', type: 'Dashboard', tabName: 'All' },
  });
  const tabId = dashboard.tabs[0] as string;
  const ref = (id: string) => ({ _id: id, dataset: { _id: f.datasetId } });
  const kinds = ['bar', 'line', 'area', 'scatter', 'pie'] as const;
  for (const [i, kind] of kinds.entries()) {
    await setup.addCard(tabId, { x: (i % 2) * 6, y: Math.floor(i / 2) * 4, w: 6, h: 4 }, `Card ${i + 1}`, 'chart', {
      chartType: kind,
      independent: [
        { series: [{ id: `x${i}`, feature: ref(kind === 'scatter' ? f.quantity : f.product), operation: '' }] },
      ],
      dependent: [{ series: [{ id: `y${i}`, feature: ref(f.amount), operation: kind === 'scatter' ? '' : 'sum' }] }],
    });
  }
  return `/public/dashboards/${dashboard._id}/tabs/${tabId}`;
}

interface Load {
  drawnMs: number;
  /** Every request: path, start and end in ms from the navigation's start. */
  requests: Array<{ path: string; start: number; end: number }>;
  jsTransferred: number;
  jsDecoded: number;
  scripts: string[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The profile's timeline is cut into slices of this many ms, each naming the modules that took most of it. */
const TIMELINE_MS = 50;

const ASSETS = new URL('../../packages/web/dist/assets/', import.meta.url);
const sourceMaps = new Map<string, TraceMap | null>();

/** The built script's source map (null when the build wrote none for it). */
function sourceMapOf(script: string): TraceMap | null {
  if (!sourceMaps.has(script)) {
    const file = fileURLToPath(new URL(`${script}.map`, ASSETS));
    sourceMaps.set(script, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return sourceMaps.get(script) ?? null;
}

/** A source's path from its package folder: `zod/v4/core/core.js`, or the app's `src/...` file. */
const sourcePath = (source: string) => (source.split('node_modules/').pop() ?? source).replace(/^(\.\.\/)+/, '');

/** A source's module: a dependency's package (`zod`, `@mantine/core`), or the app's own file. */
const moduleName = (source: string) =>
  source.includes('node_modules/')
    ? sourcePath(source)
        .split('/')
        .slice(0, source.includes('node_modules/@') ? 2 : 1)
        .join('/')
    : sourcePath(source);

/**
 * Self time of a V8 CPU profile per source module (through the build's source maps: a dependency's package, or
 * the app's file) and per function, longest first. V8's own work (compiling, the collector, idle) keeps its name.
 */
function profileTables(profile: Profile): {
  modules: Array<[string, number]>;
  functions: Array<[string, number]>;
  timeline: Array<[number, Array<[string, number]>]>;
} {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const modules = new Map<string, number>();
  const functions = new Map<string, number>();
  const buckets = new Map<number, Map<string, number>>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    let module = `(${frame?.functionName || 'native'})`;
    let name = module;
    if (frame?.url) {
      const script = new URL(frame.url).pathname.replace('/assets/', '');
      const map = sourceMapOf(script);
      const original = map
        ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
        : null;
      module = original?.source ? moduleName(original.source) : script;
      const file = original?.source ? `${sourcePath(original.source)}:${original.line}` : script;
      name = `${original?.name ?? frame.functionName ?? '(anonymous)'} ${file}`;
    }
    modules.set(module, (modules.get(module) ?? 0) + ms);
    functions.set(name, (functions.get(name) ?? 0) + ms);
    at += ms;
    const bucket = Math.floor(at / TIMELINE_MS) * TIMELINE_MS;
    const inBucket = buckets.get(bucket) ?? new Map<string, number>();
    inBucket.set(module, (inBucket.get(module) ?? 0) + ms);
    buckets.set(bucket, inBucket);
  });
  const longest = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  const timeline = [...buckets].map(([start, m]) => [start, longest(m)] as [number, Array<[string, number]>]);
  return { modules: longest(modules), functions: longest(functions), timeline };
}

async function coldLoad(
  app: Tessera,
  browser: Browser,
  path: string,
  identity: boolean,
  profile?: (p: Profile) => void,
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    const scripts = new Map<string, string>();
    const started = new Map<string, { path: string; at: number }>();
    const requests: Load['requests'] = [];
    let origin = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!origin) origin = e.timestamp;
      const url = new URL(e.request.url);
      started.set(e.requestId, { path: `${e.request.method} ${url.pathname}`, at: e.timestamp });
    });
    let jsTransferred = 0;
    let jsDecoded = 0;
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, new URL(e.response.url).pathname);
    });
    cdp.on('Network.dataReceived', (e) => {
      if (scripts.has(e.requestId)) jsDecoded += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const request = started.get(e.requestId);
      if (request) {
        requests.push({ path: request.path, start: (request.at - origin) * 1000, end: (e.timestamp - origin) * 1000 });
      }
      if (scripts.has(e.requestId)) jsTransferred += e.encodedDataLength;
    });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${app.url}${path}`, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="chart-view"][data-values]').length >= count,
      CARDS,
      { polling: 'raf', timeout: 120_000 },
    );
    const drawnMs = await page.evaluate(() => performance.now());
    if (profile) profile(((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile);
    return { drawnMs, requests, jsTransferred, jsDecoded, scripts: [...scripts.values()] };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

const app = await startTessera();
const browser = await launchBrowser();
try {
  const path = await fiveCardPublicDashboard(app);
  await coldLoad(app, browser, path, false); // warms the server (DuckDB, caches), not the browser
  const rows: Array<[string, Load[]]> = [];
  for (const [name, identity] of [
    ['brotli (as served)', false],
    ['uncompressed (identity)', true],
  ] as const) {
    const loads: Load[] = [];
    for (let i = 0; i < runs; i++) loads.push(await coldLoad(app, browser, path, identity));
    rows.push([name, loads]);
  }
  console.log(
    `5-card public dashboard, cold loads (fresh context, cache off) on ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}, ${runs} loads per row`,
  );
  console.log(
    '| JS sent as              | navigation → 5 cards drawn, median (fastest) | JS transferred | JS decoded | scripts |',
  );
  console.log(
    '| ----------------------- | -------------------------------------------- | -------------: | ---------: | ------: |',
  );
  for (const [name, loads] of rows) {
    const times = loads.map((l) => l.drawnMs);
    const first = loads[0] as Load;
    console.log(
      `| ${name.padEnd(23)} | ${`${Math.round(median(times))} ms (${Math.round(Math.min(...times))} ms)`.padEnd(44)} | ${kb(first.jsTransferred).padStart(14)} | ${kb(first.jsDecoded).padStart(10)} | ${String(first.scripts.length).padStart(7)} |`,
    );
  }
  console.log(
    `\nScripts the public page loaded: ${((rows[0] as [string, Load[]])[1][0] as Load).scripts.map((s) => s.replace('/assets/', '')).join(', ')}`,
  );
  if (process.env.BENCH_PUBLIC_WATERFALL) {
    const load = ((rows[0] as [string, Load[]])[1][0] as Load).requests.sort((a, b) => a.start - b.start);
    console.log('\n| request | start ms | end ms |\n| --- | ---: | ---: |');
    for (const r of load)
      console.log(`| ${r.path.replace('/assets/', '')} | ${r.start.toFixed(0)} | ${r.end.toFixed(0)} |`);
  }
  if (process.env.BENCH_PUBLIC_PROFILE) {
    let profile: Profile | undefined;
    const load = await coldLoad(app, browser, path, false, (p) => {
      profile = p;
    });
    const { modules, functions, timeline } = profileTables(profile as Profile);
    const total = modules.reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`\nOne profiled load: drawn at ${Math.round(load.drawnMs)} ms; ${Math.round(total)} ms sampled`);
    console.log('| self time in (module) | ms |\n| --- | ---: |');
    for (const [name, ms] of modules.slice(0, 30)) console.log(`| ${name} | ${ms.toFixed(0)} |`);
    console.log('\n| function | self ms |\n| --- | ---: |');
    for (const [name, ms] of functions.slice(0, 25)) console.log(`| ${name} | ${ms.toFixed(1)} |`);
    console.log(
      `\n| ms from the profile's start (${TIMELINE_MS} ms slices) | where the main thread was, ms |\n| ---: | --- |`,
    );
    for (const [start, top] of timeline) {
      const names = top.slice(0, 4).map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
      console.log(`| ${start} | ${names.join(', ')} |`);
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
