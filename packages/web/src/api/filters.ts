import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type NewDashboardFilter, PREVIEW_TOKEN_PARAM, type PublicFeature } from '@tessera/shared';
import { call } from './client.ts';
import { type DashboardView, dashboardKeys, editDashboardCache } from './dashboards.ts';
import { projectKeys } from './projects.ts';

/**
 * Saved filters of a dashboard and its tabs (POST/DELETE tabs/{id}/filters, PUT/DELETE
 * filters/{id}, and the dashboard's own list), and the feature reads the filter menus need (the project's
 * features, one feature's categories). Every change answers the whole list it changed, written into the cached
 * dashboard at once; other viewers get it from the live channel (dashboard:updated, tab:updated). On the public
 * and preview pages the features come with the dashboard (`features` of its public answer) and a listed
 * feature's categories from the public family.
 */

type FilterList = api.FilterList;

export const filterKeys = {
  projectFeatures: (projectId: string) => [...projectKeys.scope(projectId), 'datasets', 'features', 'all'] as const,
  datasetFeatures: (projectId: string, datasetId: string) =>
    [...projectKeys.scope(projectId), 'datasets', 'features', 'of', datasetId] as const,
  categories: (projectId: string, featureId: string) =>
    [...projectKeys.scope(projectId), 'datasets', 'features', 'categories', featureId] as const,
  /** Outside the public dashboard's own key (`publicDashboard`, id): that key names its loads only. */
  /** The features a dashboard uses (a reader without the dataset role names its filters' features with them). */
  dashboardFeatures: (projectId: string, dashboardId: string) =>
    [...projectKeys.scope(projectId), 'dashboards', 'features', dashboardId] as const,
  dashboardCategories: (projectId: string, dashboardId: string, featureId: string) =>
    [...projectKeys.scope(projectId), 'dashboards', 'features', dashboardId, 'categories', featureId] as const,
  publicCategories: (dashboardId: string, featureId: string, previewToken: string | null) =>
    ['publicFeatureCategories', dashboardId, featureId, previewToken] as const,
};

/** The public (or preview) page's load of a dashboard in the cache: its features and the preview token used. */
export function cachedPublicLoad(
  client: QueryClient,
  dashboardId: string,
): { features: PublicFeature[] | undefined; previewToken: string | null } | undefined {
  const prefix = dashboardKeys.publicDetail(dashboardId, null).slice(0, 2);
  const query = client
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .find((candidate) => candidate.state.data);
  if (!query) return undefined;
  const data = query.state.data as DashboardView & { features?: PublicFeature[] };
  return { features: data.features, previewToken: (query.queryKey[2] as string | null | undefined) ?? null };
}

/** Writes a changed list into the cached dashboard (its own filters or one tab's). */
export function applyFilterList(client: QueryClient, list: FilterList) {
  editDashboardCache(client, list.dashboardId, (view: DashboardView) =>
    list.owner.kind === 'dashboard'
      ? { ...view, dashboard: { ...view.dashboard, filters: list.filters } }
      : {
          ...view,
          tabs: view.tabs.map((tab) => (tab._id === list.owner._id ? { ...tab, filters: list.filters } : tab)),
        },
  );
}

/** Where a new filter goes: every tab of the dashboard, or one tab. */
export type FilterOwner = { kind: 'dashboard'; id: string } | { kind: 'tab'; id: string };

export function useFilterMutations() {
  const client = useQueryClient();
  const onSuccess = (list: FilterList) => applyFilterList(client, list);
  return {
    add: useMutation({
      mutationFn: ({ owner, filter }: { owner: FilterOwner; filter: NewDashboardFilter }) =>
        owner.kind === 'dashboard'
          ? call(api.addDashboardFilter, { params: { id: owner.id }, body: filter })
          : call(api.addTabFilter, { params: { id: owner.id }, body: filter }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, change }: { id: string; change: Partial<NewDashboardFilter> }) =>
        call(api.updateFilter, { params: { id }, body: change }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(api.deleteFilter, { params: { id } }),
      onSuccess,
    }),
    clear: useMutation({
      mutationFn: (owner: FilterOwner) =>
        owner.kind === 'dashboard'
          ? call(api.clearDashboardFilters, { params: { id: owner.id } })
          : call(api.clearTabFilters, { params: { id: owner.id } }),
      onSuccess,
    }),
  };
}

