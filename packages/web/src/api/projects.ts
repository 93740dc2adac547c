import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type MyProject, type Project } from '@tessera/shared';
import { call } from './client.ts';

/**
 * Query keys of projects. Everything that belongs to one project lives under `projectKeys.scope(id)`, so that
 * one invalidation refreshes all of it (a transfer of assets, a live event). Later areas (dashboards,
 * datasets, models, forms) put their keys under that scope too: `[...projectKeys.scope(id), 'datasets']`.
 */
export const projectKeys = {
  mine: ['projects', 'my'] as const,
  scope: (projectId: string) => ['project', projectId] as const,
  detail: (projectId: string) => ['project', projectId, 'detail'] as const,
  organizations: ['organizations', 'index'] as const,
};

/** The caller's projects with their permission and organization, sorted by name by the server. */
export function useMyProjects() {
  return useQuery({ queryKey: projectKeys.mine, queryFn: () => call(api.listMyProjects) });
}

/**
 * One project. A failure is not a full-page error: like the permission, it sends the user to /projects (the
 * project shell does it), since a project one cannot open is, from the user's side, no longer there.
 */
export function useProject(projectId: string) {
  return useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => call(api.getProject, { params: { id: projectId } }),
    meta: { pageError: false },
    retry: false,
  });
}

/**
 * The organizations the caller may pick beyond their own: all of them with manageAllOrganizations, the clients
 * of their organization with manageClientOrganizations (the server decides; others get 403, so the call is
 * only made for those two roles). Used by Edit Members (which organization to take users from) and Transfer
 * Project (its targets).
 */
export function useReachableOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.organizations,
    queryFn: () => call(api.listOrganizations),
    enabled,
    // A failure here only narrows the choices to one's own organization; it is not worth a full-page error.
    meta: { pageError: false },
  });
}

/** Refreshes the project list and one project's data after a change. */
function useRefresh() {
  const client = useQueryClient();
  return (project?: Project) => {
    if (project) client.setQueryData(projectKeys.detail(project._id), project);
    return client.invalidateQueries({ queryKey: projectKeys.mine });
  };
}

export function useCreateProject() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) => call(api.createProject, { body: { name } }),
    onSuccess: async () => refresh(),
  });
}

type ProjectChange = { name?: string; public?: boolean; organizationId?: string };

/** Rename, the Public Dashboards switch, Transfer Project. */
export function useUpdateProject() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ projectId, change }: { projectId: string; change: ProjectChange }) =>
      call(api.updateProject, { params: { id: projectId }, body: change }),
    onSuccess: async (project) => refresh(project),
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => call(api.deleteProject, { params: { id: projectId } }),
    onSuccess: async (_ok, projectId) => {
      client.removeQueries({ queryKey: projectKeys.scope(projectId) });
      await client.invalidateQueries({ queryKey: projectKeys.mine });
    },
  });
}

/** Id lists by asset kind (`dashboards`, `datasets`...); kinds left out move nothing. */
export type TransferAssetLists = Record<string, string[]>;

/** Transfer Assets: moves the chosen assets of each kind; both projects' data is then refreshed. */
export function useTransferAssets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to, assets }: { from: string; to: string; assets: TransferAssetLists }) =>
      call(api.transferAssets, { params: { id: from, toProjectId: to }, body: assets }),
    onSuccess: async (_answer, { from, to }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: projectKeys.scope(from) }),
        client.invalidateQueries({ queryKey: projectKeys.scope(to) }),
      ]);
    },
  });
}

/** The entry of the caller's list for one project (its organization's name and logo, the caller's rights). */
export function findMyProject(list: readonly MyProject[] | undefined, projectId: string): MyProject | undefined {
  return list?.find((p) => p._id === projectId);
}
