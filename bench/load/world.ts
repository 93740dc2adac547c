/**
 * What bench/load drives: a public dashboard of 12 cards over the imported CSV, and one viewer as the browser
 * is: the dashboard's page (with the answers the server writes into it: platform/pageAnswers.ts), the
 * dashboard and the cards the page did not bring (together, in one batch: the web's publicCards.ts), then one
 * filter change and the 12 cards again, in one batch.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';

import {
  api,
  cardDataRequest,
  type DashboardFilter,
  firstCardRequest,
  PAGE_ANSWERS_ATTRIBUTE,
  type PublicCardRequest,
  requestUrl,
} from '@tessera/shared';
import { callAs } from '../../e2e/support/api.ts';
import type { Tessera } from '../../e2e/support/tessera.ts';
import { requestJson, uploadFile } from '../support/http.ts';

const unbrotli = promisify(brotliDecompress);
const REGIONS = ['north', 'south', 'east', 'west', 'centre', 'overseas'];

export interface PublicDashboard {
  /** The dashboard's id (its public page is `/public/dashboards/{id}`). */
  id: string;
  /** Its public API path. */
  path: string;
  cards: Array<{ id: string; name: string; type: 'chart' | 'kpi' | 'table' }>;
  tabId: string;
  regionFeature: string;
  /** The category feature (bench/crossFilter's clicks select its values too). */
  categoryFeature: string;
}

/** The dataset imported from the CSV, a public project and a dashboard of 12 cards over it. */
export async function publicDashboard(app: Tessera, token: string, csv: string): Promise<PublicDashboard> {
  const base = app.url;
  const call = <T>(method: string, url: string, body?: unknown) => requestJson<T>(base, method, url, token, body);
  const organization = await callAs(app, token, api.getMyOrganization);
  await callAs(app, token, api.updateOrganization, { params: { id: organization._id }, body: { publicSharing: true } });
  const projectId = (await callAs(app, token, api.createProject, { body: { name: 'Load' } }))._id;
  await callAs(app, token, api.updateProject, { params: { id: projectId }, body: { public: true } });
  const dataset = await callAs(app, token, api.createDataset, { body: { type: 'file', name: 'sales', projectId } });
  const job = await uploadFile(base, `/api/v1/datasets/${dataset._id}/upload`, token, csv);
  type Detail = { imported: boolean; features: Array<{ _id: string; name: string }> };
  let detail: Detail;
  for (;;) {
    detail = await call<Detail>('GET', `/api/v1/datasets/${dataset._id}`);
    if (detail.imported) break;
    const { jobs } = await call<{ jobs: Array<{ _id: string; status: string; message?: string }> }>(
      'GET',
      `/api/v1/datasets/${dataset._id}/jobs`,
    );
    const failed = jobs.find((j) => j._id === job._id && j.status === 'failed');
    if (failed) throw new Error(`the import failed: ${failed.message}`);
    await sleep(500);
  }
  const feature = (name: string) => {
    const found = detail.features.find((f) => f.name === name);
    if (!found) throw new Error(`no feature ${name}`);
    return { _id: found._id, dataset: { _id: dataset._id } };
  };
  const dashboard = await callAs(app, token, api.createDashboard, {
    body: { projectId, name: 'Twelve cards', description: '', type: 'Dashboard', tabName: 'All' },
  });
  const tabId = dashboard.tabs[0] as string;
  const chart = (chartType: string, x: string, y: string, operation: string) => ({
    chartType,
    independent: [{ series: [{ id: `x-${x}`, feature: feature(x), operation: '' }] }],
    dependent: [{ series: [{ id: `y-${y}-${operation}`, feature: feature(y), operation }] }],
  });
  const kpi = (y: string, operation: string) => ({
    kpi: [{ id: `kpi-${y}-${operation}`, feature: feature(y), operation }],
    filters: [],
  });
  const specs: Array<[string, 'chart' | 'kpi' | 'table', object]> = [
    ['Amount by category', 'chart', chart('bar', 'category', 'amount', 'sum')],
    ['Orders by region', 'chart', chart('bar', 'region', 'id', 'count')],
    ['Quantity by region', 'chart', chart('pie', 'region', 'quantity', 'sum')],
    ['Average amount by category', 'chart', chart('area', 'category', 'amount', 'avg')],
    ['Quantity by category', 'chart', chart('line', 'category', 'quantity', 'sum')],
    ['Largest order by region', 'chart', chart('bar', 'region', 'amount', 'max')],
    ['Smallest order by category', 'chart', chart('bar', 'category', 'amount', 'min')],
    ['Average quantity by region', 'chart', chart('line', 'region', 'quantity', 'avg')],
    ['Revenue', 'kpi', kpi('amount', 'sum')],
    ['Orders', 'kpi', kpi('id', 'count')],
    ['Average order', 'kpi', kpi('amount', 'avg')],
    [
      'Orders',
      'table',
      {
        table: ['id', 'category', 'region', 'amount'].map((name) => ({ id: `col-${name}`, feature: feature(name) })),
        filters: [],
      },
    ],
  ];
  const cards: PublicDashboard['cards'] = [];
  for (const [i, [name, type, vis]] of specs.entries()) {
    const { unit } = await callAs(app, token, api.createUnit, {
      params: { id: tabId },
      body: { layoutItem: { x: (i % 3) * 4, y: Math.floor(i / 3) * 4, w: 4, h: 4, moved: false, static: false } },
    });
    await callAs(app, token, api.updateUnit, {
      params: { id: unit._id },
      query: { tabId },
      body: { name, type, vis } as never,
    });
    cards.push({ id: unit._id, name: `${type} ${name}`, type });
  }
  return {
    id: dashboard._id,
    path: `/api/v1/public/dashboards/${dashboard._id}`,
    cards,
    tabId,
    regionFeature: feature('region')._id,
    categoryFeature: feature('category')._id,
  };
}

