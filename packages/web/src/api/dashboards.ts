import { type QueryClient, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type Dashboard,
  type LayoutBox,
  type LayoutItem,
  PREVIEW,
  PREVIEW_TOKEN_PARAM,
  type PublicDashboard,
  type Tab,
  type Unit,
  type UnitType,
} from '@tessera/shared';
import { call, tokenStore } from './client.ts';
import { projectKeys } from './projects.ts';

/**
 * Data apps: the list, one dashboard with its tabs and cards, the preview image, the public and
 * preview pages' read-only load, and every change. Changes write their answer into the cached dashboard at once
 * (the same answers the live channel carries to other editors), so the screen follows without a reload.
 */

export const dashboardKeys = {
  all: (projectId: string) => [...projectKeys.scope(projectId), 'dashboards'] as const,
  list: (projectId: string) => [...projectKeys.scope(projectId), 'dashboards', 'list'] as const,
  detail: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'dashboards', 'detail', id] as const,
  preview: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'dashboards', 'preview', id] as const,
  previewImage: (url: string) => ['dashboardPreviewImage', url] as const,
  /** The public and preview pages' load, outside any project scope (the visitor may have no session). */
  publicDetail: (id: string, previewToken: string | null) => ['publicDashboard', id, previewToken] as const,
};

/** What the dashboard screen draws, in every place (the public answer names nobody and has no preview). */
export interface DashboardView {
  dashboard: PublicDashboard & Partial<Pick<Dashboard, 'user' | 'preview'>>;
  tabs: Tab[];
  units: Unit[];
}

/** Whether a cached query is one dashboard's load, in the project or on the public page. */
export function isDetailKeyOf(key: QueryKey, dashboardId: string): boolean {
  return (
    (key[0] === 'project' && key[2] === 'dashboards' && key[3] === 'detail' && key[4] === dashboardId) ||
    (key[0] === 'publicDashboard' && key[1] === dashboardId)
  );
}

/** Applies a change to every cached load of one dashboard (in the project and on the public page). */
export function editDashboardCache(
  client: QueryClient,
  dashboardId: string,
  edit: (view: DashboardView) => DashboardView,
) {
  client.setQueriesData<DashboardView>({ predicate: (q) => isDetailKeyOf(q.queryKey, dashboardId) }, (old) =>
    old ? edit(old) : old,
  );
}

/**
 * The view as the screen draws it: the tabs in the dashboard's order. The cache may briefly hold a tab the
 * order does not name yet (a live `tab:updated` arriving before its `dashboard:updated`), or the reverse; such
 * a tab shows once both are known.
 */
export function orderedView(view: DashboardView): DashboardView {
  const byId = new Map(view.tabs.map((tab) => [tab._id, tab]));
  const tabs = view.dashboard.tabs.map((id) => byId.get(id)).filter((tab): tab is Tab => tab !== undefined);
  const shown = new Set(tabs.map((tab) => tab._id));
  return { ...view, tabs, units: view.units.filter((unit) => shown.has(unit.tabId)) };
}

/** Dashboard fields from an answer or an event, keeping what the event leaves out (its creator). */
export const withDashboard =
  (dashboard: Partial<Dashboard> & PublicDashboard) =>
  (view: DashboardView): DashboardView => ({
    ...view,
    dashboard: { ...view.dashboard, ...dashboard },
  });

export const upsertTab =
  (tab: Tab) =>
  (view: DashboardView): DashboardView => ({
    ...view,
    tabs: view.tabs.some((t) => t._id === tab._id)
      ? view.tabs.map((t) => (t._id === tab._id ? tab : t))
      : [...view.tabs, tab],
  });

export const upsertUnit =
  (unit: Unit) =>
  (view: DashboardView): DashboardView => ({
    ...view,
    units: view.units.some((u) => u._id === unit._id)
      ? view.units.map((u) => (u._id === unit._id ? unit : u))
      : [...view.units, unit],
  });

export const removeTab =
  (tabId: string) =>
  (view: DashboardView): DashboardView => ({
    ...view,
    tabs: view.tabs.filter((t) => t._id !== tabId),
    units: view.units.filter((u) => u.tabId !== tabId),
  });

export const removeUnit =
  (unitId: string) =>
  (view: DashboardView): DashboardView => ({
    ...view,
    units: view.units.filter((u) => u._id !== unitId),
  });

const pipe =
  (...edits: Array<(view: DashboardView) => DashboardView>) =>
  (view: DashboardView) =>
    edits.reduce((v, edit) => edit(v), view);

/** The data apps of a project, newest first (the server's order). */
export function useDashboards(projectId: string) {
  return useQuery({
    queryKey: dashboardKeys.list(projectId),
    queryFn: () => call(api.listDashboards, { query: { projectId } }),
  });
}

