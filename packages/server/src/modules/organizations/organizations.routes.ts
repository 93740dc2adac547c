import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/routes.ts';
import { presentOrganization } from './organizations.presenter.ts';
import { findOrganizationById } from './organizations.store.ts';

export async function organizationsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, api.getMyOrganization, async ({ auth }) => {
    const row = await findOrganizationById(db, auth.user.organizationId);
    if (!row) throw notFound('Organization not found');
    return presentOrganization(row);
  });
}
