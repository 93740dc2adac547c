import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import {
  type DatasetDetail,
  type Model,
  type ModelRun,
  type Package,
  PROJECT_ROLE_PRESETS,
  type ProjectRoles,
  projectNamespace,
  REALTIME_PATH,
  ROLE_PRESETS,
} from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../platform/tenancy.tables.ts';
import { addTab, addUnit, createDashboard } from '../dashboards/dashboards.fixtures.ts';
import {
  caller,
  type DatasetsWorld,
  datasetsWorld,
  eventually,
  importCsv,
  rowsByName,
  SALES,
} from '../datasets/datasets.fixtures.ts';
import { membership, person } from '../projects/projects.fixtures.ts';
import { builtPackage, createModel, execute, waitForRun } from './models.fixtures.ts';
import { sandboxPoolOf } from './models.jobs.ts';
import { runsDirOf } from './run.job.ts';

/** Models over real Python 3.11 + pandas in the sandbox, on the real jobs platform and datasets. */

let w: DatasetsWorld;
let pkg: Package;
let sales: DatasetDetail;
beforeAll(async () => {
  w = await datasetsWorld({ MODEL_RUN_MEMORY_MB: '256' });
  [pkg, sales] = await Promise.all([builtPackage(w), importCsv(w, 'sales', SALES)]);
}, 300_000);
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await w?.t.close();
});

const dataset = async (id: string): Promise<DatasetDetail> =>
  (await caller(w, w.editor)('GET', `/api/v1/datasets/${id}`)).json();

/** Region totals of the CSV times `factor`, as pandas computes them (an empty amount is skipped). */
function expectedTotals(factor: number) {
  const [header, ...lines] = SALES.split('\n');
  const cols = header.split(',');
  const sums = new Map<string, number>();
  for (const line of lines) {
    const cells = line.split(',');
    const region = cells[cols.indexOf('region')];
    const amount = cells[cols.indexOf('amount')];
    sums.set(region, (sums.get(region) ?? 0) + (amount === '' ? 0 : Number(amount)));
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([region, sum]) => ({ region, amount: sum * factor }));
}

