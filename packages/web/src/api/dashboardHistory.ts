import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tessera/shared';
import { call } from './client.ts';
import { projectKeys } from './projects.ts';

/**
 * A data app's history (docs/data-apps.md "History"): its versions page by page (optionally one person's), one
 * version's app, restore, and undo / redo of this page's own steps. Restores and steps reach the dashboard's
 * cache through the live channel, as any edit does.
 */
export const historyKeys = {
  all: (projectId: string, dashboardId: string) =>
    [...projectKeys.scope(projectId), 'dashboards', 'history', dashboardId] as const,
  list: (projectId: string, dashboardId: string, page: number, user: string | null) =>
    [...historyKeys.all(projectId, dashboardId), 'list', page, user] as const,
  version: (projectId: string, dashboardId: string, versionId: string) =>
    [...historyKeys.all(projectId, dashboardId), 'version', versionId] as const,
  undo: (projectId: string, dashboardId: string) => [...historyKeys.all(projectId, dashboardId), 'undo'] as const,
};

export function useDashboardVersions(projectId: string, dashboardId: string, page: number, user: string | null) {
  return useQuery({
    queryKey: historyKeys.list(projectId, dashboardId, page, user),
    queryFn: () =>
      call(api.listDashboardVersions, { params: { id: dashboardId }, query: { page, ...(user ? { user } : {}) } }),
  });
}

export function useDashboardVersion(projectId: string, dashboardId: string, versionId: string | null) {
  return useQuery({
    queryKey: historyKeys.version(projectId, dashboardId, versionId ?? ''),
    queryFn: () => call(api.getDashboardVersion, { params: { id: dashboardId, versionId: versionId ?? '' } }),
    enabled: versionId !== null,
  });
}

export function useRestoreVersion(projectId: string, dashboardId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) => call(api.restoreDashboardVersion, { params: { id: dashboardId, versionId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: historyKeys.all(projectId, dashboardId) }),
  });
}

/** How many of this page's steps may be undone and redone (asked again after every change of the app). */
export function useUndoState(projectId: string, dashboardId: string, enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.undo(projectId, dashboardId),
    queryFn: () => call(api.getDashboardUndo, { params: { id: dashboardId } }),
    enabled,
  });
}

export function useUndoRedo(projectId: string, dashboardId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (direction: 'undo' | 'redo') =>
      call(direction === 'undo' ? api.undoDashboardStep : api.redoDashboardStep, { params: { id: dashboardId } }),
    onSuccess: (counts) => {
      client.setQueryData(historyKeys.undo(projectId, dashboardId), counts);
      void client.invalidateQueries({ queryKey: historyKeys.all(projectId, dashboardId) });
    },
  });
}
