import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { collectionsRoutes } from './collections/collections.routes.ts';
import { dashboardsRoutes } from './dashboards/dashboards.routes.ts';
import { datasetsRoutes } from './datasets/datasets.routes.ts';
import { errorsRoutes } from './errors/errors.routes.ts';
import { featuresRoutes } from './features/features.routes.ts';
import { filtersRoutes } from './filters/filters.routes.ts';
import { logsRoutes } from './logs/logs.routes.ts';
import { modelsRoutes } from './models/index.ts';
import { organizationsRoutes } from './organizations/organizations.routes.ts';
import { packagesRoutes } from './packages/index.ts';
import { permissionsRoutes } from './permissions/permissions.routes.ts';
import { projectsRoutes } from './projects/projects.routes.ts';
import { ssoRoutes } from './sso/sso.routes.ts';
import { tabsRoutes } from './tabs/tabs.routes.ts';
import { unitsRoutes } from './units/units.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/** The domain modules, in registration order. Each adds its routes from its shared contracts. */
const modules: Array<(app: FastifyInstance) => Promise<void>> = [
  authRoutes,
  usersRoutes,
  organizationsRoutes,
  logsRoutes,
  errorsRoutes,
  ssoRoutes,
  projectsRoutes,
  permissionsRoutes,
  dashboardsRoutes,
  tabsRoutes,
  unitsRoutes,
  filtersRoutes,
  datasetsRoutes,
  featuresRoutes,
  collectionsRoutes,
  packagesRoutes,
  modelsRoutes,
];
export default modules;