/** The p-quantile (0..1) of some durations. */
export const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number) : Number.NaN;
};

export interface Timing {
  /** The card's index; -1 for the page itself (or the dashboard's detail when the page did not bring it). */
  card: number;
  phase: 'load' | 'filter';
  /** On load: from the page's request to the card's answer; after the filter: the card's own request. */
  ms: number;
  /** The HTTP status, 0 when the request itself failed (reset, refused). */
  status: number;
  /** The answer came inside the page: no request of its own. */
  ahead?: boolean;
  /** The answer came on its line of a batch of cards (`card` -2 is the batch's own request). */
  batched?: boolean;
}

interface Answer {
  status: number;
  body: Buffer;
}

/**
 * A GET or a POST with a JSON body over the agent's connections (a viewer's own 6, as a browser), asking for
 * brotli as a browser does; answers the status and the body (decompressed), status 0 when the request failed.
 */
export function ask(agent: http.Agent, url: string, method: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const failed = { status: 0, body: Buffer.alloc(0) };
  return new Promise((resolve) => {
    const req = http.request(url, {
      method,
      agent,
      headers: {
        'accept-encoding': 'br',
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const status = res.statusCode ?? 0;
        if (res.headers['content-encoding'] !== 'br') return resolve({ status, body: raw });
        unbrotli(raw).then(
          (decoded) => resolve({ status, body: decoded }),
          () => resolve(failed),
        );
      });
      res.on('error', () => resolve(failed));
    });
    req.on('error', () => resolve(failed));
    req.end(payload);
  });
}

/** The status of a GET or a POST with a JSON body (bench/load/hot.ts). */
export const request = async (agent: http.Agent, url: string, method: string, body?: unknown) =>
  (await ask(agent, url, method, body)).status;

/**
 * A batch of cards (`getPublicUnitsData`) over the agent's connections, as the web app sends it: answers the
 * batch's status and, for each card of the batch (by index), when its line came (ms since `start`) and its status.
 */
function askBatch(
  agent: http.Agent,
  url: string,
  cards: PublicCardRequest[],
  start: number,
): Promise<{ status: number; lines: Map<number, { ms: number; status: number }> }> {
  const payload = JSON.stringify({ cards });
  const lines = new Map<number, { ms: number; status: number }>();
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    req.on('response', (res) => {
      let pending = '';
      const take = (line: string) => {
        if (!line) return;
        // The viewer reads what a line says, as the network sees it; the contract's schemas are the web app's and
        // the tests' to check (parsing 2,400 answers a wave would take the viewers' process a core of the two).
        const one = JSON.parse(line) as { index: number; data?: unknown; status?: number };
        if (typeof one.index !== 'number') return;
        const status = one.data !== undefined ? 200 : (one.status ?? 0);
        lines.set(one.index, { ms: performance.now() - start, status });
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const parts = (pending + chunk).split('\n');
        pending = parts.pop() ?? '';
        for (const line of parts) take(line);
      });
      res.on('end', () => {
        take(pending);
        resolve({ status: res.statusCode ?? 0, lines });
      });
      res.on('error', () => resolve({ status: 0, lines }));
    });
    req.on('error', () => resolve({ status: 0, lines }));
    req.end(payload);
  });
}

