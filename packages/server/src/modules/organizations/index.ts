export { organizationsRoutes } from './organizations.routes.ts';
export { OrganizationsService } from './organizations.service.ts';
export { findOrganizationById, type OrganizationRow } from './organizations.store.ts';
