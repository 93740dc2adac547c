export { usersRoutes } from './users.routes.ts';
export { findUserById } from './users.store.ts';