/** Processes whose command line names one of these folders (a sandbox binds its run's folder) and none of `except`. */
function processesOf(folders: string[], except: string[] = []): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (folders.some((folder) => command.includes(folder)) && !except.some((folder) => command.includes(folder)))
        found.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('model runs', () => {
  it('runs a pandas function over a dataset and writes a Model Output dataset', { timeout: 120_000 }, async () => {
    const model = await createModel(w, pkg, 'totals');
    expect(model.inputs.map((i) => [i.varName, i.dataType, i.defaultValue])).toEqual([
      ['df', 'dataframe', null],
      ['factor', 'float', 1],
    ]);
    const queued = await execute(w, model._id, [
      { varName: 'df', value: sales._id },
      { varName: 'factor', value: 2 },
    ]);
    expect(queued.status).toBe('queued');
    const run = await waitForRun(w, queued._id);
    expect(run.status, run.error ?? '').toBe('finished');
    expect(run.outputs).toHaveLength(1);
    const output = await dataset(run.outputs[0].dataset._id);
    expect(output.type).toBe('modelResult');
    expect(output.source.model?.id).toBe(model._id);
    // Typed by the same detection as an upload: three distinct regions in three rows are text, amounts numbers.
    expect(output.features.map((f) => [f.name, f.type])).toEqual([
      ['region', 'text'],
      ['amount', 'number'],
    ]);
    expect(await rowsByName(w, output)).toEqual(expectedTotals(2));
    const after = (await caller(w, w.viewer)('GET', `/api/v1/models/${model._id}`)).json() as Model;
    expect(after.outputs).toEqual(run.outputs.map(({ jobId: _, ...o }) => o));
    expect(run.outputs[0].jobId).toMatch(/^[0-9a-f]{24}$/);
    expect(after.running).toBe(false);

    // The run's sandbox waits for the next run of its package (runner/serving.ts): it serves it, with the same result.
    const pool = sandboxPoolOf(w.t.app)!;
    await until(() => pool.waiting().length > 0);
    const reused = pool.reused;
    const again = await waitForRun(w, (await execute(w, model._id, [{ varName: 'df', value: sales._id }]))._id);
    expect(again.status, again.error ?? '').toBe('finished');
    expect(pool.reused).toBe(reused + 1);
    const both = await rowsByName(w, await dataset(again.outputs[0].dataset._id)); // all runs kept: 2, then 1
    expect(both).toHaveLength(6);
    expect(both).toEqual(expect.arrayContaining([...expectedTotals(2), ...expectedTotals(1)]));
  });

  it.each([
    ['all', 2, [3, 4]],
    ['merge', 2, [3, 4]],
    ['latest', 1, [4]],
  ] as const)('result storage %s keeps %i segment(s)', { timeout: 120_000 }, async (storage, segments, ns) => {
    const model = await createModel(w, pkg, 'summary', { resultStorage: storage });
    const runs: ModelRun[] = [];
    for (const n of [3, 4]) {
      const run = await waitForRun(w, (await execute(w, model._id, [{ varName: 'n', value: n }]))._id);
      expect(run.status, run.error ?? '').toBe('finished');
      runs.push(run);
    }
    if (storage === 'all') {
      // A card pins a run by the dataset job its outputs name: the first run's rows alone.
      const [first] = runs[0].outputs;
      expect(first.jobId).toMatch(/^[0-9a-f]{24}$/);
      const pinned = await rowsByName(w, await dataset(first.dataset._id), `&jobId=${first.jobId}`);
      expect(pinned.map((r) => r.n)).toEqual([3]);
      // A card's latest reads the newest run alone; a series pinned to the first run reads that one.
      const output = await dataset(first.dataset._id);
      const n = { _id: output.features.find((f) => f.name === 'n')?._id, dataset: { _id: output._id } };
      const latest = await cardSum({ kpi: [{ id: 'k', feature: n, operation: 'sum' }] });
      expect(latest).toBe(4);
      const pinnedCard = await cardSum({ kpi: [{ id: 'k', feature: n, operation: 'sum', jobId: first.jobId }] });
      expect(pinnedCard).toBe(3);
    }
    const after = (await caller(w, w.editor)('GET', `/api/v1/models/${model._id}`)).json() as Model;
    expect(after.outputs).toHaveLength(1);
    const output = await dataset(after.outputs[0].dataset._id);
    const rows = await rowsByName(w, output);
    expect(rows.map((r) => r.n).sort()).toEqual(ns);
    expect(rows.every((r) => r.square === (r.n as number) ** 2 && r.label === 'x')).toBe(true);
    const jobs = (await caller(w, w.editor)('GET', `/api/v1/datasets/${output._id}/jobs`)).json().jobs;
    expect(jobs.filter((j: { rowsDeleted?: boolean; status: string }) => j.status === 'completed')).toHaveLength(
      storage === 'latest' ? 2 : segments,
    );
    expect(output.rowCount ?? rows.length).toBe(segments);
  });

  it('a result storage changed on the model is honoured from the next run (latest replaces, merge appends)', {
    timeout: 120_000,
  }, async () => {
    const model = await createModel(w, pkg, 'summary');
    const runWith = async (n: number) => {
      const run = await waitForRun(w, (await execute(w, model._id, [{ varName: 'n', value: n }]))._id);
      expect(run.status, run.error ?? '').toBe('finished');
    };
    const storeAs = async (resultStorage: string) => {
      const res = await caller(w, w.editor)('PUT', `/api/v1/models/${model._id}`, { resultStorage });
      expect([res.statusCode, res.json().resultStorage]).toEqual([200, resultStorage]);
    };
    const ns = async () => {
      const after = (await caller(w, w.editor)('GET', `/api/v1/models/${model._id}`)).json() as Model;
      return (await rowsByName(w, await dataset(after.outputs[0].dataset._id))).map((r) => r.n).sort();
    };
    await runWith(3);
    await runWith(4);
    expect(await ns()).toEqual([3, 4]);
    await storeAs('latest');
    await runWith(5);
    expect(await ns()).toEqual([5]);
    await storeAs('merge');
    await runWith(6);
    expect(await ns()).toEqual([5, 6]);
    const refused = await caller(w, w.editor)('PUT', `/api/v1/models/${model._id}`, { resultStorage: 'some' });
    expect(refused.statusCode).toBe(400);
    expect((await caller(w, w.viewer)('PUT', `/api/v1/models/${model._id}`, { resultStorage: 'all' })).statusCode).toBe(
      403,
    );
    expect(((await caller(w, w.editor)('GET', `/api/v1/models/${model._id}`)).json() as Model).resultStorage).toBe(
      'merge',
    );
  });

  it('a later run that widens a column (an integer, then a float) widens it for the whole dataset', {
    timeout: 120_000,
  }, async () => {
    const model = await createModel(w, pkg, 'ratio', { resultStorage: 'merge' });
    for (const inputs of [
      [{ varName: 'n', value: 4 }],
      [
        { varName: 'n', value: 3 },
        { varName: 'd', value: 2 },
      ],
      [{ varName: 'n', value: 6 }],
    ]) {
      const run = await waitForRun(w, (await execute(w, model._id, inputs))._id);
      expect(run.status, run.error ?? '').toBe('finished');
    }
    const after = (await caller(w, w.editor)('GET', `/api/v1/models/${model._id}`)).json() as Model;
    const output = await dataset(after.outputs[0].dataset._id);
    expect(output.features.map((f) => [f.name, f.db.type])).toEqual([['v', 'DOUBLE']]);
    expect((await rowsByName(w, output)).map((r) => r.v).sort()).toEqual([1.5, 4, 6]);
  });

  it('cancels a sleeping run: the sandbox is gone, then it says cancelled', { timeout: 60_000 }, async () => {
    const model = await createModel(w, pkg, 'sleepy');
    const queued = await execute(w, model._id, []);
    await waitForRun(w, queued._id, new Set(['started']));
    // The run's sandbox is a new one or one an earlier run of its package left (runner/serving.ts): under the runs'
    // folder, and not one still waiting for a next run.
    const runsDir = runsDirOf(w.t.app.ctx.storage.root);
    const running = () => processesOf([runsDir], sandboxPoolOf(w.t.app)?.waiting() ?? []);
    for (let i = 0; i < 100 && !running().length; i++) await new Promise((r) => setTimeout(r, 50));
    const sandbox = running();
    expect(sandbox.length, 'the sandbox runs').toBeGreaterThan(0);
    const res = await caller(w, w.viewer)('PUT', `/api/v1/model-runs/${queued._id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const run = await waitForRun(w, queued._id);
    expect(run.status, JSON.stringify(run)).toBe('cancelled');
    expect(processesOf([runsDir]).filter((pid) => sandbox.includes(pid))).toEqual([]);
  });

  it('fails a function that raises, with its traceback', { timeout: 60_000 }, async () => {
    const model = await createModel(w, pkg, 'broken');
    const run = await waitForRun(w, (await execute(w, model._id, [{ varName: 'x', value: 7 }]))._id);
    expect(run.status).toBe('failed');
    expect(run.failureKind).toBe('error');
    expect(run.error).toMatch(/Traceback/);
    expect(run.error).toMatch(/ValueError: no good 7/);
  });

  it('fails a run that uses more than its memory, saying memory', { timeout: 60_000 }, async () => {
    const model = await createModel(w, pkg, 'hog');
    const run = await waitForRun(w, (await execute(w, model._id, [{ varName: 'mb', value: 1000 }]))._id);
    expect(run.status).toBe('failed');
    expect(run.failureKind).toBe('memory');
    expect(run.error).toMatch(/memory/i);
  });
});

describe('live channel', () => {
  it('streams what the function prints and the run notices, to model and dashboard viewers, once each', {
    timeout: 60_000,
  }, async () => {
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.t.app.server.address() as AddressInfo;
    const connect = async (token: string) => {
      const socket = io(`http://127.0.0.1:${port}${projectNamespace(w.projectId)}`, {
        path: REALTIME_PATH,
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const events: Array<[string, { _id: string; status?: string; text?: string; notice?: string | null }]> = [];
      socket.onAny((event, payload) => events.push([event, payload]));
      return events;
    };
    const editor = await connect(w.editor.token);
    const dashboards = await connect(w.dashboardsOnly.token);
    const model = await createModel(w, pkg, 'totals');
    const run = await waitForRun(w, (await execute(w, model._id, [{ varName: 'df', value: sales._id }]))._id);
    expect(run.status, run.error ?? '').toBe('finished');
    for (const events of [editor, dashboards]) {
      await eventually(
        () => events.some(([e, p]) => e === 'modelRun:updated' && p._id === run._id && p.status === 'finished'),
        'the finished event',
      );
      const mine = events.filter(([, p]) => p._id === run._id);
      expect(mine.filter(([e]) => e === 'modelRun:updated').map(([, p]) => p.status)).toEqual([
        'queued',
        'started',
        'finished',
      ]);
      expect(mine.find(([, p]) => p.status === 'finished')?.[1].notice).toBe('Model Run Complete: totals');
      expect(
        mine
          .filter(([e]) => e === 'modelRun:log')
          .map(([, p]) => p.text)
          .join(''),
      ).toContain('rows 5');
    }
  });
});

