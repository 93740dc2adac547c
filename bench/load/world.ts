/**
 * What bench/load drives: a public dashboard of 12 cards over the imported CSV, and one viewer as the browser
 * is: the dashboard's page (with the answers the server writes into it: platform/pageAnswers.ts), the
 * dashboard and cards the page did not bring, 6 requests at a time, then one filter change and the 12 cards again.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';

import {
  api,
  cardDataRequest,
  type DataAppFilter,
  firstCardRequest,
  PAGE_ANSWERS_ELEMENT_ID,
  pageAnswersSchema,
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

/** The requests (method and path with query) whose answers the page brought. */
function answeredInPage(html: string): Set<string> {
  const open = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">`;
  const at = html.indexOf(open);
  if (at < 0) return new Set();
  const json = html.slice(at + open.length, html.indexOf('</script>', at));
  const parsed = pageAnswersSchema.safeParse(JSON.parse(json));
  return new Set(parsed.success ? parsed.data.map((answer) => `${answer.method} ${answer.url}`) : []);
}

/** Runs the tasks `width` at a time (a browser's 6 connections to one host). */
async function inParallel(tasks: Array<() => Promise<void>>, width: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) await (tasks[next++] as () => Promise<void>)();
    }),
  );
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
    const cardUrl = (cardId: string, query: Record<string, unknown>) =>
      requestUrl(api.getPublicUnitData.path, { id: board.id, unitId: cardId }, query);
    await inParallel(
      board.cards.map((card, i) => async () => {
        const { query, body } = firstCardRequest({ type: card.type, tabId: board.tabId }, []);
        const url = cardUrl(card.id, query);
        if (answered.has(`POST ${url}`)) {
          timings.push({ card: i, phase: 'load', ms: pageMs, status: 200, ahead: true });
          return;
        }
        const { status } = await ask(agent, `${base}${url}`, 'POST', body);
        timings.push({ card: i, phase: 'load', ms: performance.now() - start, status });
      }),
      6,
    );
    const region = REGIONS[n % REGIONS.length] as string;
    const filters: DataAppFilter[] = [
      { _id: 'region', type: 'category', operation: 'equal', value: [region], feature: { id: board.regionFeature } },
    ];
    await inParallel(
      board.cards.map((card, i) => async () => {
        const { query, body } = cardDataRequest({
          tabId: board.tabId,
          page: card.type === 'table' ? 1 : undefined,
          filters,
        });
        const at = performance.now();
        const { status } = await ask(agent, `${base}${cardUrl(card.id, query)}`, 'POST', body);
        timings.push({ card: i, phase: 'filter', ms: performance.now() - at, status });
      }),
      6,
    );
  } finally {
    agent.destroy();
  }
}
