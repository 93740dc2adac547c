import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../platform/realtime.ts';
import { route } from '../../platform/routes.ts';
import { clockOf } from './clock.ts';
import { TriggersService } from './triggers.service.ts';

/** Scheduled runs. */
export async function triggersRoutes(app: FastifyInstance) {
  const triggers = new TriggersService({ db: app.ctx.db, realtime: realtimeOf(app) }, clockOf(app.ctx.config));
  route(app, api.createTrigger, ({ auth, body }) => triggers.create(auth.user.id, body));
  route(app, api.listTriggers, ({ query }) =>
    triggers.list(query.modelId ? { modelId: query.modelId } : { projectId: query.projectId }),
  );
  route(app, api.getTrigger, ({ params }) => triggers.show(params.id));
  route(app, api.updateTrigger, ({ params, body }) => triggers.update(params.id, body));
  route(app, api.pauseTrigger, ({ params }) => triggers.pause(params.id));
  route(app, api.activateTrigger, ({ params }) => triggers.activate(params.id));
  route(app, api.deleteTrigger, async ({ params }) => {
    await triggers.delete(params.id);
    return { ok: true as const };
  });
}
