import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/routes.ts';
import { resolvePublicDashboard } from '../dashboards/index.ts';
import { datasetsServiceOf } from '../datasets/index.ts';
import { commitPackageChanges } from '../packages/index.ts';
import { modelsDepsOf } from './models.jobs.ts';
import { publicModelBars } from './models.publicBars.ts';
import { ModelsService } from './models.service.ts';
import { ModelSourceService } from './models.source.ts';

/** Models and their runs. */
export async function modelsRoutes(app: FastifyInstance) {
  const deps = modelsDepsOf(app);
  const models = new ModelsService(deps);
  route(app, api.createModel, ({ auth, params, body }) => models.create(auth.user.id, params.id, body));
  route(app, api.listModels, ({ query }) => models.list(query.projectId));
  route(app, api.getModel, ({ params }) => models.show(params.id));
  const source = new ModelSourceService(
    {
      ...deps,
      datasets: datasetsServiceOf(app),
      commitPackageChanges: (userId, packageId) => commitPackageChanges(app, userId, packageId),
    },
    models,
  );
  route(app, api.updateModel, async ({ params, body }) => {
    const { tempOutputs, ...change } = body;
    if (tempOutputs) await source.cancel(params.id);
    return models.update(params.id, change);
  });
  route(app, api.setModelAlgorithm, ({ params }) => source.setAlgorithm(params.id, params.algorithmId));
  route(app, api.editModelOutput, ({ params, body }) => source.editOutput(params.id, params.datasetId, body.target));
  route(app, api.updateModelOutputs, ({ auth, params, body }) => source.commit(auth.user.id, params.id, body.updates));
  route(app, api.deleteModel, async ({ params }) => {
    await models.delete(params.id);
    return { ok: true as const };
  });
  route(app, api.duplicateModel, ({ auth, params }) => models.duplicate(auth.user.id, params.id));
  route(app, api.confirmModel, ({ params }) => models.confirm(params.id));
  route(app, api.executeModel, ({ auth, params, body }) =>
    models.execute(auth.user.id, params.id, body.inputs, body.temp),
  );
  route(app, api.selectModelRun, ({ params, body }) => models.selectRun(params.id, body.runId));
  route(app, api.listModelRuns, ({ params, query }) => models.runs(params.id, query.limit, query.page));
  route(app, api.getModelRun, ({ params }) => models.run(params.id));
  route(app, api.modelRunLog, async ({ params, query, reply }) => {
    const text = await models.log(params.id);
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store');
    if (query.download === '1') reply.header('content-disposition', `attachment; filename="run-${params.id}.log"`);
    return reply.send(text);
  });
  route(app, api.cancelModelRun, ({ params }) => models.cancel(params.id));
  route(app, api.updateModelRun, ({ params, body }) => models.updateRun(params.id, body));
  route(app, api.dashboardModels, ({ params, request }) => models.onDashboard(request.project!.id, params.id));
  route(app, api.publicDashboardModels, async ({ params, query }) => {
    const dashboard = await resolvePublicDashboard(app.ctx.db, params.id, query.previewToken);
    return publicModelBars(app.ctx.db, models, dashboard);
  });
  route(app, api.deleteModelRun, async ({ params }) => {
    await models.deleteRun(params.id);
    return { ok: true as const };
  });
}