/** The sum a KPI card with this vis shows (a card on a new dashboard of the project). */
async function cardSum(vis: object): Promise<unknown> {
  const board = await createDashboard(w.t, w.editor, w.projectId, { name: 'Sums' });
  const tab = await addTab(w.t, w.editor, board._id);
  const { unit } = await addUnit(w.t, w.editor, tab._id);
  const call = caller(w, w.editor);
  const saved = await call('PUT', `/api/v1/units/${unit._id}`, { type: 'kpi', vis });
  expect(saved.statusCode, saved.body).toBe(200);
  const data = await call('POST', `/api/v1/units/${unit._id}/data?tabId=${tab._id}`, {});
  expect(data.statusCode, data.body).toBe(200);
  return data.json().data.k;
}

/** A KPI card on a new dashboard of the project that reads the model's first output (by the editor). */
async function putOnDashboard(model: Model) {
  const fresh = (await caller(w, w.editor)('GET', `/api/v1/models/${model._id}`)).json() as Model;
  const output = await dataset(fresh.outputs[0].dataset._id);
  const board = await createDashboard(w.t, w.editor, w.projectId, { name: 'With a model' });
  const tab = await addTab(w.t, w.editor, board._id);
  const { unit } = await addUnit(w.t, w.editor, tab._id);
  const feature = output.features[0];
  const kpi = [{ id: 'k', feature: { _id: feature._id, dataset: { _id: output._id } }, operation: 'count' }];
  const saved = await caller(w, w.editor)('PUT', `/api/v1/units/${unit._id}`, { type: 'kpi', vis: { kpi } });
  expect(saved.statusCode, saved.body).toBe(200);
  return board;
}

