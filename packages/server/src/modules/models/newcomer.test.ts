import type { DatasetDetail, Model, Package, PythonVersions } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestServedPython } from '../../runner/index.ts';
import { as } from '../../test/harness.ts';
import {
  caller,
  type DatasetsWorld,
  datasetsWorld,
  importCsv,
  rowsByName,
  SALES,
} from '../datasets/datasets.fixtures.ts';
import { packageForm, uploadPackage, waitForBuild } from '../packages/packages.fixtures.ts';
import { algorithmId, execute, waitForRun } from './models.fixtures.ts';

/**
 * A newcomer's first package (issue 43): requirements naming only the DataFrame library, a DataFrame function,
 * a first run that works; a requirement the index has no build of for the chosen Python, said in the user's
 * terms; the run whose outputs the cards show kept on the model. Real pip on the machine's local index.
 */

const PANDAS_ONLY = {
  'requirements.txt': 'pandas\n',
  'summary.py': [
    'import pandas as pd',
    '',
    'def totals(data: pd.DataFrame, factor: float = 1.0) -> pd.DataFrame:',
    '    out = data.groupby("region", as_index=False)["amount"].sum()',
    '    out["amount"] = out["amount"] * factor',
    '    return out.sort_values("region")',
    '',
  ].join('\n'),
};

const POLARS_ONLY = {
  'requirements.txt': 'polars\n',
  'summary.py': [
    'import polars as pl',
    '',
    'def totals(data: pl.DataFrame) -> pl.DataFrame:',
    '    return data.group_by("region").agg(pl.col("amount").sum()).sort("region")',
    '',
  ].join('\n'),
};

