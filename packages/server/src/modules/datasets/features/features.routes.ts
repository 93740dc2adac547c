import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../../platform/realtime.ts';
import { route } from '../../../platform/routes.ts';
import { FeaturesService } from './features.service.ts';

/** Features: view to read, dataset edit to change. */
export async function featuresRoutes(app: FastifyInstance) {
  const features = new FeaturesService({ db: app.ctx.db, storage: app.ctx.storage, realtime: realtimeOf(app) });

  route(app, api.listDatasetFeatures, ({ params }) => features.listOfDataset(params.id));
  route(app, api.listProjectFeatures, ({ query }) => features.listOfProject(query.projectId));
  route(app, api.updateFeature, ({ params, body }) => features.update(params.id, body));
  route(app, api.featureData, ({ params, query }) => features.data(params.id, query));
  route(app, api.featureStats, ({ params, query }) => features.stats(params.id, query.jobId));
  route(app, api.featureCategories, ({ params, query }) => features.categories(params.id, query));
  route(app, api.deleteFeature, async ({ params }) => {
    await features.delete(params.id);
    return { ok: true as const };
  });
}
