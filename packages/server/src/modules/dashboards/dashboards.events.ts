import type { Dashboard, Tab, Unit } from '@tessera/shared';
import type { EmitOptions, RealtimeGateway } from '../../platform/realtime.ts';

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

/**
 * The data apps' events on the project channel, and the listener of content changes. One per app
 * (`dashboardEventsOf`, dashboards.jobs.ts), shared by every service that changes a data app, so that the listener
 * hears them all.
 */
export class DashboardEvents {
  private listener: ContentListener | undefined;

  constructor(private readonly realtime: Pick<RealtimeGateway, 'emit'>) {}

  /** Registers the app's listener of content changes (one: the last registered). */
  listen(listener: ContentListener): void {
    this.listener = listener;
  }

  /**
   * `content: false` for an update that changes nothing the image shows (the image's own state) or that asks
   * for a render itself (a new or duplicated dashboard).
   */
  dashboardUpdated(dashboard: Dashboard, options = { content: true }): void {
    const { user: _user, ...event } = dashboard;
    this.realtime.emit(dashboard.projectId, 'dashboard:updated', event, AUDIENCE);
    if (options.content) this.contentChanged(dashboard._id);
  }

  dashboardDeleted(projectId: string, dashboardId: string): void {
    this.realtime.emit(projectId, 'dashboard:deleted', { _id: dashboardId }, AUDIENCE);
  }

  tabUpdated(projectId: string, tab: Tab): void {
    this.realtime.emit(projectId, 'tab:updated', tab, AUDIENCE);
    this.contentChanged(tab.dashboardId);
  }

  tabDeleted(projectId: string, tab: { _id: string; dashboardId: string }): void {
    this.realtime.emit(projectId, 'tab:deleted', tab, AUDIENCE);
    this.contentChanged(tab.dashboardId);
  }

  unitUpdated(projectId: string, unit: Unit): void {
    this.realtime.emit(projectId, 'unit:updated', unit, AUDIENCE);
    this.contentChanged(unit.dashboardId);
  }

  unitDeleted(projectId: string, unit: { _id: string; tabId: string; dashboardId: string }): void {
    this.realtime.emit(projectId, 'unit:deleted', unit, AUDIENCE);
    this.contentChanged(unit.dashboardId);
  }

  private contentChanged(dashboardId: string): void {
    this.listener?.changed(dashboardId);
  }
}