/**
 * One dashboard with its tabs and cards. Its failure is not a full-page error: an unknown dashboard sends the
 * user back to the list.
 */
export function useDashboard(projectId: string, dashboardId: string) {
  return useQuery<DashboardView>({
    queryKey: dashboardKeys.detail(projectId, dashboardId),
    queryFn: () => call(api.getDashboard, { params: { id: dashboardId } }),
    meta: { pageError: false },
    retry: false,
  });
}

/** The public or preview page's load; the preview renderer's one-time token travels as `previewToken`. */
export function usePublicDashboard(dashboardId: string, previewToken: string | null) {
  return useQuery<DashboardView>({
    queryKey: dashboardKeys.publicDetail(dashboardId, previewToken),
    queryFn: () =>
      call(api.getPublicDashboard, {
        params: { id: dashboardId },
        query: previewToken ? { [PREVIEW_TOKEN_PARAM]: previewToken } : {},
      }),
    meta: { pageError: false },
    retry: false,
  });
}

/**
 * The list card's image state. Asked only once the 'New dashboard' window is over (`enabled`), then again every
 * 5 s until a url comes back.
 */
export function useDashboardPreview(projectId: string, dashboardId: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.preview(projectId, dashboardId),
    queryFn: () => call(api.getDashboardPreview, { params: { id: dashboardId } }),
    enabled,
    meta: { pageError: false },
    refetchInterval: (query) => (query.state.data?.url ? false : PREVIEW.retryMs),
    retry: false,
  });
}

/**
 * The preview PNG is served to those who may see the dashboard, so it is fetched with the session's token (an
 * <img> cannot send it) and shown from a blob URL.
 */
export function usePreviewImage(url: string | null) {
  return useQuery({
    queryKey: dashboardKeys.previewImage(url ?? ''),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { pageError: false },
    queryFn: async () => {
      const token = tokenStore.get();
      const res = await fetch(url as string, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!res.ok) throw new Error(`preview image ${res.status}`);
      return res.blob();
    },
  });
}

function useListRefresh(projectId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: dashboardKeys.list(projectId) });
}

export interface NewDashboard {
  name: string;
  description: string;
  type: Dashboard['type'];
  tabName: string;
}

export function useCreateDashboard(projectId: string) {
  const refresh = useListRefresh(projectId);
  return useMutation({
    mutationFn: (app: NewDashboard) => call(api.createDashboard, { body: { projectId, ...app } }),
    onSuccess: async () => refresh(),
  });
}

export type DashboardChange = {
  name?: string;
  description?: string;
  display?: { hide?: Partial<Dashboard['display']['hide']>; crossFilters?: boolean };
  /** `features` is a patch: a colour sets a feature's colour, null removes it. */
  colors?: { colorScheme?: Dashboard['colors']['colorScheme']; features?: Record<string, string | null> };
  tabs?: string[];
};

/** Data App Settings, the colour menu and the tab order; the tab order is shown at once (undone on failure). */
export function useUpdateDashboard(projectId: string) {
  const client = useQueryClient();
  const refresh = useListRefresh(projectId);
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: DashboardChange }) =>
      call(api.updateDashboard, { params: { id }, body: change }),
    onMutate: ({ id, change }) => {
      if (change.tabs) {
        const tabs = change.tabs;
        editDashboardCache(client, id, (view) => ({ ...view, dashboard: { ...view.dashboard, tabs } }));
      }
    },
    onSuccess: async (dashboard) => {
      editDashboardCache(client, dashboard._id, withDashboard(dashboard));
      await refresh();
    },
    onError: async (_error, { id }) => {
      await client.invalidateQueries({ predicate: (q) => isDetailKeyOf(q.queryKey, id) });
    },
  });
}

export function useDeleteDashboard(projectId: string) {
  const client = useQueryClient();
  const refresh = useListRefresh(projectId);
  return useMutation({
    mutationFn: (id: string) => call(api.deleteDashboard, { params: { id } }),
    onSuccess: async (_ok, id) => {
      client.removeQueries({ queryKey: dashboardKeys.detail(projectId, id) });
      await refresh();
    },
  });
}

export function useDuplicateDashboard(projectId: string) {
  const refresh = useListRefresh(projectId);
  return useMutation({
    mutationFn: (id: string) => call(api.duplicateDashboard, { params: { id }, body: {} }),
    onSuccess: async () => refresh(),
  });
}

/** Update Dashboard Preview: the card goes back to 'Generating preview...' and polls until the new image. */
export function useUpdateDashboardPreview(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.updateDashboardPreview, { params: { id } }),
    onSuccess: (preview, id) => {
      client.setQueryData(dashboardKeys.preview(projectId, id), preview);
      client.setQueryData<Dashboard[]>(dashboardKeys.list(projectId), (list) =>
        list?.map((d) => (d._id === id ? { ...d, preview } : d)),
      );
    },
  });
}

