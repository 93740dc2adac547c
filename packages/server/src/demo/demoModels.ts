import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { api, type Model, type Package, untilOf } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { templateZip } from '../modules/packages/index.ts';
import { callApi } from './call.ts';
import type { DemoCard } from './demoContent.ts';

/** What the demo's model part is called (looked up by these names: a second start makes nothing again). */
export const DEMO_MODELS = {
  package: 'Weather example',
  model: 'Monthly weather',
  dashboard: 'Weather model',
  trigger: 'Nightly summary (paused)',
} as const;

const BUILD_DEADLINE_MS = 600_000;
const RUN_DEADLINE_MS = 300_000;

/** Sends the template package's zip as Add package does (multipart: name, baseImage, projectId, zipfile). */
async function uploadTemplate(app: FastifyInstance, token: string, projectId: string): Promise<Package> {
  const boundary = `----tessera-demo${randomBytes(8).toString('hex')}`;
  const versions = await callApi(app, token, api.pythonVersions);
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = [
    field('name', DEMO_MODELS.package),
    field('baseImage', versions.default),
    field('projectId', projectId),
    `--${boundary}\r\nContent-Disposition: form-data; name="zipfile"; filename="weather-example.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  ].join('');
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/packages/upload?projectId=${projectId}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), await templateZip(), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  if (res.statusCode >= 400) throw new Error(`uploading the demo package answered ${res.statusCode}: ${res.body}`);
  return res.json() as Package;
}

async function builtPackage(app: FastifyInstance, token: string, projectId: string, created: string[]) {
  const existing = (await callApi(app, token, api.listPackages, { query: { projectId } })).find(
    (p) => p.name === DEMO_MODELS.package && p.status !== 'failed',
  );
  let pkg = existing ?? (await uploadTemplate(app, token, projectId));
  if (!existing) created.push('package');
  const deadline = Date.now() + BUILD_DEADLINE_MS;
  while (pkg.status !== 'built') {
    if (pkg.status === 'failed') throw new Error(`the demo package failed to build: ${pkg.errorLog}`);
    if (Date.now() > deadline) throw new Error('the demo package was not built in 10 minutes');
    await sleep(500);
    pkg = await callApi(app, token, api.getPackage, { params: { id: pkg._id } });
  }
  return pkg;
}

/** The model of `monthly_summary` over the weather dataset, its threshold on the model bar, all runs kept. */
async function demoModel(app: FastifyInstance, token: string, pkg: Package, weatherId: string, created: string[]) {
  const models = await callApi(app, token, api.listModels, { query: { projectId: pkg.projectId } });
  const done = models.find((m) => m.name === DEMO_MODELS.model && m.onboarded);
  if (done) return done;
  const algorithm = pkg.modules.flatMap((m) => m.algorithms).find((a) => a.functionName === 'monthly_summary');
  if (!algorithm) throw new Error('the demo package has no monthly_summary');
  const { _id } = await callApi(app, token, api.createModel, {
    params: { id: algorithm._id },
    body: { name: DEMO_MODELS.model, description: 'Rainy days and mean highs per month (the example package).' },
  });
  const draft = await callApi(app, token, api.getModel, { params: { id: _id } });
  const inputs = draft.inputs.map((i) =>
    i.varName === 'data'
      ? { ...i, defaultValue: weatherId, value: weatherId }
      : { ...i, display: { ...i.display, modelBar: true } },
  );
  await callApi(app, token, api.updateModel, { params: { id: _id }, body: { inputs, resultStorage: 'all' } });
  created.push('model');
  return callApi(app, token, api.confirmModel, { params: { id: _id } });
}

/** A finished run of the model (one already there is kept). */
async function finishedRun(app: FastifyInstance, token: string, model: Model) {
  const runs = await callApi(app, token, api.listModelRuns, {
    params: { id: model._id },
    query: { limit: 20, page: 1 },
  });
  let run =
    runs.runs.find((r) => r.status === 'finished') ??
    (await callApi(app, token, api.executeModel, { params: { id: model._id }, body: { inputs: [] } }));
  const deadline = Date.now() + RUN_DEADLINE_MS;
  while (run.status !== 'finished') {
    if (['failed', 'cancelled', 'expired'].includes(run.status))
      throw new Error(`the demo run ${run.status}: ${run.error}`);
    if (Date.now() > deadline) throw new Error('the demo run did not finish in 5 minutes');
    await sleep(300);
    run = await callApi(app, token, api.getModelRun, { params: { id: run._id } });
  }
  return run;
}

/** A paused scheduled run of the model, every day at 02:00 (paused: the demo runs nothing by itself). */
async function pausedTrigger(app: FastifyInstance, token: string, model: Model, weatherId: string, created: string[]) {
  const triggers = await callApi(app, token, api.listTriggers, { query: { modelId: model._id } });
  if (triggers.some((t) => t.name === DEMO_MODELS.trigger)) return;
  const trigger = await callApi(app, token, api.createTrigger, {
    body: {
      name: DEMO_MODELS.trigger,
      description: 'Paused by the demo: Resume it from the model page to see it run every night.',
      modelId: model._id,
      projectId: model.projectId,
      inputs: [
        { varName: 'data', value: weatherId },
        { varName: 'rain_threshold', value: '5' },
      ],
      pattern: {
        timezone: 'UTC',
        start: {
          effective_startdate: new Date().toISOString().slice(0, 10),
          scheduled_starttime: '02:00:00',
          scheduled_endtime: null,
          // The furthest a schedule may reach: 300 days from now.
          until_datetime: untilOf(new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10)),
        },
        repeat: { unit: 'days', value: 1 },
        filter: { day_of_the_week: [], day_of_the_month: [] },
      },
    },
  });
  await callApi(app, token, api.pauseTrigger, { params: { id: trigger._id } });
  created.push('scheduled run');
}

/**
 * The demo's models (docs/writing-a-package.md): the template package (pandas only), a model of its
 * `monthly_summary` over the Seattle weather dataset with a finished run, a paused scheduled run, and the cards
 * of a dashboard on its output (so the dashboard shows the model bar). Answers the cards for `demoDashboard`.
 */
export async function demoModels(
  app: FastifyInstance,
  token: string,
  projectId: string,
  weatherId: string,
  created: string[],
): Promise<{ model: Model; cards: DemoCard[] }> {
  const pkg = await builtPackage(app, token, projectId, created);
  const model = await demoModel(app, token, pkg, weatherId, created);
  const run = await finishedRun(app, token, model);
  await pausedTrigger(app, token, model, weatherId, created);
  const outputId = run.outputs[0]?.dataset._id;
  if (!outputId) throw new Error('the demo run wrote no output');
  const output = await callApi(app, token, api.getDataset, { params: { id: outputId } });
  const ref = (name: string) => {
    const feature = output.features.find((f) => f.name === name);
    if (!feature) throw new Error(`the demo output has no column ${name}`);
    return { _id: feature._id, dataset: { _id: outputId } };
  };
  const cards: DemoCard[] = [
    {
      name: 'Rainy days',
      description: 'Days with more rain than the threshold on the model bar: change it and Run.',
      type: 'kpi',
      box: { x: 0, y: 0, w: 4, h: 3 },
      vis: {
        kpi: [{ id: 'kpi-rainy', feature: ref('rainy_days'), operation: 'sum', label: 'Rainy days' }],
        filters: [],
      },
    } as DemoCard,
    {
      name: 'Per month',
      description: 'The model output: rainy days and the mean high (°C) per month.',
      type: 'table',
      box: { x: 4, y: 0, w: 8, h: 5 },
      vis: {
        table: ['month', 'rainy_days', 'mean_temp_max'].map((c) => ({ id: `col-${c}`, feature: ref(c) })),
        filters: [],
      },
    } as DemoCard,
  ];
  return { model: await callApi(app, token, api.getModel, { params: { id: model._id } }), cards };
}