let w: DatasetsWorld;
let sales: DatasetDetail;
beforeAll(async () => {
  w = await datasetsWorld();
  sales = await importCsv(w, 'sales', SALES);
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

/** Region totals of SALES, as pandas and polars compute them (an empty amount is skipped). */
const TOTALS = [
  { region: 'East', amount: 0 },
  { region: 'North', amount: 17.75 },
  { region: 'South', amount: 23 },
];

async function built(name: string, files: Record<string, string>, baseImage = '3.11'): Promise<Package> {
  const res = await uploadPackage(w, w.editor, name, baseImage, files);
  expect(res.statusCode, res.body).toBe(200);
  return waitForBuild(w, res.json()._id, 280_000);
}

async function modelOf(pkg: Package, functionName: string): Promise<Model> {
  const call = caller(w, w.editor);
  const created = await call('POST', `/api/v1/algorithms/${algorithmId(pkg, functionName)}/createModel`, {});
  expect(created.statusCode, created.body).toBe(200);
  return (await call('GET', `/api/v1/models/${created.json()._id}`)).json();
}

async function outputRows(runOutputs: { dataset: { _id: string } }[], query = '') {
  const dataset: DatasetDetail = (
    await caller(w, w.editor)('GET', `/api/v1/datasets/${runOutputs[0].dataset._id}`)
  ).json();
  return rowsByName(w, dataset, query);
}

describe('a package naming only its DataFrame library', () => {
  it.each([
    ['pandas', PANDAS_ONLY],
    ['polars', POLARS_ONLY],
  ])(
    '%s only: built with pyarrow added by Tessera, its DataFrame function runs on the first try',
    {
      timeout: 400_000,
    },
    async (library, files) => {
      const pkg = await built(`${library} only`, files);
      expect(pkg.status, pkg.errorLog).toBe('built');
      const deps = await caller(w, w.editor)('GET', `/api/v1/packages/${pkg._id}/dependencies`);
      expect(deps.statusCode, deps.body).toBe(200);
      expect(deps.json()).toEqual({ dependencies: files['requirements.txt'], added: ['pyarrow'] });

      const model = await modelOf(pkg, 'totals');
      const run = await waitForRun(w, (await execute(w, model._id, [{ varName: 'data', value: sales._id }]))._id);
      expect(run.status, run.error ?? '').toBe('finished');
      const rows = await outputRows(run.outputs);
      expect(rows.map((r) => r.region)).toEqual(TOTALS.map((t) => t.region));
      expect(rows.map((r) => Number(r.amount))).toEqual(TOTALS.map((t) => t.amount));
    },
  );

  it('a package without a DataFrame library gets nothing added', { timeout: 200_000 }, async () => {
    const pkg = await built('plain', {
      'requirements.txt': '',
      'calc.py': 'def double(x: int = 2) -> int:\n    return 2 * x\n',
    });
    expect(pkg.status, pkg.errorLog).toBe('built');
    const deps = await caller(w, w.viewer)('GET', `/api/v1/packages/${pkg._id}/dependencies`);
    expect(deps.json()).toEqual({ dependencies: '', added: [] });
  });
});

describe('the template package', () => {
  it('downloads as a zip that uploads, builds and offers its functions with typed inputs', {
    timeout: 300_000,
  }, async () => {
    const res = await caller(w, w.viewer)('GET', '/api/v1/packages/template.zip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tessera-package-template.zip"');
    const form = packageForm(
      { name: 'From the template', baseImage: '3.11', projectId: w.projectId },
      { name: 'tessera-package-template.zip', bytes: res.rawPayload },
    );
    const upload = await as(
      w.t.app,
      w.editor.token,
    )({
      method: 'POST',
      url: `/api/v1/packages/upload?projectId=${w.projectId}`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const pkg = await waitForBuild(w, upload.json()._id, 280_000);
    expect(pkg.status, pkg.errorLog).toBe('built');
    expect(pkg.modules.flatMap((m) => m.algorithms.map((a) => a.functionName)).sort()).toEqual([
      'monthly_summary',
      'rainy_share',
    ]);
    const model = await modelOf(pkg, 'monthly_summary');
    expect(model.inputs.map((i) => [i.varName, i.dataType, i.defaultValue])).toEqual([
      ['data', 'dataframe', null],
      ['rain_threshold', 'float', 5],
    ]);
  });
});

describe('a requirement the index has no build of for the chosen Python', () => {
  it('says which requirement, for which Python, and which Python has one', { timeout: 200_000 }, async () => {
    // The machine's local index serves pandas for CPython 3.11 only.
    const pkg = await built('on 3.10', PANDAS_ONLY, '3.10');
    expect(pkg.status).toBe('failed');
    const [first] = pkg.errorLog.split('\n');
    expect(first).toBe(
      'pandas has no build for Python 3.10 on the configured package index; Python 3.11 has one: choose it as the base image (Update Package).',
    );
    // pip's own lines follow, for those who want them; no server path.
    expect(pkg.errorLog).toMatch(/No matching distribution found for pandas/);
  });

  it('offers by default the newest Python the index serves the usual libraries for', async () => {
    const res = await caller(w, w.viewer)('GET', '/api/v1/python/versions');
    expect(res.statusCode, res.body).toBe(200);
    const versions = res.json() as PythonVersions;
    expect(versions.default).toBe('3.11');
    expect(versions.versions.find((v) => v.version === versions.default)?.available).toBe(true);
    // Asked of the index itself (the answer above may be the newest installed one while the index is slow).
    expect(await newestServedPython()).toBe('3.11');
  });
});

describe('the run whose outputs the cards show', () => {
  let pkg: Package;
  let model: Model;
  const runs: string[] = [];
  beforeAll(async () => {
    pkg = await built('selected', PANDAS_ONLY);
    model = await modelOf(pkg, 'totals');
    for (const factor of [20, 15, 10]) {
      const run = await waitForRun(
        w,
        (
          await execute(w, model._id, [
            { varName: 'data', value: sales._id },
            { varName: 'factor', value: factor },
          ])
        )._id,
      );
      expect(run.status, run.error ?? '').toBe('finished');
      runs.push(run._id);
    }
  }, 400_000);

  const select = (runId: string | null, who = w.viewer, modelId = model._id) =>
    caller(w, who)('PUT', `/api/v1/models/${modelId}/selected-run`, { runId });
  const current = async (who = w.viewer) =>
    ((await caller(w, who)('GET', `/api/v1/models/${model._id}`)).json() as Model).selectedRunId;

  it('is kept on the model: every viewer, and a reload, sees the same', async () => {
    expect(await current()).toBeNull();
    const res = await select(runs[0]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Model).selectedRunId).toBe(runs[0]);
    expect(await current(w.editor)).toBe(runs[0]);
    // What its outputs hold: the first run's (factor 20).
    const run = (await caller(w, w.editor)('GET', `/api/v1/model-runs/${runs[0]}`)).json();
    expect(run.inputs).toContainEqual({ varName: 'factor', dataType: 'float', value: 20 });
  });

  it('the newest finished run, or null, is the latest', async () => {
    expect((await select(runs[2])).json().selectedRunId).toBeNull();
    await select(runs[1]);
    expect((await select(null)).json().selectedRunId).toBeNull();
  });

  it('refuses what cannot be shown, and changes nothing', async () => {
    await select(runs[1]);
    const another = await modelOf(pkg, 'totals');
    expect((await select(runs[0], w.viewer, another._id)).statusCode).toBe(404); // another model's run
    expect((await select('0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await select('not an id')).statusCode).toBe(400);
    const outsider = await select(runs[0], w.outsider);
    expect(outsider.statusCode).toBe(404);
    // A failed run (the data has no region column) cannot be shown.
    const other = await importCsv(w, 'no regions', 'a,b\n1,2\n');
    const failed = await waitForRun(w, (await execute(w, model._id, [{ varName: 'data', value: other._id }]))._id);
    expect(failed.status).toBe('failed');
    expect((await select(failed._id)).statusCode).toBe(400);
    expect(await current()).toBe(runs[1]);
  });

  it('goes back to latest when the model stops keeping all runs, or when the run is deleted', async () => {
    await select(runs[1]);
    const edit = caller(w, w.editor);
    expect(
      (await edit('PUT', `/api/v1/models/${model._id}`, { resultStorage: 'latest' })).json().selectedRunId,
    ).toBeNull();
    const refused = await select(runs[1]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Only a finished run of a model that keeps all runs can be shown');
    await edit('PUT', `/api/v1/models/${model._id}`, { resultStorage: 'all' });
    expect((await select(runs[0])).json().selectedRunId).toBe(runs[0]);
    expect((await edit('DELETE', `/api/v1/model-runs/${runs[0]}`)).statusCode).toBe(200);
    expect(await current()).toBeNull();
  });
});
