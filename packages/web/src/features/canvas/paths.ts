/**
 * Where a data app lives. The same dashboard page serves three places: inside a project
 * (signed in), the public page (no login) and the preview page the server screenshots (no login, with a
 * previewToken). A dashboard of type Report always goes through the `report/` variant of each.
 */

import type { DashboardPlace } from '../../api/dashboards.ts';

export type { DashboardPlace };

export interface DashboardRef {
  _id: string;
  type: 'Dashboard' | 'Report';
}

const reportPart = (dashboard: DashboardRef) => (dashboard.type === 'Report' ? 'report/' : '');

/** The data apps list of a project. */
export const dashboardsListPath = (projectId: string) => `/projects/${projectId}/dashboards`;

/** A dashboard's path in a place, with its tab if one is given (no tab: the page redirects to the first). */
export function dashboardPath(place: DashboardPlace, dashboard: DashboardRef, tabId?: string | null): string {
  const base =
    place.kind === 'project' || place.kind === 'version'
      ? `/projects/${place.projectId}/dashboards/`
      : place.kind === 'public'
        ? '/public/dashboards/'
        : `/preview/projects/${place.projectId}/dashboards/`;
  const path = `${base}${reportPart(dashboard)}${dashboard._id}`;
  return tabId ? `${path}/tabs/${tabId}` : path;
}

/** The mapping editor of a card: opened by the chooser, the Edit icon and Beta Card Types. */
export function unitMappingPath(projectId: string, unitId: string, tabId: string | null, type: string): string {
  const query = new URLSearchParams();
  if (tabId) query.set('tab', tabId);
  query.set('type', type);
  return `/projects/${projectId}/units/${unitId}/mapping?${query.toString()}`;
}

/** The absolute public link Copy Public Link puts on the clipboard. */
export function publicLink(origin: string, dashboard: DashboardRef, tabId?: string | null): string {
  return `${origin}${dashboardPath({ kind: 'public' }, dashboard, tabId)}`;
}
