import type { AddressInfo } from 'node:net';
import {
  type DatasetDetail,
  type Model,
  type ModelRun,
  type Package,
  projectNamespace,
  REALTIME_PATH,
  type UnitData,
} from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRequest } from '../../platform/pageAnswers.ts';
import { projects } from '../../platform/tenancy.tables.ts';
import { addTab, addUnit, createDashboard, publicDashboardPage } from '../dashboards/dashboards.fixtures.ts';
import {
  caller,
  type DatasetsWorld,
  datasetsWorld,
  eventually,
  importCsv,
  SALES,
} from '../datasets/datasets.fixtures.ts';
import { builtPackage, createModel, execute, waitForRun } from './models.fixtures.ts';

/**
 * A public dashboard shows a model's selected run as the signed-in dashboard does (docs/models.md "Selected run"):
 * its read-only bar shows that run's inputs, its cards read that run's rows, the page's first answers are those,
 * and a change of the selection reaches the public page's live channel. Real Python runs, PGlite or PostgreSQL.
 */

let w: DatasetsWorld;
let pkg: Package;
let sales: DatasetDetail;
let model: Model;
let board: { _id: string };
let tabId: string;
let cardId: string;
const runs: ModelRun[] = [];
const sockets: Socket[] = [];

/** Sum of SALES' amounts (an empty amount is skipped): what `totals` sums, times its factor. */
const SALES_TOTAL = SALES.split('\n')
  .slice(1)
  .reduce((sum, line) => sum + Number(line.split(',')[2] || 0), 0);

beforeAll(async () => {
  w = await datasetsWorld();
  [pkg, sales] = await Promise.all([builtPackage(w), importCsv(w, 'sales', SALES)]);
  const created = await createModel(w, pkg, 'totals', { name: 'Totals' });
  const inputs = created.inputs.map((i) => ({ ...i, display: { ...i.display, modelBar: i.varName === 'factor' } }));
  const edited = await caller(w, w.editor)('PUT', `/api/v1/models/${created._id}`, { inputs });
  expect(edited.statusCode, edited.body).toBe(200);
  for (const factor of [20, 10]) {
    const run = await waitForRun(
      w,
      (
        await execute(w, created._id, [
          { varName: 'df', value: sales._id },
          { varName: 'factor', value: factor },
        ])
      )._id,
    );
    expect(run.status, run.error ?? '').toBe('finished');
    runs.push(run);
  }
  model = (await caller(w, w.editor)('GET', `/api/v1/models/${created._id}`)).json();
  // A KPI card summing the model's output amount, on a dashboard of the (public) project.
  const output: DatasetDetail = (
    await caller(w, w.editor)('GET', `/api/v1/datasets/${model.outputs[0].dataset._id}`)
  ).json();
  const amount = output.features.find((f) => f.name === 'amount');
  if (!amount) throw new Error('no amount column');
  board = await createDashboard(w.t, w.editor, w.projectId, { name: 'Public totals' });
  const tab = await addTab(w.t, w.editor, board._id);
  tabId = tab._id;
  const { unit } = await addUnit(w.t, w.editor, tab._id);
  cardId = unit._id;
  const kpi = [{ id: 'k', feature: { _id: amount._id, dataset: { _id: output._id } }, operation: 'sum' }];
  const saved = await caller(w, w.editor)('PUT', `/api/v1/units/${unit._id}`, { type: 'kpi', vis: { kpi } });
  expect(saved.statusCode, saved.body).toBe(200);
  await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
}, 400_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await w?.t.close();
});

