import {
  type DatasetDetail,
  type Model,
  type ModelRun,
  type OutputMerge,
  type Package,
  PROJECT_ROLE_PRESETS,
} from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../platform/tenancy.tables.ts';
import {
  caller,
  type DatasetsWorld,
  datasetsWorld,
  importCsv,
  rowsByName,
  SALES,
} from '../datasets/datasets.fixtures.ts';
import { datasets } from '../datasets/index.ts';
import { waitForBuild } from '../packages/packages.fixtures.ts';
import { membership, project } from '../projects/projects.fixtures.ts';
import { algorithmId, builtPackage, createModel, execute, waitForRun } from './models.fixtures.ts';

/** Update Source, duplicate, delete, Transfer Assets and two first runs at once, over real Python. */

let w: DatasetsWorld;
let pkg: Package;
let sales: DatasetDetail;
beforeAll(async () => {
  w = await datasetsWorld();
  pkg = await builtPackage(w);
  sales = await importCsv(w, 'sales', SALES);
}, 300_000);
afterAll(async () => {
  await w?.t.close();
});

const as = () => caller(w, w.editor);
const getModel = async (id: string): Promise<Model> => (await as()('GET', `/api/v1/models/${id}`)).json();
const getDataset = async (id: string): Promise<DatasetDetail> => (await as()('GET', `/api/v1/datasets/${id}`)).json();
const datasetStatus = async (id: string) => (await as()('GET', `/api/v1/datasets/${id}`)).statusCode;