/**
 * The cards asked as the web app asks them together (publicCards.ts): one batch; each card's timing is when its
 * line came (since `start`), and the batch's own request is timed as card -2.
 */
async function cardsTogether(
  agent: http.Agent,
  base: string,
  board: PublicDashboard,
  asked: Array<{ index: number; request: PublicCardRequest }>,
  phase: Timing['phase'],
  start: number,
  timings: Timing[],
) {
  if (!asked.length) return;
  const url = `${base}${requestUrl(api.getPublicUnitsData.path, { id: board.id })}`;
  const { status, lines } = await askBatch(
    agent,
    url,
    asked.map((a) => a.request),
    start,
  );
  timings.push({ card: -2, phase, ms: performance.now() - start, status });
  for (const [at, { index }] of asked.entries()) {
    const line = lines.get(at);
    timings.push({
      card: index,
      phase,
      ms: line?.ms ?? performance.now() - start,
      status: line?.status ?? 0,
      batched: true,
    });
  }
}

/**
 * The requests (method and path with query) whose answers the page brought: each answer's element opens with its
 * request (`{"method":…,"url":…`, pageAnswers.ts), read without parsing the answers themselves (the web app's
 * work, in the browser; parsing 200 pages' answers took about 5 % of the viewers' process in a wave).
 */
const WRITTEN_ANSWER = new RegExp(
  `<script type="application/json" ${PAGE_ANSWERS_ATTRIBUTE}>\\{"method":"(GET|POST)","url":("(?:[^"\\\\]|\\\\.)*")`,
  'g',
);
function answeredInPage(html: string): Set<string> {
  const requests = html.matchAll(WRITTEN_ANSWER);
  return new Set(Array.from(requests, ([, method, url]) => `${method} ${JSON.parse(url as string)}`));
}

/**
 * One viewer: the public page (its scripts are in the browser's cache: hashed names, long cache), what the page
 * did not bring (the dashboard's detail first, then its cards), then the region filter changed and every card
 * asked again with it, the requests the web app makes (shared `firstCardRequest`, `cardDataRequest`).
 */
export async function viewer(base: string, board: PublicDashboard, n: number, timings: Timing[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  try {
    const start = performance.now();
    const page = await ask(agent, `${base}/public/dashboards/${board.id}`, 'GET');
    const pageMs = performance.now() - start;
    timings.push({ card: -1, phase: 'load', ms: pageMs, status: page.status });
    if (page.status !== 200) return;
    const answered = answeredInPage(page.body.toString('utf8'));
    const detail = requestUrl(api.getPublicDashboard.path, { id: board.id });
    if (!answered.has(`GET ${detail}`)) {
      const { status } = await ask(agent, `${base}${detail}`, 'GET');
      timings.push({ card: -1, phase: 'load', ms: performance.now() - start, status });
    }
    // The cards the page did not bring, asked together; then the filter changed and all of them again.
    const notAnswered = board.cards.flatMap((card, index) => {
      const { query, body } = firstCardRequest({ type: card.type, tabId: board.tabId }, []);
      const url = requestUrl(api.getPublicUnitData.path, { id: board.id, unitId: card.id }, query);
      if (!answered.has(`POST ${url}`)) return [{ index, request: { unitId: card.id, query, body } }];
      timings.push({ card: index, phase: 'load', ms: pageMs, status: 200, ahead: true });
      return [];
    });
    await cardsTogether(agent, base, board, notAnswered, 'load', start, timings);
    const region = REGIONS[n % REGIONS.length] as string;
    const filters: DashboardFilter[] = [
      { _id: 'region', type: 'category', operation: 'equal', value: [region], feature: { id: board.regionFeature } },
    ];
    const filtered = board.cards.map((card, index) => {
      const { query, body } = cardDataRequest({
        tabId: board.tabId,
        page: card.type === 'table' ? 1 : undefined,
        filters,
      });
      return { index, request: { unitId: card.id, query, body } };
    });
    await cardsTogether(agent, base, board, filtered, 'filter', performance.now(), timings);
  } finally {
    agent.destroy();
  }
}
