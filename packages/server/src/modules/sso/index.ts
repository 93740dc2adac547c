export { ssoRoutes } from './sso.routes.ts';
