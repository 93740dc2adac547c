import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../platform/realtime.ts';
import { route } from '../../platform/routes.ts';
import { CollectionsService } from './collections.service.ts';

/** Folders of datasets. */
export async function collectionsRoutes(app: FastifyInstance) {
  const collections = new CollectionsService({ db: app.ctx.db, realtime: realtimeOf(app) });

  route(app, api.listCollections, ({ query }) => collections.list(query.projectId));
  route(app, api.createCollection, ({ auth, body }) => collections.create(auth.user.id, body));
  route(app, api.updateCollection, ({ params, body }) => collections.update(params.id, body));
  route(app, api.deleteCollection, async ({ params }) => {
    await collections.delete(params.id);
    return { ok: true as const };
  });
}
