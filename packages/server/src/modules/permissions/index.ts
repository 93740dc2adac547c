import type { ServerModule } from '../../platform/module.ts';
import { permissionsRoutes } from './permissions.routes.ts';
import { projectOfPermission } from './permissions.store.ts';

/** permissions — a project's members and their roles. Uses projects, users. */
export const permissionsModule: ServerModule = {
  name: 'permissions',
  resources: { permission: projectOfPermission },
  routes: permissionsRoutes,
};
