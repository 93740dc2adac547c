export { errorsRoutes } from './errors.routes.ts';
