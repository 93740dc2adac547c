import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/routes.ts';
import { UnitsService } from './units.service.ts';

/** Cards: added, duplicated and deleted on their tab; shown and saved on their own. */
export async function unitsRoutes(app: FastifyInstance) {
  const units = new UnitsService(app);

  route(app, api.createUnit, async ({ params, body }) => ({
    ...(await units.create(params.id, body?.layoutItem)),
    ...(body?.clientId ? { clientId: body.clientId } : {}),
  }));
  route(app, api.duplicateUnit, ({ params, body }) => units.duplicate(params.id, params.unitId, body?.layoutItem));
  route(app, api.deleteUnit, ({ params }) => units.delete(params.id, params.unitId));
  route(app, api.getUnit, ({ params }) => units.get(params.id));
  route(app, api.updateUnit, ({ params, body }) => units.update(params.id, body));
}
