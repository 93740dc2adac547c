import type { ServerModule } from '../../platform/module.ts';
import { errorsRoutes } from './errors.routes.ts';

/** errors — errors reported by the web app, and their list for administrators. */
export const errorsModule: ServerModule = { name: 'errors', routes: errorsRoutes };