describe('inputs, access and tenants', () => {
  let model: Model;
  let run: ModelRun;
  beforeAll(async () => {
    model = await createModel(w, pkg, 'summary');
    run = await waitForRun(w, (await execute(w, model._id, []))._id);
  }, 60_000);

  it('answers 400 naming the bad field and queues nothing', async () => {
    const totals = await createModel(w, pkg, 'totals');
    const other = await caller(w, w.outsider)('POST', '/api/v1/datasets', {
      name: 'theirs',
      projectId: w.outsiderProjectId,
    });
    const cases: Array<[Array<{ varName: string; value: unknown }>, string]> = [
      [
        [
          { varName: 'df', value: sales._id },
          { varName: 'factor', value: 'abc' },
        ],
        'factor',
      ],
      [[{ varName: 'df', value: other.json()._id }], 'df'],
      [[{ varName: 'df', value: 'not-an-id' }], 'df'],
      [
        [
          { varName: 'df', value: sales._id },
          { varName: 'nope', value: 1 },
        ],
        'nope',
      ],
    ];
    for (const [inputs, field] of cases) {
      const res = await caller(w, w.editor)('POST', `/api/v1/models/${totals._id}/execute`, { inputs });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
    const runs = await caller(w, w.editor)('GET', `/api/v1/models/${totals._id}/model-runs`);
    expect(runs.json().runs).toEqual([]);
  });

  it('lists runs newest first, 20 a page, with favourites and deletes', async () => {
    const call = caller(w, w.viewer);
    const list = (await call('GET', `/api/v1/models/${model._id}/model-runs?limit=20&page=1`)).json().runs;
    expect(list.map((r: ModelRun) => r._id)).toEqual([run._id]);
    expect((await call('PUT', `/api/v1/model-runs/${run._id}`, { favourite: true })).statusCode).toBe(403);
    const starred = await caller(w, w.editor)('PUT', `/api/v1/model-runs/${run._id}`, { favourite: true });
    expect(starred.json().favourite).toBe(true);
    expect((await call('DELETE', `/api/v1/model-runs/${run._id}`)).statusCode).toBe(403);
    expect((await caller(w, w.editor)('DELETE', `/api/v1/model-runs/${run._id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/model-runs/${run._id}`)).statusCode).toBe(404);
  });

  it("hides another tenant's models and runs (404) and keeps writes to model edit", async () => {
    const them = caller(w, w.outsider);
    expect((await them('GET', `/api/v1/models/${model._id}`)).statusCode).toBe(404);
    expect((await them('POST', `/api/v1/models/${model._id}/execute`, { inputs: [] })).statusCode).toBe(404);
    const fresh = await execute(w, model._id, []);
    expect((await them('GET', `/api/v1/model-runs/${fresh._id}`)).statusCode).toBe(404);
    expect((await them('PUT', `/api/v1/model-runs/${fresh._id}/cancel`)).statusCode).toBe(404);
    expect((await them('GET', `/api/v1/models?projectId=${w.projectId}`)).statusCode).toBe(404);
    expect((await caller(w, w.viewer)('PUT', `/api/v1/models/${model._id}`, { name: 'x' })).statusCode).toBe(403);
    // Dashboard view alone reads and runs a model a dashboard card reads (the model bar), and writes nothing;
    // a model no dashboard uses stays out of reach.
    const dashboards = caller(w, w.dashboardsOnly);
    const unused = await createModel(w, pkg, 'summary');
    expect((await dashboards('GET', `/api/v1/models/${model._id}`)).statusCode).toBe(403);
    const board = await putOnDashboard(model);
    expect((await dashboards('GET', `/api/v1/models/${model._id}`)).statusCode).toBe(200);
    const onBoard = await dashboards('GET', `/api/v1/dashboards/${board._id}/models`);
    expect(onBoard.json().models.map((m: Model) => m._id)).toEqual([model._id]);
    expect((await them('GET', `/api/v1/dashboards/${board._id}/models`)).statusCode).toBe(404);
    const fromDashboard = await dashboards('POST', `/api/v1/models/${model._id}/execute`, { inputs: [] });
    expect(fromDashboard.statusCode, fromDashboard.body).toBe(200);
    expect((await dashboards('GET', `/api/v1/model-runs/${fromDashboard.json()._id}`)).statusCode).toBe(200);
    expect((await dashboards('GET', `/api/v1/models/${model._id}/model-runs`)).statusCode).toBe(200);
    expect((await dashboards('PUT', `/api/v1/models/${model._id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await dashboards('GET', `/api/v1/models?projectId=${w.projectId}`)).statusCode).toBe(403);
    expect((await dashboards('GET', `/api/v1/models/${unused._id}`)).statusCode).toBe(403);
    expect((await dashboards('POST', `/api/v1/models/${unused._id}/execute`, { inputs: [] })).statusCode).toBe(403);
    await waitForRun(w, fromDashboard.json()._id);
    // A member who sees neither models nor dashboards runs nothing.
    const org = (await w.t.database.db.select().from(projects).where(eq(projects.id, w.projectId)))[0].organizationId;
    const datasetsOnly = await person(w.t.database.db, org, ROLE_PRESETS.standard, 'DatasetsOnly');
    await membership(w.t.database.db, datasetsOnly.id, w.projectId, {
      ...PROJECT_ROLE_PRESETS.viewDashboards,
      dashboard: 'hidden',
      dataset: 'view',
    } as ProjectRoles);
    const blind = caller(w, datasetsOnly);
    expect((await blind('GET', `/api/v1/models/${model._id}`)).statusCode).toBe(403);
    expect((await blind('POST', `/api/v1/models/${model._id}/execute`, { inputs: [] })).statusCode).toBe(403);
    await waitForRun(w, fresh._id);
  });

  it('a public dashboard shows its models’ bars read-only: the inputs of the run its cards show', {
    timeout: 60_000,
  }, async () => {
    const shown = await createModel(w, pkg, 'summary', { name: 'Shown' });
    const inputs = shown.inputs.map((i) => ({ ...i, display: { ...i.display, modelBar: i.varName === 'n' } }));
    expect((await caller(w, w.editor)('PUT', `/api/v1/models/${shown._id}`, { inputs })).statusCode).toBe(200);
    await waitForRun(w, (await execute(w, shown._id, [{ varName: 'n', value: 7 }]))._id);
    const board = await putOnDashboard(shown);
    const anyone = (url: string) => w.t.app.inject({ method: 'GET', url });
    const url = `/api/v1/public/dashboards/${board._id}/models`;
    // The project is not public yet: nothing is told.
    expect((await anyone(url)).statusCode).toBe(404);
    await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
    try {
      const open = await anyone(url);
      expect(open.statusCode, open.body).toBe(200);
      expect(open.json()).toEqual({
        models: [
          {
            _id: shown._id,
            name: 'Shown',
            runButtonText: shown.runButtonText,
            inputs: [{ _id: inputs[0]._id, name: inputs[0].name, varName: 'n', value: '7' }],
            selectedOutputs: [],
          },
        ],
      });
      // A later run changes what is shown.
      await waitForRun(w, (await execute(w, shown._id, [{ varName: 'n', value: 9 }]))._id);
      expect((await anyone(url)).json().models[0].inputs[0].value).toBe('9');
      expect((await anyone(`/api/v1/public/dashboards/${w.outsiderProjectId}/models`)).statusCode).toBe(404);
    } finally {
      await w.t.database.db.update(projects).set({ public: false }).where(eq(projects.id, w.projectId));
    }
  });

  it('refuses to delete a package while a model uses it', async () => {
    const res = await caller(w, w.editor)('DELETE', `/api/v1/packages/${pkg._id}`);
    expect(res.statusCode, res.body).toBe(409);
  });

  it('confirms a model only when every input has a type and a default', async () => {
    const totals = await createModel(w, pkg, 'totals');
    const res = await caller(w, w.editor)('POST', `/api/v1/models/${totals._id}/confirm`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ df: 'This input requires a default value' });
    const ok = await caller(w, w.editor)('POST', `/api/v1/models/${model._id}/confirm`);
    expect(ok.json().onboarded).toBe(true);
  });
});
