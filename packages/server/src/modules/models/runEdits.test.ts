import { type Model, type ModelRun, type Package, PROJECT_ROLE_PRESETS, type ProjectRoles } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTab, addUnit, createDashboard } from '../dashboards/dashboards.fixtures.ts';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { membership, person } from '../projects/projects.fixtures.ts';
import { builtPackage, createModel, execute, waitForRun } from './models.fixtures.ts';
import { modelRuns } from './models.tables.ts';

/**
 * Renaming or starring a run (PUT model-runs/:id) is an edit of the model's history, shared by every member: it
 * needs model edit (docs/security.md). Who may only view or run the model gets 403; who cannot see it, 404.
 */
let w: DatasetsWorld;
let model: Model;
let run: ModelRun;
beforeAll(async () => {
  w = await datasetsWorld();
  const pkg: Package = await builtPackage(w);
  model = await createModel(w, pkg, 'summary', { resultStorage: 'all' });
  run = await waitForRun(w, (await execute(w, model._id, []))._id);
}, 300_000);
afterAll(() => w?.t.close());

const stored = async () => (await w.t.database.db.select().from(modelRuns).where(eq(modelRuns.id, run._id)))[0];

/** A member of the project with these roles. */
async function member(first: string, roles: ProjectRoles) {
  const someone = await person(w.t.database.db, w.editor.organizationId, undefined, first);
  await membership(w.t.database.db, someone.id, w.projectId, roles);
  return someone;
}

/** A card of a dashboard reads the model's output: dashboard view alone then runs it (the model bar). */
async function putOnDashboard() {
  const fresh = (await caller(w, w.editor)('GET', `/api/v1/models/${model._id}`)).json() as Model;
  const outputId = fresh.outputs[0].dataset._id;
  const output = (await caller(w, w.editor)('GET', `/api/v1/datasets/${outputId}`)).json();
  const board = await createDashboard(w.t, w.editor, w.projectId, { name: 'With a model' });
  const tab = await addTab(w.t, w.editor, board._id);
  const { unit } = await addUnit(w.t, w.editor, tab._id);
  const kpi = [{ id: 'k', feature: { _id: output.features[0]._id, dataset: { _id: outputId } }, operation: 'count' }];
  const saved = await caller(w, w.editor)('PUT', `/api/v1/units/${unit._id}`, { type: 'kpi', vis: { kpi } });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('PUT /api/v1/model-runs/:id (rename, star)', () => {
  const changes = [{ favourite: true }, { name: 'Mine now' }, { description: 'Renamed by a viewer' }];

  it('refuses a member who may only view the model (403) and changes nothing', async () => {
    const before = await stored();
    const viewer = caller(w, w.viewer);
    expect((await viewer('GET', `/api/v1/model-runs/${run._id}`)).statusCode).toBe(200);
    for (const change of changes) {
      const res = await viewer('PUT', `/api/v1/model-runs/${run._id}`, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses dashboard view, even where it runs the model from a dashboard (403)', async () => {
    await putOnDashboard();
    const dashboards = caller(w, w.dashboardsOnly);
    expect((await dashboards('GET', `/api/v1/model-runs/${run._id}`)).statusCode).toBe(200);
    const before = await stored();
    for (const change of changes) {
      expect((await dashboards('PUT', `/api/v1/model-runs/${run._id}`, change)).statusCode).toBe(403);
    }
    expect(await stored()).toEqual(before);
  });

  it("answers 404 to another organization's member, 403 to a member with models hidden", async () => {
    const before = await stored();
    for (const change of changes) {
      expect((await caller(w, w.outsider)('PUT', `/api/v1/model-runs/${run._id}`, change)).statusCode).toBe(404);
    }
    const datasetsOnly = await member('Datasets only', { ...PROJECT_ROLE_PRESETS.full, model: 'hidden' });
    expect((await caller(w, datasetsOnly)('PUT', `/api/v1/model-runs/${run._id}`, changes[0])).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('lets model edit rename and star a run, model edit alone enough', async () => {
    const modeller = await member('Modeller', {
      ...PROJECT_ROLE_PRESETS.viewDashboards,
      dashboard: 'hidden',
      model: 'edit',
    });
    const res = await caller(w, modeller)('PUT', `/api/v1/model-runs/${run._id}`, { favourite: true, name: 'Best' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: run._id, favourite: true });
    expect(await stored()).toMatchObject({ favourite: true });
    const unstar = await caller(w, w.editor)('PUT', `/api/v1/model-runs/${run._id}`, { favourite: false });
    expect(unstar.json().favourite).toBe(false);
  });
});