async function runToEnd(modelId: string, body: object = {}): Promise<ModelRun> {
  const res = await as()('POST', `/api/v1/models/${modelId}/execute`, {
    inputs: [{ varName: 'df', value: sales._id }],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const run = await waitForRun(w, res.json()._id);
  expect(run.status, run.error ?? '').toBe('finished');
  return run;
}

/** A totals model (latest storage) run once: its output has the features region and amount. */
async function totalsModel() {
  const model = await createModel(w, pkg, 'totals', { resultStorage: 'latest' });
  // Onboarding sets every input's default before Done: the dataframe input defaults to the sales dataset.
  const inputs = model.inputs.map((i) => (i.varName === 'df' ? { ...i, defaultValue: sales._id } : i));
  const set = await as()('PUT', `/api/v1/models/${model._id}`, { inputs });
  expect(set.statusCode, set.body).toBe(200);
  const confirmed = await as()('POST', `/api/v1/models/${model._id}/confirm`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await runToEnd(model._id);
  const output = (await getModel(model._id)).outputs[0];
  return { model, output: await getDataset(output.dataset._id) };
}

/** Switches to totals_renamed (amount is now total) and makes the trial run. */
async function trial(modelId: string) {
  const res = await as()('PUT', `/api/v1/models/${modelId}/algorithm/${algorithmId(pkg, 'totals_renamed')}`);
  expect(res.statusCode, res.body).toBe(200);
  await runToEnd(modelId, { temp: true });
  const model = await getModel(modelId);
  expect(model.tempOutputs).toHaveLength(1);
  return model.tempOutputs[0].dataset._id;
}

describe('Update Source', () => {
  it('matches a renamed output, relinks the renamed feature, and Commit keeps the feature ids', {
    timeout: 180_000,
  }, async () => {
    const { model, output } = await totalsModel();
    const ids = Object.fromEntries(output.features.map((f) => [f.name, f._id]));
    const inputIds = model.inputs.map((i) => i._id);
    const temp = await trial(model._id);
    // The new function's inputs keep their set-up (same names: df, factor).
    expect((await getModel(model._id)).inputs.map((i) => i._id)).toEqual(inputIds);
    // The trial run is not in the history.
    const history = (await as()('GET', `/api/v1/models/${model._id}/model-runs`)).json().runs as ModelRun[];
    expect(history).toHaveLength(1);

    const merge = (await as()('POST', `/api/v1/models/${model._id}/edit_output/${temp}`, {})).json() as OutputMerge;
    expect(merge.target?._id).toBe(output._id); // region matches: half of the names
    expect(merge.features.map((f) => [f.name, f.link])).toEqual([
      ['region', ids.region],
      ['total', ids.amount], // renamed, linked by its db name (the column kept its place)
    ]);
    expect(merge.preview).toHaveLength(3);
    expect(merge.preview[0]).toMatchObject({ region: 'East' });
    const none = await as()('POST', `/api/v1/models/${model._id}/edit_output/${temp}`, { target: null });
    expect(none.json().target).toBeNull();

    const bad = await as()('POST', `/api/v1/models/${model._id}/outputs`, {
      updates: [{ datasetId: temp, target: output._id, links: { region: ids.region, total: sales.features[0]._id } }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await getModel(model._id)).tempOutputs).toHaveLength(1);

    const commit = await as()('POST', `/api/v1/models/${model._id}/outputs`, {
      updates: [{ datasetId: temp, target: output._id, links: { region: ids.region, total: ids.amount } }],
    });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().outputs.map((o: { dataset: { _id: string } }) => o.dataset._id)).toEqual([output._id]);
    expect(await datasetStatus(temp)).toBe(404);
    const after = await getModel(model._id);
    expect(after.tempOutputs).toEqual([]);
    expect(after.algorithmId).toBe(algorithmId(pkg, 'totals_renamed'));

    await runToEnd(model._id, {
      inputs: [
        { varName: 'df', value: sales._id },
        { varName: 'factor', value: 2 },
      ],
    });
    const merged = await getDataset(output._id);
    expect(Object.fromEntries(merged.features.map((f) => [f.name, f._id]))).toEqual({
      region: ids.region,
      total: ids.amount,
    });
    expect(await rowsByName(w, merged)).toEqual([
      { region: 'East', total: 0 },
      { region: 'North', total: 35.5 },
      { region: 'South', total: 46 },
    ]);
  });

  it('Cancel removes the unused new datasets', { timeout: 180_000 }, async () => {
    const { model, output } = await totalsModel();
    const temp = await trial(model._id);
    const res = await as()('PUT', `/api/v1/models/${model._id}`, { tempOutputs: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tempOutputs).toEqual([]);
    expect(await datasetStatus(temp)).toBe(404);
    expect(await datasetStatus(output._id)).toBe(200);
    expect(res.json().outputs.map((o: { dataset: { _id: string } }) => o.dataset._id)).toEqual([output._id]);
    const refused = await as()('PUT', `/api/v1/models/${model._id}`, {
      tempOutputs: [{ name: 'x', dataset: { _id: output._id } }],
    });
    expect(refused.statusCode).toBe(400);
  });

  it('a new output not matched becomes an output; the unmapped previous one is removed', {
    timeout: 180_000,
  }, async () => {
    const { model, output } = await totalsModel();
    const temp = await trial(model._id);
    const commit = await as()('POST', `/api/v1/models/${model._id}/outputs`, {
      updates: [{ datasetId: temp, target: null, links: {} }],
    });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().outputs.map((o: { dataset: { _id: string } }) => o.dataset._id)).toEqual([temp]);
    expect(await datasetStatus(output._id)).toBe(404);
  });

  it('refuses a function of another project and a viewer', async () => {
    const model = await createModel(w, pkg, 'summary');
    const outsider = caller(w, w.outsider);
    expect(
      (await outsider('PUT', `/api/v1/models/${model._id}/algorithm/${algorithmId(pkg, 'totals')}`)).statusCode,
    ).toBe(404);
    const viewer = caller(w, w.viewer);
    expect(
      (await viewer('PUT', `/api/v1/models/${model._id}/algorithm/${algorithmId(pkg, 'totals')}`)).statusCode,
    ).toBe(403);
    expect((await as()('PUT', `/api/v1/models/${model._id}/algorithm/${sales._id}`)).statusCode).toBe(404);
  });
});

describe('duplicate, delete, transfer, first runs at once', () => {
  it('duplicates a model as a draft and deletes it', async () => {
    const model = await createModel(w, pkg, 'summary', { name: 'Summary' });
    const copy = await as()('POST', `/api/v1/models/${model._id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(200);
    const dup = await getModel(copy.json()._id);
    expect([dup.name, dup.onboarded, dup.outputs, dup.algorithmId]).toEqual([
      'Summary (copy)',
      false,
      [],
      model.algorithmId,
    ]);
    expect(dup.inputs.map((i) => i.varName)).toEqual(model.inputs.map((i) => i.varName));
    expect((await as()('DELETE', `/api/v1/models/${dup._id}`)).statusCode).toBe(200);
    expect((await as()('GET', `/api/v1/models/${dup._id}`)).statusCode).toBe(404);
    expect((await caller(w, w.outsider)('DELETE', `/api/v1/models/${model._id}`)).statusCode).toBe(404);
  });

  it('two first runs at once share one output dataset', { timeout: 120_000 }, async () => {
    const model = await createModel(w, pkg, 'summary');
    const runs = await Promise.all([execute(w, model._id, []), execute(w, model._id, [])]);
    const done = await Promise.all(runs.map((r) => waitForRun(w, r._id)));
    expect(
      done.map((r) => r.status),
      done.map((r) => r.error).join('\n'),
    ).toEqual(['finished', 'finished']);
    const after = await getModel(model._id);
    expect(after.outputs).toHaveLength(1);
    expect(new Set(done.map((r) => r.outputs[0].dataset._id))).toEqual(new Set([after.outputs[0].dataset._id]));
    const made = await w.t.database.db.select().from(datasets).where(eq(datasets.type, 'modelResult'));
    expect(made.filter((d) => (d.source as { model?: { id: string } }).model?.id === model._id)).toHaveLength(1);
  });

  it('a transferred model keeps running in its new project and cannot be updated', { timeout: 120_000 }, async () => {
    const db = w.t.database.db;
    const org = (await db.select().from(projects).where(eq(projects.id, w.projectId)))[0].organizationId;
    const target = await project(db, org);
    await membership(db, w.editor.id, target, PROJECT_ROLE_PRESETS.full);
    const model = await createModel(w, pkg, 'summary');
    const moved = await as()('PUT', `/api/v1/projects/${w.projectId}/transferTo/${target}`, { models: [model._id] });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = (await as()('GET', `/api/v1/models?projectId=${target}`)).json() as Model[];
    expect(list.map((m) => [m._id, m.transferred, m.sourceMissing])).toEqual([[model._id, true, false]]);
    const started = await as()('POST', `/api/v1/models/${model._id}/execute`, { inputs: [] });
    expect(started.statusCode, started.body).toBe(200);
    const run = await waitForRun(w, started.json()._id);
    expect(run.status, run.error ?? '').toBe('finished');
    const output = await getDataset(run.outputs[0].dataset._id);
    expect(output.projectId).toBe(target);
    const update = await as()('PUT', `/api/v1/models/${model._id}/algorithm/${algorithmId(pkg, 'totals')}`);
    expect(update.statusCode).toBe(409);
  });
});

describe('Update Source Commit and the package', () => {
  it('commits the package when its code has edits not yet committed, and only then', { timeout: 280_000 }, async () => {
    const { model, output } = await totalsModel();
    const temp = await trial(model._id);
    const path = `/api/v1/packages/${pkg._id}`;
    const code = (await as()('GET', `${path}/code`)).json() as { sourceCode: Record<string, string> };
    const edited = `${code.sourceCode['model.py']}\n# reviewed\n`;
    expect((await as()('PUT', `${path}/code`, { fileName: 'model.py', updatedCode: edited })).statusCode).toBe(200);
    const before = (await as()('GET', path)).json() as Package;
    const commit = await as()('POST', `/api/v1/models/${model._id}/outputs`, {
      updates: [{ datasetId: temp, target: output._id, links: {} }],
    });
    expect(commit.statusCode, commit.body).toBe(200);
    const built = await waitForBuild(w, pkg._id, 250_000);
    expect(built.status, built.errorLog).toBe('built');
    expect(built.revision).toBe(before.revision + 1);
    const after = (await as()('GET', `${path}/code`)).json() as {
      sourceCode: Record<string, string>;
      changed: string[];
    };
    expect([after.changed, after.sourceCode['model.py']]).toEqual([[], edited]);
    // The function kept its id: the model still runs it.
    expect((await getModel(model._id)).algorithmId).toBe(algorithmId(pkg, 'totals_renamed'));

    // Nothing left to commit: a second Update Source Commit makes no revision.
    const again = await trial(model._id);
    const second = await as()('POST', `/api/v1/models/${model._id}/outputs`, {
      updates: [{ datasetId: again, target: output._id, links: {} }],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(((await as()('GET', path)).json() as Package).revision).toBe(built.revision);
  });
});
