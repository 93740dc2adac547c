import type { ServerModule } from '../../platform/module.ts';
import { organizationsRoutes } from './organizations.routes.ts';

/** organizations — organizations, their clients and consultants, logos and public sharing. Uses projects. */
export const organizationsModule: ServerModule = { name: 'organizations', routes: organizationsRoutes };

export { OrganizationsService } from './organizations.service.ts';
export { findOrganizationById, type OrganizationRow } from './organizations.store.ts';
