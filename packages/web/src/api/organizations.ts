import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Organization } from '@tessera/shared';
import { call } from './client.ts';
import { sessionKeys } from './session.ts';

/**
 * Query keys of the organization administration. Everything sits under ['organizations'] (the session's own
 * organization too), so a change refreshes every list and copy with one invalidation.
 */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: ['organizations', 'list'] as const,
  clients: (id: string) => ['organizations', id, 'clients'] as const,
  detail: (id: string) => ['organizations', id, 'detail'] as const,
  log: (id: string) => ['organizations', id, 'log'] as const,
  projects: (id: string) => ['organizations', id, 'projects'] as const,
};

/** Every organization (manageAllOrganizations), sorted by name by the server. */
export function useAllOrganizations(enabled = true) {
  return useQuery({ queryKey: organizationKeys.list, queryFn: () => call(api.listOrganizations), enabled });
}

/** The client organizations of a consultant organization. */
export function useClientOrganizations(consultantId: string | undefined) {
  return useQuery({
    queryKey: organizationKeys.clients(consultantId ?? ''),
    queryFn: () => call(api.listClientOrganizations, { params: { id: consultantId ?? '' } }),
    enabled: !!consultantId,
  });
}

/**
 * One organization by id. Unknown or out of reach answers 404, which the settings page shows as its 404 page
 * rather than the full-page error: to the viewer such an organization does not exist.
 */
export function useOrganization(id: string) {
  return useQuery({
    queryKey: organizationKeys.detail(id),
    queryFn: () => call(api.getOrganization, { params: { id } }),
    meta: { pageError: false },
    retry: false,
  });
}

/** After a change: the answer replaces the cached copies, then every organization query refreshes. */
function useRefresh() {
  const client = useQueryClient();
  return (saved?: Organization) => {
    if (saved) {
      client.setQueryData(organizationKeys.detail(saved._id), saved);
      client.setQueryData<Organization>(sessionKeys.myOrganization, (old) => (old?._id === saved._id ? saved : old));
    }
    return client.invalidateQueries({ queryKey: organizationKeys.all });
  };
}

export interface OrganizationDraft {
  name: string;
  type?: Organization['type'];
  consultantId?: string | null;
  plan?: string | null;
}

export function useCreateOrganization() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OrganizationDraft) => call(api.createOrganization, { body }),
    onSuccess: async () => refresh(),
  });
}

export type OrganizationChange = Partial<
  Pick<Organization, 'name' | 'type' | 'consultantId' | 'active' | 'publicSharing' | 'plan'>
>;

export function useUpdateOrganization() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: OrganizationChange }) =>
      call(api.updateOrganization, { params: { id }, body: change }),
    onSuccess: async (saved) => refresh(saved),
  });
}

export function useDeleteOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.deleteOrganization, { params: { id } }),
    onSuccess: async (_, id) => {
      // The deleted organization's own queries would answer 404 (a full-page error) if refetched.
      client.removeQueries({ queryKey: ['organizations', id] });
      await client.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}

export function useUploadOrganizationLogo(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      const input = { params: { id }, body: form };
      return call(api.uploadOrganizationLogo, input);
    },
    onSuccess: async () => client.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

export function useOrganizationLog(id: string) {
  return useQuery({
    queryKey: organizationKeys.log(id),
    queryFn: () => call(api.organizationLoginLog, { params: { id } }),
  });
}

/** The organization settings Projects tab (the projects area's list endpoint). */
export function useOrganizationProjects(id: string) {
  return useQuery({
    queryKey: organizationKeys.projects(id),
    queryFn: () => call(api.listOrganizationProjects, { params: { organizationId: id } }),
  });
}
