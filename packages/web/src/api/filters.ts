import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type NewDataAppFilter } from '@tessera/shared';
import { call } from './client.ts';
import { type DashboardView, editDashboardCache } from './dashboards.ts';
import { projectKeys } from './projects.ts';

/**
 * Saved filters of a dashboard and its tabs (spec 2 §7 "Tabs": POST/DELETE tabs/{id}/filters, PUT/DELETE
 * filters/{id}, and the dashboard's own list), and the feature reads the filter menus need (the project's
 * features, one feature's categories). Every change answers the whole list it changed, written into the cached
 * dashboard at once; other viewers get it from the live channel (dashboard:updated, tab:updated).
 */

type FilterList = api.FilterList;

export const filterKeys = {
  projectFeatures: (projectId: string) => [...projectKeys.scope(projectId), 'datasets', 'features', 'all'] as const,
  datasetFeatures: (projectId: string, datasetId: string) =>
    [...projectKeys.scope(projectId), 'datasets', 'features', 'of', datasetId] as const,
  categories: (projectId: string, featureId: string) =>
    [...projectKeys.scope(projectId), 'datasets', 'features', 'categories', featureId] as const,
};

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
      mutationFn: ({ owner, filter }: { owner: FilterOwner; filter: NewDataAppFilter }) =>
        owner.kind === 'dashboard'
          ? call(api.addDashboardFilter, { params: { id: owner.id }, body: filter })
          : call(api.addTabFilter, { params: { id: owner.id }, body: filter }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, change }: { id: string; change: Partial<NewDataAppFilter> }) =>
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
 * Every feature of the project (names and types of filtered features). Asked only inside a project: public
 * visitors may not read features.
 */
export function useProjectFeatures(projectId: string | null) {
  return useQuery({
    queryKey: filterKeys.projectFeatures(projectId ?? ''),
    queryFn: () => call(api.listProjectFeatures, { query: { projectId: projectId as string } }),
    enabled: projectId !== null,
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

/** A feature's values, most frequent first (the category menu's list). */
export function useFeatureCategories(projectId: string | null, featureId: string) {
  return useQuery({
    queryKey: filterKeys.categories(projectId ?? '', featureId),
    queryFn: () => call(api.featureCategories, { params: { id: featureId }, query: { limit: 1000 } }),
    enabled: projectId !== null,
    meta: { pageError: false },
    retry: false,
  });
}
