import { useSyncExternalStore } from 'react';
import { ApiError, tokenStore } from './client.ts';

/**
 * What the app does with a failed API call:
 * - a query (a GET) answered with a status of 400 or more stores that status, and while a status is stored the
 *   whole application is replaced by the full-page error until its Go Home button clears it;
 * - a 401 on any call while a token is stored means the session is gone (revoked, expired, deactivated): the
 *   token is removed and the app goes to /login. Without a stored token a 401 is an ordinary answer — a wrong
 *   password on the sign-in form must stay on the form.
 *
 * Both are small module stores rather than React state because the QueryClient's caches report errors outside
 * any component.
 */

type Listener = () => void;

let storedStatus: number | null = null;
const statusListeners = new Set<Listener>();

export const pageErrorStore = {
  get: (): number | null => storedStatus,
  set(status: number): void {
    if (storedStatus === status) return;
    storedStatus = status;
    for (const l of statusListeners) l();
  },
  clear(): void {
    if (storedStatus === null) return;
    storedStatus = null;
    for (const l of statusListeners) l();
  },
  subscribe(listener: Listener): () => void {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
};

/** The stored status code, or null. The full-page error shows while it is 400 or more. */
export function usePageErrorStatus(): number | null {
  return useSyncExternalStore(pageErrorStore.subscribe, pageErrorStore.get, pageErrorStore.get);
}

const signedOutListeners = new Set<Listener>();

/** Called when a 401 ended the session; the root layout uses it to go to /login. */
export function onSessionExpired(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

function sessionExpired(): void {
  if (!tokenStore.get()) return;
  tokenStore.clear();
  for (const l of signedOutListeners) l();
}

/**
 * Query metadata understood here. A query that handles its own failure — the project permission, whose failure
 * sends the user to /projects, or the footer's version — sets `meta: { pageError: false }`.
 */
export interface ErrorMeta extends Record<string, unknown> {
  pageError?: boolean;
}

export function handleQueryError(error: unknown, meta?: Record<string, unknown>): void {
  if (!(error instanceof ApiError)) return;
  if (error.status === 401) {
    sessionExpired();
    return;
  }
  if (error.status >= 400 && (meta as ErrorMeta | undefined)?.pageError !== false) pageErrorStore.set(error.status);
}

/** Mutations show their own errors next to their form; only the end of the session is handled globally. */
export function handleMutationError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) sessionExpired();
}
