import { api, JOB_MESSAGES } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/projectAccess.ts';
import { route } from '../../platform/routes.ts';
import { setPackageModelUses } from '../packages/index.ts';
import { requireRunAccess } from './models.policy.ts';
import { announceRun } from './models.presenter.ts';
import { ModelsService } from './models.service.ts';
import { failOrphanRuns, findModelProject, findModelRunProject, modelsOfPackage } from './models.store.ts';
import { runHandler } from './run.job.ts';

/** How long one run may take before its job is failed (the sandbox has its own wall-time limit, shorter). */
const RUN_TIMEOUT_MS = 2 * 60 * 60 * 1000;

/** Models and their runs (spec 3 §7 "Algorithms and models"). */
export async function modelsRoutes(app: FastifyInstance) {
  registerResource('model', findModelProject);
  registerResource('modelRun', findModelRunProject);
  setPackageModelUses(modelsOfPackage);
  app.ctx.jobs.define('modelRun', runHandler(app), { timeoutMs: RUN_TIMEOUT_MS, concurrency: 2 });
  app.addHook('onReady', async () => {
    // A run a restart interrupted: its job was failed by the platform's recovery; the run follows, never 'started' for ever.
    const failed = await failOrphanRuns(app.ctx.db, JOB_MESSAGES.interrupted);
    for (const run of failed) await announceRun(app, run);
    if (failed.length) app.log.info({ runs: failed.length }, 'failed the model runs a restart interrupted');
  });

  const models = new ModelsService(app);
  route(app, api.createModel, ({ auth, params, body }) => models.create(auth.user.id, params.id, body));
  route(app, api.listModels, ({ query }) => models.list(query.projectId));
  route(app, api.getModel, ({ params, request }) => {
    requireRunAccess(request);
    return models.show(params.id);
  });
  route(app, api.updateModel, ({ params, body }) => models.update(params.id, body));
  route(app, api.deleteModel, async ({ params }) => {
    await models.delete(params.id);
    return { ok: true as const };
  });
  route(app, api.duplicateModel, ({ auth, params }) => models.duplicate(auth.user.id, params.id));
  route(app, api.confirmModel, ({ params }) => models.confirm(params.id));
  route(app, api.executeModel, ({ auth, params, body, request }) => {
    requireRunAccess(request);
    return models.execute(auth.user.id, params.id, body.inputs);
  });
  route(app, api.listModelRuns, ({ params, query, request }) => {
    requireRunAccess(request);
    return models.runs(params.id, query.limit, query.page);
  });
  route(app, api.getModelRun, ({ params, request }) => {
    requireRunAccess(request);
    return models.run(params.id);
  });
  route(app, api.cancelModelRun, ({ params, request }) => {
    requireRunAccess(request);
    return models.cancel(params.id);
  });
  route(app, api.updateModelRun, ({ params, body, request }) => {
    requireRunAccess(request);
    return models.updateRun(params.id, body);
  });
  route(app, api.deleteModelRun, async ({ params }) => {
    await models.deleteRun(params.id);
    return { ok: true as const };
  });
}
