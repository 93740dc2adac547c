import type { DashboardFilter } from '@tessera/shared';

/**
 * The filters of viewers without edit and of public visitors: their own, for this
 * browser session only, never saved. A dashboard's entry exists only once the visitor changed something; until
 * then (and for each tab not yet touched) the saved filters are in force, so an editor's live changes still
 * show. Kept in memory: a reload starts again from the saved filters.
 */
export interface LocalFilters {
  /** The visitor's dashboard-level filters, or null while they are the saved ones. */
  dashboard: DashboardFilter[] | null;
  /** The visitor's filters of each tab they changed. */
  tabs: Record<string, DashboardFilter[]>;
}

const store = new Map<string, LocalFilters>();
const listeners = new Set<() => void>();

export const localFilterStore = {
  get: (dashboardId: string): LocalFilters | undefined => store.get(dashboardId),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Replaces one level's filters: the dashboard's (tabId null) or one tab's. */
  set(dashboardId: string, tabId: string | null, filters: DashboardFilter[]): void {
    const old = store.get(dashboardId) ?? { dashboard: null, tabs: {} };
    store.set(
      dashboardId,
      tabId === null ? { ...old, dashboard: filters } : { ...old, tabs: { ...old.tabs, [tabId]: filters } },
    );
    for (const listener of listeners) listener();
  },
  /** Forgets every dashboard's local filters (tests, sign-out). */
  reset(): void {
    store.clear();
    for (const listener of listeners) listener();
  },
};

/** The filters in force at one level: the visitor's own, else the saved ones. */
export function localOrSaved(
  local: LocalFilters | undefined,
  tabId: string | null,
  saved: readonly DashboardFilter[],
): readonly DashboardFilter[] {
  const own = tabId === null ? local?.dashboard : local?.tabs[tabId];
  return own ?? saved;
}
