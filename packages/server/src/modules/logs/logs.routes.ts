import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { realtimeOf } from '../../platform/realtime.ts';
import { route } from '../../platform/routes.ts';
import { findOrganizationEvents, findUserEvents } from '../auth/index.ts';
import { OrganizationsService } from '../organizations/index.ts';
import { findUserById } from '../users/index.ts';
import { presentLoginEvent } from './logs.presenter.ts';

/** Login history (logs/users/{id} and logs/organizations/{id}), newest first. */
export async function logsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const organizations = new OrganizationsService({ db: app.ctx.db, realtime: realtimeOf(app) });

  // The route's rule (`user:viewLogins`): out of reach answers like unknown, never revealing that the user exists.
  route(app, api.userLoginLog, async ({ params }) => {
    const target = await findUserById(db, params.id);
    if (!target) throw notFound('user.notFound');
    return (await findUserEvents(db, target.id)).map(presentLoginEvent);
  });

  /**
   * The route's rule (`organization:viewLogins`): viewOrganizationLogins in one's own organization;
   * manageAllOrganizations anywhere; a consultant's user holding viewOrganizationLogins and
   * manageClientOrganizations in its clients. An organization the caller cannot see answers 404; one they see
   * without the right (their own, without the role) 403.
   */
  route(app, api.organizationLoginLog, async ({ auth, params }) => {
    const organization = await organizations.visible(auth.user, params.id);
    return (await findOrganizationEvents(db, organization.id)).map(presentLoginEvent);
  });
}
