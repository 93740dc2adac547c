export { permissionsRoutes } from './permissions.routes.ts';
