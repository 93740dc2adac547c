/**
 * What bench/load drives: a public dashboard of 12 cards over the imported CSV, and one viewer (the dashboard,
 * its 12 cards 6 requests at a time as a browser does, then one filter change and the 12 cards again).
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { api } from '@tessera/shared';
import { callAs } from '../../e2e/support/api.ts';
import type { Tessera } from '../../e2e/support/tessera.ts';
import { requestJson, uploadFile } from '../support/http.ts';

const REGIONS = ['north', 'south', 'east', 'west', 'centre', 'overseas'];

export interface PublicDashboard {
  path: string;
  cards: Array<{ id: string; name: string }>;
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
    cards.push({ id: unit._id, name: `${type} ${name}` });
  }
  return { path: `/api/v1/public/dashboards/${dashboard._id}`, cards, tabId, regionFeature: feature('region')._id };
}

/** The p-quantile (0..1) of some durations. */
export const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number) : Number.NaN;
};

export interface Timing {
  card: number;
  phase: 'load' | 'filter';
  ms: number;
  /** The HTTP status, 0 when the request itself failed (reset, refused). */
  status: number;
}

/** A POST or GET with a JSON body over the agent's connections (a viewer's own 6, as a browser); answers the status. */
export function request(agent: http.Agent, url: string, method: string, body?: unknown): Promise<number> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(url, {
      method,
      agent,
      headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
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

export async function viewer(base: string, board: PublicDashboard, n: number, timings: Timing[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  try {
    const dashboardStatus = await request(agent, `${base}${board.path}`, 'GET');
    if (dashboardStatus !== 200) timings.push({ card: -1, phase: 'load', ms: 0, status: dashboardStatus });
    const region = REGIONS[n % REGIONS.length] as string;
    for (const phase of ['load', 'filter'] as const) {
      const body =
        phase === 'load'
          ? {}
          : {
              filters: [
                {
                  _id: 'region',
                  type: 'category',
                  operation: 'equal',
                  value: [region],
                  feature: { id: board.regionFeature },
                },
              ],
            };
      await Promise.all(
        board.cards.map(async (card, i) => {
          const at = performance.now();
          const status = await request(
            agent,
            `${base}${board.path}/units/${card.id}/data?tabId=${board.tabId}`,
            'POST',
            body,
          );
          timings.push({ card: i, phase, ms: performance.now() - at, status });
        }),
      );
    }
  } finally {
    agent.destroy();
  }
}
