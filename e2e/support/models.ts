import { setTimeout as sleep } from 'node:timers/promises';
import { api, type Model, type ModelRun, type Package } from '@tessera/shared';
import { makeZip, packageForm } from '../../packages/server/src/modules/packages/packages.fixtures.ts';
import { callAs } from './api.ts';
import type { Tessera } from './tessera.ts';

/**
 * Models set up through the API for the journeys (onboarding has its own journey): a package of Python files
 * uploaded and built, a confirmed model of one of its functions, a run awaited.
 */

/** Uploads `files` as a zip package of the project and waits until it is built (answers it, or throws). */
export async function builtPackage(
  app: Pick<Tessera, 'url'>,
  token: string,
  projectId: string,
  name: string,
  files: Record<string, string>,
): Promise<Package> {
  const form = packageForm({ name, baseImage: '3.11', projectId }, { name: `${name}.zip`, bytes: makeZip(files) });
  const res = await fetch(`${app.url}/api/v1/packages/upload?projectId=${projectId}`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    body: form.payload,
  });
  if (res.status !== 200) throw new Error(`package upload answered ${res.status}: ${await res.text()}`);
  const packageId = ((await res.json()) as Package)._id;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const pkg = await callAs(app, token, api.getPackage, { params: { id: packageId } });
    if (pkg.status === 'built') return pkg;
    if (pkg.status === 'failed') throw new Error(`package ${name} failed: ${pkg.errorLog}`);
    if (Date.now() > deadline) throw new Error(`package ${name} still ${pkg.status} after 2 minutes`);
    await sleep(100);
  }
}

/** A model of the package's function, its inputs changed by `change` (modelBar...), confirmed. */
export async function confirmedModel(
  app: Pick<Tessera, 'url'>,
  token: string,
  pkg: Package,
  functionName: string,
  change: (model: Model) => Partial<Pick<Model, 'name' | 'inputs' | 'runButtonText' | 'resultStorage'>> = () => ({}),
): Promise<Model> {
  const algorithm = pkg.modules.flatMap((m) => m.algorithms).find((a) => a.functionName === functionName);
  if (!algorithm) throw new Error(`no function ${functionName} in ${pkg.name}`);
  const { _id } = await callAs(app, token, api.createModel, { params: { id: algorithm._id }, body: {} });
  const model = await callAs(app, token, api.getModel, { params: { id: _id } });
  const body = change(model);
  if (Object.keys(body).length) await callAs(app, token, api.updateModel, { params: { id: _id }, body });
  return callAs(app, token, api.confirmModel, { params: { id: _id } });
}

/** Runs the model with these inputs and waits until the run settles (answers the settled run). */
export async function settledRun(
  app: Pick<Tessera, 'url'>,
  token: string,
  modelId: string,
  inputs: Array<{ varName: string; value: unknown }> = [],
): Promise<ModelRun> {
  const queued = await callAs(app, token, api.executeModel, { params: { id: modelId }, body: { inputs } });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const run = await callAs(app, token, api.getModelRun, { params: { id: queued._id } });
    if (!['queued', 'started'].includes(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`run ${run._id} still ${run.status} after 2 minutes`);
    await sleep(100);
  }
}
