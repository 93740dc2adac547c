import type { ServerModule } from '../../platform/module.ts';
import { healthRoutes } from './health.routes.ts';

/** health — `GET /health`: the process answers and reaches its database (served by API and worker processes). */
export const healthModule: ServerModule = { name: 'health', routes: healthRoutes };
