import type { QueryClient } from '@tanstack/react-query';
import { type Dashboard, type ProjectEventName, type ProjectEventPayload, projectEvents } from '@tessera/shared';
import { historyKeys } from '../../api/dashboardHistory.ts';
import {
  dashboardKeys,
  editDashboardCache,
  isDetailKeyOf,
  removeTab,
  removeUnit,
  upsertTab,
  upsertUnit,
  withDashboard,
} from '../../api/dashboards.ts';

/**
 * Another editor's changes, from the project's live channel: each event carries the
 * changed dashboard, tab or card, which is written into the cached dashboard (and the list), so the screen
 * follows without a reload. Whatever the cache cannot place (a dashboard it does not hold) is refetched.
 */
export const DASHBOARD_EVENTS = [
  'dashboard:updated',
  'dashboard:deleted',
  'tab:updated',
  'tab:deleted',
  'unit:updated',
  'unit:deleted',
] as const satisfies readonly ProjectEventName[];
export type DashboardEventName = (typeof DASHBOARD_EVENTS)[number];

export const isDashboardEvent = (name: string): name is DashboardEventName =>
  (DASHBOARD_EVENTS as readonly string[]).includes(name);

/** Applies an event already checked against its schema. */
export function applyDashboardEvent<E extends DashboardEventName>(
  name: E,
  payload: ProjectEventPayload<E>,
  client: QueryClient,
  projectId: string,
): void {
  const list = dashboardKeys.list(projectId);
  const changed = (payload as { dashboardId?: string; _id: string }).dashboardId ?? (payload as { _id: string })._id;
  // Every change is a version, and may end what this page can undo or redo: both are asked again.
  if (name !== 'dashboard:deleted') void client.invalidateQueries({ queryKey: historyKeys.all(projectId, changed) });
  switch (name) {
    case 'dashboard:updated': {
      const dashboard = payload as ProjectEventPayload<'dashboard:updated'>;
      editDashboardCache(client, dashboard._id, withDashboard(dashboard));
      const cached = client.getQueryData<Dashboard[]>(list);
      if (cached?.some((d) => d._id === dashboard._id)) {
        client.setQueryData<Dashboard[]>(list, (old) =>
          old?.map((d) => (d._id === dashboard._id ? { ...d, ...dashboard } : d)),
        );
      } else {
        void client.invalidateQueries({ queryKey: list });
      }
      if (dashboard.preview.url)
        client.setQueryData(dashboardKeys.preview(projectId, dashboard._id), dashboard.preview);
      break;
    }
    case 'dashboard:deleted': {
      const { _id } = payload as ProjectEventPayload<'dashboard:deleted'>;
      client.setQueryData<Dashboard[]>(list, (old) => old?.filter((d) => d._id !== _id));
      // An open dashboard refetches, is not found, and its page goes back to the list.
      void client.invalidateQueries({ predicate: (q) => isDetailKeyOf(q.queryKey, _id) });
      break;
    }
    case 'tab:updated': {
      const tab = payload as ProjectEventPayload<'tab:updated'>;
      editDashboardCache(client, tab.dashboardId, upsertTab(tab));
      break;
    }
    case 'tab:deleted': {
      const { _id, dashboardId } = payload as ProjectEventPayload<'tab:deleted'>;
      editDashboardCache(client, dashboardId, removeTab(_id));
      break;
    }
    case 'unit:updated': {
      const unit = payload as ProjectEventPayload<'unit:updated'>;
      editDashboardCache(client, unit.dashboardId, upsertUnit(unit));
      break;
    }
    case 'unit:deleted': {
      const { _id, dashboardId } = payload as ProjectEventPayload<'unit:deleted'>;
      editDashboardCache(client, dashboardId, removeUnit(_id));
      break;
    }
  }
}

/** Checks a raw event (the public page's own socket) and applies it when it is a data app event. */
export function applyRawDashboardEvent(name: string, raw: unknown, client: QueryClient, projectId: string): void {
  if (!isDashboardEvent(name)) return;
  const parsed = projectEvents[name].safeParse(raw);
  if (parsed.success) applyDashboardEvent(name, parsed.data as never, client, projectId);
}
