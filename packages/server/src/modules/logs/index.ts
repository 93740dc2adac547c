import type { ServerModule } from '../../platform/module.ts';
import { logsRoutes } from './logs.routes.ts';

/** logs — the sign-in logs of a user and of an organization. Uses auth, organizations, users. */
export const logsModule: ServerModule = { name: 'logs', routes: logsRoutes };
