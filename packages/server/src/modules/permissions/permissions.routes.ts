import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../platform/realtime.ts';
import { route } from '../../platform/routes.ts';
import { PermissionsService } from './permissions.service.ts';

/** Members and permissions. */
export async function permissionsRoutes(app: FastifyInstance) {
  const service = new PermissionsService({ db: app.ctx.db, realtime: realtimeOf(app) });
  // request.project: the caller's effective rights on the project, set by each route's access rule.
  route(app, api.listProjectMembers, ({ params }) => service.members(params.projectId));
  route(app, api.getMyProjectPermission, ({ auth, request }) => service.mine(auth.user, request.project!));
  route(app, api.listMemberCandidates, ({ auth, params, query }) =>
    service.candidates(auth.user, params.projectId, query.organizationId),
  );
  route(app, api.createPermission, ({ auth, body, request }) => service.add(auth.user, request.project!, body));
  route(app, api.updatePermission, ({ auth, params, body, request }) =>
    service.update(auth.user, request.project!, params.id, body.roles),
  );
  route(app, api.deletePermission, async ({ auth, params, request }) => {
    await service.remove(auth.user, request.project!, params.id);
    return { ok: true as const };
  });
}