/**
 * Every feature of the project (names and types of filtered features). Asked only inside a project by a member
 * who may read its datasets (`enabled`): public visitors and dashboard-only readers may not read them.
 */
export function useProjectFeatures(projectId: string | null, enabled = true) {
  return useQuery({
    queryKey: filterKeys.projectFeatures(projectId ?? ''),
    queryFn: () => call(api.listProjectFeatures, { query: { projectId: projectId as string } }),
    enabled: enabled && projectId !== null,
    meta: { pageError: false },
    retry: false,
  });
}

/**
 * The features a dashboard uses (those its filters use and its cards map), readable with the dashboard view role
 * alone: what a member without the dataset role sees of the features.
 */
export function useDashboardFeatures(projectId: string | null, dashboardId: string, enabled: boolean) {
  return useQuery({
    queryKey: filterKeys.dashboardFeatures(projectId ?? '', dashboardId),
    queryFn: () => call(api.listDashboardFeatures, { params: { id: dashboardId } }),
    enabled: enabled && projectId !== null && dashboardId !== '',
    meta: { pageError: false },
    retry: false,
  });
}

/** One dataset's features in column order (the add-filter menu). */
export function useDatasetFeatures(projectId: string, datasetId: string | null) {
  return useQuery({
    queryKey: filterKeys.datasetFeatures(projectId, datasetId ?? ''),
    queryFn: () => call(api.listDatasetFeatures, { params: { id: datasetId as string } }),
    enabled: datasetId !== null,
    meta: { pageError: false },
  });
}

/**
 * A feature's values, most frequent first (the category menu's list): inside a project from the features
 * endpoint, or, for a member without the dataset role (`readsDatasets` false), from the dashboard's used features;
 * on the public and preview pages (no project) from the public dashboard's categories read, for the features of
 * its public list only (others are not asked: the visitor's menu lists the chosen ones).
 */
export function useFeatureCategories(
  projectId: string | null,
  featureId: string,
  dashboardId?: string,
  readsDatasets = true,
) {
  const client = useQueryClient();
  const load = projectId === null && dashboardId ? cachedPublicLoad(client, dashboardId) : undefined;
  const listed = load?.features?.some((feature) => feature._id === featureId) ?? false;
  const previewToken = load?.previewToken ?? null;
  const source =
    projectId !== null && (readsDatasets || !dashboardId) ? 'project' : projectId !== null ? 'dashboard' : 'public';
  return useQuery({
    queryKey:
      source === 'project' || !dashboardId
        ? filterKeys.categories(projectId ?? '', featureId)
        : source === 'dashboard'
          ? filterKeys.dashboardCategories(projectId ?? '', dashboardId, featureId)
          : filterKeys.publicCategories(dashboardId, featureId, previewToken),
    queryFn: () =>
      source === 'project' || !dashboardId
        ? call(api.featureCategories, { params: { id: featureId }, query: { limit: 1000 } })
        : source === 'dashboard'
          ? call(api.getDashboardFeatureCategories, { params: { id: dashboardId, featureId }, query: { limit: 1000 } })
          : call(api.getPublicFeatureCategories, {
              params: { id: dashboardId, featureId },
              query: { limit: 1000, ...(previewToken ? { [PREVIEW_TOKEN_PARAM]: previewToken } : {}) },
            }),
    enabled: projectId !== null || listed,
    meta: { pageError: false },
    retry: false,
  });
}
