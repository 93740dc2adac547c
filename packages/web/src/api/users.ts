import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type OrgRoles, type User } from '@tessera/shared';
import { call } from './client.ts';
import { sessionKeys } from './session.ts';

/** Query keys of the user administration (the session's own user is sessionKeys.me). */
export const userKeys = {
  ofOrganization: (organizationId: string) => ['users', 'organizations', organizationId] as const,
};

/** An organization's users, sorted by first and last name by the server. */
export function useOrganizationUsers(organizationId: string) {
  return useQuery({
    queryKey: userKeys.ofOrganization(organizationId),
    queryFn: () => call(api.listOrganizationUsers, { params: { id: organizationId } }),
  });
}

/** After a change, the saved user replaces its copy in its organization's list (and the session's if it is me). */
function useStoreUser() {
  const client = useQueryClient();
  return (saved: User) => {
    client.setQueryData<User[]>(userKeys.ofOrganization(saved.organizationId), (old) =>
      old?.map((u) => (u._id === saved._id ? saved : u)),
    );
    client.setQueryData<User>(sessionKeys.me, (old) => (old?._id === saved._id ? saved : old));
  };
}

export interface NewUser {
  first: string;
  last: string;
  email: string;
  roles: OrgRoles;
}

export function useCreateUser(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUser) => call(api.createUser, { query: { organizationId }, body }),
    onSuccess: async () => client.invalidateQueries({ queryKey: userKeys.ofOrganization(organizationId) }),
  });
}

export type UserChange = Partial<{ name: User['name']; roles: OrgRoles; active: boolean }>;

export function useUpdateUser() {
  const store = useStoreUser();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UserChange }) =>
      call(api.updateUser, { params: { id }, body: change }),
    onSuccess: store,
  });
}

export function useDeleteUser(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.deleteUser, { params: { id } }),
    onSuccess: async (_, id) => {
      client.setQueryData<User[]>(userKeys.ofOrganization(organizationId), (old) => old?.filter((u) => u._id !== id));
      await client.invalidateQueries({ queryKey: userKeys.ofOrganization(organizationId) });
    },
  });
}

/** A fresh invitation for an unclaimed account; the answer carries `reset.token` for the reset link. */
export function useResendUserEmail() {
  return useMutation({ mutationFn: (id: string) => call(api.resendUserEmail, { params: { id } }) });
}

/** A logo uploaded for a user (the settings' logo call) shown at once in the lists that hold that user. */
export function useStoreUserLogo() {
  const store = useStoreUser();
  return (user: User, logo: string) => store({ ...user, logo });
}
