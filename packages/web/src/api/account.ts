import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type User } from '@tessera/shared';
import { call } from './client.ts';
import { logout } from './session.ts';

/** Query keys of the own-account calls (the session's `me` key lives in api/session.ts). */
export const accountKeys = {
  resetCode: (code: string) => ['login', 'reset', code] as const,
  userLog: (userId: string) => ['logs', 'users', userId] as const,
};

/**
 * Sign-out for the sign-in page (through session.ts' logout). One sign-out runs at a time, so that
 * React's double effects in development send one DELETE, and a sign-in waits for it: otherwise its late
 * clearing would drop the new token.
 */
let pendingLogout: Promise<void> | null = null;

export function logoutOnce(): Promise<void> {
  pendingLogout ??= logout().finally(() => {
    pendingLogout = null;
  });
  return pendingLogout;
}

/** Resolves once any sign-out in progress has finished. */
export function logoutSettled(): Promise<void> {
  return pendingLogout ?? Promise.resolve();
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) => {
      await logoutSettled();
      return call(api.login, { body });
    },
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => call(api.forgotPassword, { body: { email } }) });
}

export function useResetCodeCheck(code: string) {
  return useQuery({
    queryKey: accountKeys.resetCode(code),
    queryFn: () => call(api.checkResetCode, { params: { code } }),
    retry: false,
    // A bad code sends the user back to /login instead of the full-page error.
    meta: { pageError: false },
    staleTime: 0,
    gcTime: 0,
  });
}

export function useResetPassword(code: string) {
  return useMutation({
    mutationFn: (body: { password: string; confirmPassword: string }) =>
      call(api.resetPassword, { params: { code }, body }),
  });
}

export function useUpdateMyName() {
  return useMutation({
    mutationFn: (name: User['name']) => call(api.updateMyUser, { body: { name } }),
  });
}

export function useChangeMyPassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; password: string; confirmPassword: string }) =>
      call(api.changeMyPassword, { body }),
  });
}

export function useUploadUserLogo(userId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      // The logo contract is multipart: its body is the FormData, which call() sends as is.
      const input = { params: { id: userId }, body: form };
      return call(api.uploadUserLogo, input);
    },
  });
}

export function useUserLoginLog(userId: string) {
  return useQuery({
    queryKey: accountKeys.userLog(userId),
    queryFn: () => call(api.userLoginLog, { params: { id: userId } }),
  });
}
