import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/index.ts';
import { collectionsRoutes } from './collections/index.ts';
import { dashboardsRoutes, filtersRoutes, tabsRoutes, unitsRoutes } from './dashboards/index.ts';
import { datasetsRoutes, featuresRoutes } from './datasets/index.ts';
import { errorsRoutes } from './errors/index.ts';
import { logsRoutes } from './logs/index.ts';
import { organizationsRoutes } from './organizations/index.ts';
import { permissionsRoutes } from './permissions/index.ts';
import { projectsRoutes } from './projects/index.ts';
import { ssoRoutes } from './sso/index.ts';
import { usersRoutes } from './users/index.ts';

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
];
export default modules;
