import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ProjectRoles } from '@tessera/shared';
import { call } from './client.ts';
import { projectKeys } from './projects.ts';

export const permissionKeys = {
  mine: (projectId: string) => [...projectKeys.scope(projectId), 'permission', 'my'] as const,
  members: (projectId: string) => [...projectKeys.scope(projectId), 'members'] as const,
  candidates: (projectId: string, organizationId: string | undefined) =>
    [...projectKeys.scope(projectId), 'candidates', organizationId ?? 'own'] as const,
};

/**
 * The caller's own effective permission in a project. Its failure is handled by the project shell, which sends
 * the user to /projects, so it must not raise the full-page error.
 */
export function useMyProjectPermission(projectId: string) {
  return useQuery({
    queryKey: permissionKeys.mine(projectId),
    queryFn: () => call(api.getMyProjectPermission, { params: { projectId } }),
    meta: { pageError: false },
    retry: false,
  });
}

export function useProjectMembers(projectId: string, enabled = true) {
  return useQuery({
    queryKey: permissionKeys.members(projectId),
    queryFn: () => call(api.listProjectMembers, { params: { projectId } }),
    enabled,
  });
}

/** Active users of the chosen organization who are not members yet (own organization when none is chosen). */
export function useMemberCandidates(projectId: string, organizationId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: permissionKeys.candidates(projectId, organizationId),
    queryFn: () => call(api.listMemberCandidates, { params: { projectId }, query: { organizationId } }),
    enabled,
  });
}

/** After any change of membership: the members, the candidates, and the caller's own rights and list. */
function useRefreshMembers() {
  const client = useQueryClient();
  return (projectId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: permissionKeys.members(projectId) }),
      client.invalidateQueries({ queryKey: [...projectKeys.scope(projectId), 'candidates'] }),
      client.invalidateQueries({ queryKey: permissionKeys.mine(projectId) }),
      client.invalidateQueries({ queryKey: projectKeys.mine }),
    ]);
}

/** Adds one member per user, one call each. */
export function useAddMembers() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: async ({
      projectId,
      userIds,
      roles,
    }: {
      projectId: string;
      userIds: string[];
      roles: ProjectRoles;
    }) => {
      for (const userId of userIds) await call(api.createPermission, { body: { projectId, userId, roles } });
    },
    // Also after a partial failure: the members added before it are members.
    onSettled: async (_r, _e, { projectId }) => refresh(projectId),
  });
}

export function useUpdateMemberRoles() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ permissionId, roles }: { projectId: string; permissionId: string; roles: ProjectRoles }) =>
      call(api.updatePermission, { params: { id: permissionId }, body: { roles } }),
    onSettled: async (_r, _e, { projectId }) => refresh(projectId),
  });
}

/** Removes a member, or leaves the project when the permission is one's own. */
export function useDeletePermission() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ permissionId }: { projectId: string; permissionId: string }) =>
      call(api.deletePermission, { params: { id: permissionId } }),
    onSettled: async (_r, _e, { projectId }) => refresh(projectId),
  });
}