/** Tabs (sections) of one dashboard; each answer is written into the cached dashboard. */
export function useTabMutations(dashboardId: string) {
  const client = useQueryClient();
  const edit = (change: (view: DashboardView) => DashboardView) => editDashboardCache(client, dashboardId, change);
  return {
    create: useMutation({
      mutationFn: (tab: { name: string; description: string }) =>
        call(api.createTab, { params: { id: dashboardId }, body: tab }),
      onSuccess: ({ dashboard, tab }) => edit(pipe(upsertTab(tab), withDashboard(dashboard))),
    }),
    duplicate: useMutation({
      mutationFn: (tabId: string) => call(api.duplicateTab, { params: { id: dashboardId, tabId }, body: {} }),
      onSuccess: ({ dashboard, tab, units }) =>
        edit(pipe(upsertTab(tab), ...units.map(upsertUnit), withDashboard(dashboard))),
    }),
    /**
     * Leaves the cache to `removed`, called by the caller once it has moved off the deleted tab: removing it
     * first would let the page fall back to the first tab before the tab rules pick the next one.
     */
    remove: useMutation({
      mutationFn: (tabId: string) => call(api.deleteTab, { params: { id: dashboardId, tabId } }),
    }),
    removed: (tabId: string, dashboard: Dashboard) => edit(pipe(removeTab(tabId), withDashboard(dashboard))),
    update: useMutation({
      mutationFn: ({
        tabId,
        change,
      }: {
        tabId: string;
        change: { name?: string; description?: string; units?: string[] };
      }) => call(api.updateTab, { params: { id: tabId }, body: change }),
      onSuccess: (tab) => edit(upsertTab(tab)),
    }),
  };
}

/** Saves a tab's card layout (the grid debounces the calls). */
export function saveTabLayout(client: QueryClient, dashboardId: string, tabId: string, layout: LayoutItem[]) {
  return call(api.updateTab, { params: { id: tabId }, body: { layout } }).then((tab) => {
    editDashboardCache(client, dashboardId, upsertTab(tab));
    return tab;
  });
}

/** Cards of one dashboard. */
export function useUnitMutations(dashboardId: string) {
  const client = useQueryClient();
  const edit = (change: (view: DashboardView) => DashboardView) => editDashboardCache(client, dashboardId, change);
  return {
    create: useMutation({
      mutationFn: ({ tabId, layoutItem }: { tabId: string; layoutItem: LayoutBox }) =>
        call(api.createUnit, { params: { id: tabId }, body: { layoutItem } }),
      onSuccess: ({ tab, unit }) => edit(pipe(upsertTab(tab), upsertUnit(unit))),
    }),
    duplicate: useMutation({
      mutationFn: ({ tabId, unitId }: { tabId: string; unitId: string }) =>
        call(api.duplicateUnit, { params: { id: tabId, unitId }, body: {} }),
      onSuccess: ({ tab, unit }) => edit(pipe(upsertTab(tab), upsertUnit(unit))),
    }),
    remove: useMutation({
      mutationFn: ({ tabId, unitId }: { tabId: string; unitId: string }) =>
        call(api.deleteUnit, { params: { id: tabId, unitId } }),
      onSuccess: ({ tab }, { unitId }) => edit(pipe(upsertTab(tab), removeUnit(unitId))),
    }),
    update: useMutation({
      mutationFn: ({
        unitId,
        change,
      }: {
        unitId: string;
        change: { name?: string; description?: string; type?: UnitType };
      }) => call(api.updateUnit, { params: { id: unitId }, query: {}, body: change }),
      onSuccess: (unit) => edit(upsertUnit(unit)),
    }),
  };
}

/** The project's datasets for the dataset side list (only asked with the dataset view role). */
export function useProjectDatasets(projectId: string, enabled: boolean) {
  return useQuery({
    // Its own key under the project's datasets: the datasets area's changes refresh it too.
    queryKey: [...projectKeys.scope(projectId), 'datasets', 'dashboardsSideList'],
    queryFn: () => call(api.listDatasets, { query: { projectId } }),
    enabled,
    meta: { pageError: false },
  });
}

/**
 * Where a dashboard is shown: in its project, on the public site, as the preview renderer sees it, or as one of
 * its versions left it (the history's read-only preview).
 */
export type DashboardPlace =
  | { kind: 'project'; projectId: string }
  | { kind: 'public' }
  | { kind: 'preview'; projectId: string }
  | { kind: 'version'; projectId: string; versionId: string };
