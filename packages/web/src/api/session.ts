import { useQuery } from '@tanstack/react-query';
import { api } from '@tessera/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call, tokenStore } from './client.ts';
import { pageErrorStore } from './errors.ts';
import { queryClient } from './queryClient.ts';

export const sessionKeys = {
  me: ['users', 'my'] as const,
  myOrganization: ['organizations', 'my'] as const,
};

/** The signed-in user with their roles (GET /api/v1/users/my); idle without a stored token. */
export function useMe() {
  return useQuery({ queryKey: sessionKeys.me, queryFn: () => call(api.getMyUser), enabled: tokenStore.get() !== null });
}

/** The signed-in user's organization (GET /api/v1/organizations/my). */
export function useMyOrganization() {
  return useQuery({
    queryKey: sessionKeys.myOrganization,
    queryFn: () => call(api.getMyOrganization),
    enabled: tokenStore.get() !== null,
  });
}

/** Forgets the session in this browser: the token, every cached answer and any stored page error. */
export function forgetSession(): void {
  tokenStore.clear();
  pageErrorStore.clear();
  queryClient.clear();
}

/**
 * Logout: sends DELETE /api/v1/logout when a token is stored, then removes it. The server call is
 * best effort — a token the server no longer knows is already as good as revoked.
 */
export async function logout(): Promise<void> {
  if (tokenStore.get()) {
    try {
      await call(api.logout);
    } catch {
      // An already revoked or expired token answers 401; the local session is removed all the same.
    }
  }
  forgetSession();
}

/** Logs out and goes to /login (the user menu's Log Out). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    await navigate('/login', { replace: true });
  }, [navigate]);
}
