/**
 * Data apps (dashboards): the project's dashboard routes and the live events that update them. The router loads the
 * public, preview and export pages on demand by import() of their modules.
 */

export { DashboardsRoutes } from './DashboardsRoutes.tsx';
export { applyDashboardEvent, isDashboardEvent } from './liveEvents.ts';
