import { setTimeout as sleep } from 'node:timers/promises';
import type { Model, ModelRun, Package } from '@tessera/shared';
import { expect } from 'vitest';
import { caller, type DatasetsWorld } from '../datasets/datasets.fixtures.ts';
import { uploadPackage, waitForBuild } from '../packages/packages.fixtures.ts';

/** A package of model functions over pandas (real pip on the machine's local index, Python 3.11). */
export const MODEL_PACKAGE = {
  'requirements.txt': 'pandas\npyarrow\n',
  'model.py': [
    'import time',
    'import pandas as pd',
    '',
    'def totals(df: pd.DataFrame, factor: float = 1.0) -> pd.DataFrame:',
    '    print("rows", len(df))',
    '    out = df.groupby("region", as_index=False)["amount"].sum()',
    '    out["amount"] = out["amount"] * factor',
    '    return out.sort_values("region")',
    '',
    'def totals_renamed(df: pd.DataFrame, factor: float = 1.0) -> pd.DataFrame:',
    '    out = df.groupby("region", as_index=False)["amount"].sum().rename(columns={"amount": "total"})',
    '    out["total"] = out["total"] * factor',
    '    return out.sort_values("region")',
    '',
    'def summary(n: int = 3, label: str = "x") -> dict:',
    '    return {"n": n, "square": n * n, "label": label}',
    '',
    'def ratio(n: int = 4, d: int = 1) -> dict:',
    '    return {"v": n // d if n % d == 0 else n / d}',
    '',
    'def sleepy(seconds: int = 120) -> dict:',
    '    print("sleeping", flush=True)',
    '    time.sleep(seconds)',
    '    return {"done": 1}',
    '',
    'def broken(x: int = 1) -> int:',
    '    raise ValueError("no good " + str(x))',
    '',
    'def hog(mb: int = 2000) -> int:',
    '    blocks = []',
    '    for _ in range(mb):',
    '        blocks.append(bytearray(1024 * 1024))',
    '    return len(blocks)',
    '',
  ].join('\n'),
};

export async function builtPackage(w: DatasetsWorld): Promise<Package> {
  const res = await uploadPackage(w, w.editor, 'Model functions', '3.11', MODEL_PACKAGE);
  expect(res.statusCode, res.body).toBe(200);
  const pkg = await waitForBuild(w, res.json()._id, 280_000);
  expect(pkg.status, pkg.errorLog).toBe('built');
  return pkg;
}

export function algorithmId(pkg: Package, functionName: string): string {
  const found = pkg.modules.flatMap((m) => m.algorithms).find((a) => a.functionName === functionName);
  if (!found) throw new Error(`no function ${functionName}`);
  return found._id;
}

/** A model of a function, confirmed (its inputs typed with defaults by discovery), with result storage. */
export async function createModel(
  w: DatasetsWorld,
  pkg: Package,
  functionName: string,
  change: Record<string, unknown> = {},
): Promise<Model> {
  const call = caller(w, w.editor);
  const created = await call('POST', `/api/v1/algorithms/${algorithmId(pkg, functionName)}/createModel`, {});
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json()._id;
  if (Object.keys(change).length) {
    const res = await call('PUT', `/api/v1/models/${id}`, change);
    expect(res.statusCode, res.body).toBe(200);
  }
  return (await call('GET', `/api/v1/models/${id}`)).json();
}

export async function execute(w: DatasetsWorld, modelId: string, inputs: Array<{ varName: string; value: unknown }>) {
  const res = await caller(w, w.viewer)('POST', `/api/v1/models/${modelId}/execute`, { inputs });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ModelRun;
}

const SETTLED = new Set(['finished', 'failed', 'cancelled', 'expired']);

/** Waits until the run reaches one of `statuses` (default: any settled one). */
export async function waitForRun(
  w: DatasetsWorld,
  runId: string,
  statuses: Set<string> = SETTLED,
  timeoutMs = 120_000,
): Promise<ModelRun> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await caller(w, w.editor)('GET', `/api/v1/model-runs/${runId}`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json() as ModelRun;
    if (statuses.has(run.status)) return run;
    if (Date.now() > until) throw new Error(`run ${runId} still ${run.status} after ${timeoutMs} ms`);
    await sleep(50);
  }
}
