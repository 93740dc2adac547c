import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { realtimeOf } from '../../platform/realtime.ts';
import { route } from '../../platform/routes.ts';
import { presentOrganization } from './organizations.presenter.ts';
import { OrganizationsService } from './organizations.service.ts';
import { findOrganizationById } from './organizations.store.ts';

/** Organizations: the caller's own, and the administration of clients and of all of them. */
export async function organizationsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const organizations = new OrganizationsService({ db: app.ctx.db, realtime: realtimeOf(app) });

  route(app, api.getMyOrganization, async ({ auth }) => {
    const row = await findOrganizationById(db, auth.user.organizationId);
    if (!row) throw notFound('organization.notFound');
    return presentOrganization(row);
  });

  route(app, api.listOrganizations, async ({ auth }) => (await organizations.list(auth.user)).map(presentOrganization));

  route(app, api.getOrganization, async ({ auth, params }) =>
    presentOrganization(await organizations.visible(auth.user, params.id)),
  );

  route(app, api.createOrganization, async ({ auth, body }) =>
    presentOrganization(await organizations.create(auth.user, body)),
  );

  route(app, api.updateOrganization, async ({ auth, params, body }) =>
    presentOrganization(await organizations.update(auth.user, params.id, body)),
  );

  route(app, api.deleteOrganization, async ({ auth, params }) => {
    await organizations.remove(auth.user, params.id);
    return { ok: true as const };
  });

  route(app, api.listClientOrganizations, async ({ params }) =>
    (await organizations.listClients(params.id)).map(presentOrganization),
  );

  route(app, api.uploadOrganizationLogo, async ({ auth, params, request }) => ({
    logo: await organizations.setLogo(auth.user, params.id, request),
  }));
}
