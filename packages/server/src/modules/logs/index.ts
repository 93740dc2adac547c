export { logsRoutes } from './logs.routes.ts';