const anyone = async (method: 'GET' | 'POST', url: string) => {
  const res = await w.t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const bars = () => anyone('GET', `/api/v1/public/dashboards/${board._id}/models`);
const publicCard = async (jobId?: string): Promise<number> => {
  const query = `tabId=${tabId}${jobId ? `&jobId=${jobId}` : ''}`;
  const data = (await anyone(
    'POST',
    `/api/v1/public/dashboards/${board._id}/units/${cardId}/data?${query}`,
  )) as UnitData;
  expect(data.error).toBeNull();
  return Number((data.data as Record<string, unknown>).k);
};
const select = async (runId: string | null) => {
  const res = await caller(w, w.viewer)('PUT', `/api/v1/models/${model._id}/selected-run`, { runId });
  expect(res.statusCode, res.body).toBe(200);
};
/** The public page's first requests and what they are kept under, as the server answers them ahead. */
async function pageAhead() {
  const path = `/public/dashboards/${board._id}/tabs/${tabId}`;
  const match = publicDashboardPage.path.exec(path);
  if (!match) throw new Error('the public page path does not match');
  const asks = await publicDashboardPage.asks(match, w.t.app);
  if (!asks) throw new Error('the public page does not open');
  const asked: PageRequest[] = [];
  const complete = await asks.ask(async (request) => {
    asked.push(request);
    const res = await w.t.app.inject({
      method: request.method,
      url: request.url,
      ...(request.body === undefined ? {} : { payload: request.body as object }),
    });
    return res.statusCode === 200 ? res.json() : undefined;
  });
  expect(complete).toBe(true);
  return { keptUnder: JSON.stringify(asks.keptUnder), asked };
}

describe('a public dashboard and a model’s selected run', () => {
  it('shows the latest run until one is selected, then that run’s inputs and rows, as a member sees them', {
    timeout: 60_000,
  }, async () => {
    const latest = await bars();
    expect(latest.models).toEqual([
      {
        _id: model._id,
        name: 'Totals',
        runButtonText: model.runButtonText,
        inputs: [expect.objectContaining({ varName: 'factor', value: '10' })],
        selectedOutputs: [],
      },
    ]);
    const before = await pageAhead();
    const cardRequest = (asked: PageRequest[]) => asked.find((r) => r.url.includes(`/units/${cardId}/data`));
    expect(cardRequest(before.asked)?.url).not.toContain('jobId');

    await select(runs[0]._id);
    const chosen = await bars();
    const job = runs[0].outputs[0].jobId;
    expect(job).toMatch(/^[0-9a-f]{24}$/);
    expect(chosen.models[0].inputs[0].value).toBe('20');
    expect(chosen.models[0].selectedOutputs).toEqual([{ datasetId: model.outputs[0].dataset._id, jobId: job }]);
    // The card reads the selected run's rows: its factor, 20; a member's card with that job reads the same.
    expect(await publicCard(job)).toBeCloseTo(SALES_TOTAL * 20);
    const member = await caller(w, w.viewer)('POST', `/api/v1/units/${cardId}/data?tabId=${tabId}&jobId=${job}`, {});
    expect(Number(member.json().data.k)).toBeCloseTo(SALES_TOTAL * 20);

    // The page's first answers are asked afresh (the selection is part of what they are kept under) and its card
    // asks for the selected run's job, as the page itself does once it has the bars.
    const after = await pageAhead();
    expect(after.keptUnder).not.toBe(before.keptUnder);
    expect(cardRequest(after.asked)?.url).toContain(`jobId=${job}`);
    expect(after.asked.findIndex((r) => r.url.endsWith('/models'))).toBeLessThan(
      after.asked.indexOf(cardRequest(after.asked) as PageRequest),
    );

    // Back to the latest: the newest run's inputs, no job.
    await select(null);
    const back = await bars();
    expect([back.models[0].inputs[0].value, back.models[0].selectedOutputs]).toEqual(['10', []]);
    expect((await pageAhead()).keptUnder).not.toBe(after.keptUnder);
  });

  it('tells the public page’s live channel when the selected run changes', { timeout: 30_000 }, async () => {
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.t.app.server.address() as AddressInfo;
    const socket = io(`http://127.0.0.1:${port}${projectNamespace(w.projectId)}`, {
      path: REALTIME_PATH,
      auth: {},
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const events: Array<[string, unknown]> = [];
    socket.onAny((event, payload) => events.push([event, payload]));
    await select(runs[0]._id);
    await eventually(
      () => events.some(([e, p]) => e === 'model:updated' && (p as { _id: string })._id === model._id),
      'the public model:updated event',
    );
    // Nothing but the model's id: a visitor hears no run, input or log.
    expect(events.map(([e]) => e)).not.toContain('modelRun:updated');
    expect(events.find(([e]) => e === 'model:updated')?.[1]).toEqual({ _id: model._id, deleted: false });
  });

  it('answers 404 for another tenant’s dashboard and for a private project, and changes nothing', async () => {
    expect(
      (await w.t.app.inject({ method: 'GET', url: `/api/v1/public/dashboards/${w.outsiderProjectId}/models` }))
        .statusCode,
    ).toBe(404);
    await w.t.database.db.update(projects).set({ public: false }).where(eq(projects.id, w.projectId));
    try {
      const closed = await w.t.app.inject({ method: 'GET', url: `/api/v1/public/dashboards/${board._id}/models` });
      expect(closed.statusCode).toBe(404);
    } finally {
      await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
    }
    expect(((await caller(w, w.viewer)('GET', `/api/v1/models/${model._id}`)).json() as Model).selectedRunId).toBe(
      runs[0]._id,
    );
  });
});
