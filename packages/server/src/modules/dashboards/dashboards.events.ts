import type { Dashboard, Tab, Unit } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { type EmitOptions, realtimeOf } from '../../platform/realtime.ts';

/**
 * The live channel of data apps: another editor's change appears without reload. Members who see dashboards
 * hear them, and so do anonymous viewers of a public project (every dashboard of a public project is public):
 * the payloads name nobody (dashboardEventSchema has no `user`).
 */
const AUDIENCE: EmitOptions = { area: 'dashboard', public: true };

/** What hears that a dashboard's content changed (its image is rendered again, debounced: preview.refresh.ts). */
export interface ContentListener {
  changed(dashboardId: string): void;
}
// Keyed by the app's context, the one object every encapsulated plugin of the app shares (route plugins each
// see their own FastifyInstance).
const listeners = new WeakMap<object, ContentListener>();
export function listenToContentChanges(app: FastifyInstance, listener: ContentListener): void {
  listeners.set(app.ctx, listener);
}
const contentChanged = (app: FastifyInstance, dashboardId: string) => listeners.get(app.ctx)?.changed(dashboardId);

/**
 * `content: false` for an update that changes nothing the image shows (the image's own state) or that asks for
 * a render itself (a new or duplicated dashboard).
 */
export function emitDashboardUpdated(app: FastifyInstance, dashboard: Dashboard, options = { content: true }): void {
  const { user: _user, ...event } = dashboard;
  realtimeOf(app).emit(dashboard.projectId, 'dashboard:updated', event, AUDIENCE);
  if (options.content) contentChanged(app, dashboard._id);
}

export function emitDashboardDeleted(app: FastifyInstance, projectId: string, dashboardId: string): void {
  realtimeOf(app).emit(projectId, 'dashboard:deleted', { _id: dashboardId }, AUDIENCE);
}

export function emitTabUpdated(app: FastifyInstance, projectId: string, tab: Tab): void {
  realtimeOf(app).emit(projectId, 'tab:updated', tab, AUDIENCE);
  contentChanged(app, tab.dashboardId);
}

export function emitTabDeleted(
  app: FastifyInstance,
  projectId: string,
  tab: { _id: string; dashboardId: string },
): void {
  realtimeOf(app).emit(projectId, 'tab:deleted', tab, AUDIENCE);
  contentChanged(app, tab.dashboardId);
}

export function emitUnitUpdated(app: FastifyInstance, projectId: string, unit: Unit): void {
  realtimeOf(app).emit(projectId, 'unit:updated', unit, AUDIENCE);
  contentChanged(app, unit.dashboardId);
}

export function emitUnitDeleted(
  app: FastifyInstance,
  projectId: string,
  unit: { _id: string; tabId: string; dashboardId: string },
): void {
  realtimeOf(app).emit(projectId, 'unit:deleted', unit, AUDIENCE);
  contentChanged(app, unit.dashboardId);
}
