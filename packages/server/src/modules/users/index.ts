import type { ServerModule } from '../../platform/module.ts';
import { usersRoutes } from './users.routes.ts';

/** users — the caller's profile and password, and user administration (invite, roles, deactivate, delete). */
export const usersModule: ServerModule = { name: 'users', routes: usersRoutes };

export { findUserById } from './users.store.ts';
