import { useQueryClient } from '@tanstack/react-query';
import { type DashboardFilter, filtersInForce } from '@tessera/shared';
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { type DashboardView, isDetailKeyOf } from '../../api/dashboards.ts';
import { useDashboardMode } from '../canvas/index.ts';
import { localFilterStore, localOrSaved } from './localFilters.ts';

/**
 * The dashboard's and the tab's filters in force, for the cards' data requests ("a change in filters
 * or public filters once filters are hydrated"). Editors get the saved filters; viewers without edit and public
 * visitors their own session filters (seeded from the saved ones). Only valid filters are returned,
 * dashboard filters first, and the list keeps its identity while its content does not change, so a card can
 * refetch on a change of `filters` alone. `hydrated` is false until the dashboard is loaded.
 */
export function useActiveFilters(
  dashboardId: string,
  tabId: string | undefined,
): { filters: DashboardFilter[]; hydrated: boolean } {
  const { canEdit, place } = useDashboardMode();
  // A version's preview shows the filters that version had saved, never the visitor's own session filters.
  const savedOnly = canEdit || place.kind === 'version';
  const view = useCachedDashboardView(dashboardId);
  const local = useSyncExternalStore(localFilterStore.subscribe, () => localFilterStore.get(dashboardId));

  const inForce = useMemo(() => {
    if (!view) return null;
    const tab = tabId ? view.tabs.find((candidate) => candidate._id === tabId) : undefined;
    const saved = { dashboard: view.dashboard.filters, tab: tab?.filters ?? [] };
    const dashboard = savedOnly ? saved.dashboard : localOrSaved(local, null, saved.dashboard);
    const own = !tabId ? [] : savedOnly ? saved.tab : localOrSaved(local, tabId, saved.tab);
    return filtersInForce(dashboard, own);
  }, [view, local, tabId, savedOnly]);

  const stable = useStableList(inForce ?? NONE);
  return { filters: stable, hydrated: inForce !== null };
}

const NONE: DashboardFilter[] = [];

/** The same array as long as the content is equal (filters come from answers: no key order surprises). */
function useStableList(list: DashboardFilter[]): DashboardFilter[] {
  const last = useRef<{ key: string; list: DashboardFilter[] }>({ key: '[]', list: NONE });
  const key = JSON.stringify(list);
  if (key !== last.current.key) last.current = { key, list };
  return last.current.list;
}

/**
 * The dashboard a screen shows, read once for all its cards (see `DashboardViewProvider`): fifty cards each
 * following the whole query cache would each re-read it on every cache event while the dashboard loads.
 */
const ScreenDashboardView = createContext<{ dashboardId: string; view: DashboardView | undefined } | null>(null);

/**
 * A dashboard as something other than the cache has it: the history's preview of a version gives its cards the
 * app as that version left it (its filters, tabs, cards and settings), not as it is today.
 */
const PinnedDashboardView = createContext<{ dashboardId: string; view: DashboardView } | null>(null);

/** Everything under it reads `view` as dashboard `view.dashboard._id` (a version's preview). */
export function PinnedDashboardViewProvider({ view, children }: { view: DashboardView; children: ReactNode }) {
  const value = useMemo(() => ({ dashboardId: view.dashboard._id, view }), [view]);
  return createElement(PinnedDashboardView.Provider, { value }, children);
}

/** Gives the cards under it the loaded dashboard `dashboardId` through one cache subscription (the grid's). */
export function DashboardViewProvider({ dashboardId, children }: { dashboardId: string; children: ReactNode }) {
  const view = useCachedDashboardView(dashboardId);
  const value = useMemo(() => ({ dashboardId, view }), [dashboardId, view]);
  return createElement(ScreenDashboardView.Provider, { value }, children);
}

const NO_SUBSCRIPTION = () => () => {};

/**
 * The loaded dashboard from the query cache, wherever it was loaded (in a project, on the public or the preview
 * page): whoever shows the dashboard loads it; this only reads it and follows its changes. Under a
 * `PinnedDashboardViewProvider` of the same dashboard it reads the pinned one (a version as it was); under a
 * `DashboardViewProvider` of the same dashboard it reads the provider's; otherwise it follows only the cache
 * events of this dashboard's detail queries.
 */
export function useCachedDashboardView(dashboardId: string): DashboardView | undefined {
  const pinned = useContext(PinnedDashboardView);
  const screen = useContext(ScreenDashboardView);
  const provided = screen?.dashboardId === dashboardId || pinned?.dashboardId === dashboardId;
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback(
    (listener: () => void) =>
      cache.subscribe((event) => {
        if (isDetailKeyOf(event.query.queryKey, dashboardId)) listener();
      }),
    [cache, dashboardId],
  );
  const read = useCallback(
    () =>
      cache.findAll({ predicate: (query) => isDetailKeyOf(query.queryKey, dashboardId) }).find((q) => q.state.data)
        ?.state.data as DashboardView | undefined,
    [cache, dashboardId],
  );
  const own = useSyncExternalStore(provided ? NO_SUBSCRIPTION : subscribe, provided ? readNothing : read);
  if (pinned?.dashboardId === dashboardId) return pinned.view;
  return provided ? screen?.view : own;
}

const readNothing = () => undefined;
