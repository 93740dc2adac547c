import { useQuery } from '@tanstack/react-query';
import { api } from '@tessera/shared';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutSettled } from '../../api/account.ts';
import { ApiError, call, tokenStore } from '../../api/client.ts';

/**
 * "Sign in with Microsoft": the identity provider's sign-in runs in a popup.
 *
 * The popup starts at the API's authorize URL (302 to the issuer), comes back to /login/microsoft with a code
 * and a state, exchanges them (MicrosoftRoute) and reports the result here over a BroadcastChannel. The channel,
 * not window.opener, carries the result: after the round trip through another origin the popup may have lost
 * its opener (Cross-Origin-Opener-Policy puts it in another browsing context group), and for the same reason
 * `popup.closed` may turn true while the popup is still finishing — so a closed popup ends `pending` only after
 * a grace period, and a result that arrives later still counts.
 */

export const SSO_CHANNEL = 'tessera-sso';
export type SsoResult = { accessToken: string } | { error: string };

const POPUP_SIZE = { width: 500, height: 650 };
const POLL_MS = 500;
/** How long a popup seen closed may still deliver its result before the sign-in counts as abandoned. */
const CLOSED_GRACE_MS = 1500;
/** After that, a late result is still accepted for as long as the server keeps the flow (10 minutes). */
const LATE_RESULT_MS = 10 * 60 * 1000;

export function isSsoResult(value: unknown): value is SsoResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.accessToken === 'string' || typeof v.error === 'string';
}

/** The API address that starts the identity-provider sign-in. */
export function authorizeUrl(loginHint?: string): string {
  const hint = loginHint?.trim();
  return hint
    ? `${api.microsoftAuthorize.path}?${new URLSearchParams({ loginHint: hint })}`
    : api.microsoftAuthorize.path;
}

/** A 500 x 650 popup centred on the current window (screenX/Y keep it on the window's own monitor). */
function popupFeatures(): string {
  const { width, height } = POPUP_SIZE;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

// One identity-provider interaction at a time for the whole page, whichever component started it: the state
// lives in this module, and components read it through useSyncExternalStore.
interface SsoState {
  pending: boolean;
  /** The last sign-in ended without a token: "Account deactivated". */
  deactivated: boolean;
}
let state: SsoState = { pending: false, deactivated: false };
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => state;
function update(next: Partial<SsoState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

interface Interaction {
  popup: Window;
  channel: BroadcastChannel;
  timer: ReturnType<typeof setInterval>;
  expiry: ReturnType<typeof setTimeout>;
  /** Resolves start()'s promise once the interaction is over for the user (result or popup closed). */
  settle: () => void;
}
let current: Interaction | null = null;

/** Where a successful sign-in goes; the mounted hook points it at the router so the app is not reloaded. */
let goToProjects: () => void = () => window.location.assign('/projects');

function endInteraction(): void {
  if (!current) return;
  clearInterval(current.timer);
  clearTimeout(current.expiry);
  current.channel.close();
  current.settle();
  current = null;
}

/** Applies a result from the popup (or from the in-place flow when the popup was blocked). */
export async function applySsoResult(result: SsoResult): Promise<void> {
  endInteraction();
  if ('accessToken' in result) {
    // A sign-out started by the sign-in page must not clear the new token after it is stored.
    await logoutSettled();
    tokenStore.set(result.accessToken);
    update({ pending: false, deactivated: false });
    goToProjects();
  } else {
    update({ pending: false, deactivated: true });
  }
}

function openInteraction(popup: Window): Promise<void> {
  return new Promise((settle) => {
    const channel = new BroadcastChannel(SSO_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if (isSsoResult(event.data)) void applySsoResult(event.data);
    };
    let closedAt: number | null = null;
    const timer = setInterval(() => {
      if (!popup.closed || !state.pending) return;
      closedAt ??= Date.now();
      if (Date.now() - closedAt < CLOSED_GRACE_MS) return;
      // The user closed the popup: the button is usable again, but the channel keeps listening a while.
      update({ pending: false });
      clearInterval(timer);
      settle();
    }, POLL_MS);
    const expiry = setTimeout(endInteraction, LATE_RESULT_MS);
    current = { popup, channel, timer, expiry, settle };
  });
}

async function startInteraction(loginHint?: string): Promise<void> {
  if (state.pending) {
    current?.popup.focus();
    return;
  }
  endInteraction(); // a previous popup that was closed but might still have answered
  const url = authorizeUrl(loginHint);
  const popup = window.open(url, 'tessera-sso', popupFeatures());
  update({ pending: true, deactivated: false });
  if (!popup) {
    // Popups blocked: run the same flow in this tab; MicrosoftRoute finishes it in place.
    window.location.assign(url);
    return;
  }
  popup.focus();
  await openInteraction(popup);
}

/** Marks the last sign-in as ended without a token (used by the in-place flow). */
export function markSsoDeactivated(): void {
  update({ pending: false, deactivated: true });
}

export interface MicrosoftSignIn {
  /** The server has an identity provider configured: show the button. */
  available: boolean;
  /** A popup interaction is under way. */
  pending: boolean;
  /** "Account deactivated" (translated) when the last sign-in returned no token. */
  error: string | null;
  /** Opens the popup, or focuses it if one is already open. */
  start(loginHint?: string): Promise<void>;
}

export function useMicrosoftSignIn(): MicrosoftSignIn {
  const { t } = useTranslation('sso');
  const navigate = useNavigate();
  const { pending, deactivated } = useSyncExternalStore(subscribe, snapshot, snapshot);
  const options = useQuery({
    queryKey: ['login', 'options'],
    queryFn: () => call(api.loginOptions),
    staleTime: 5 * 60_000,
    // Without the answer the page simply offers no single sign-on; it is not a page error.
    meta: { pageError: false },
  });

  useEffect(() => {
    const go = () => void navigate('/projects');
    goToProjects = go;
    return () => {
      if (goToProjects === go) goToProjects = () => window.location.assign('/projects');
    };
  }, [navigate]);

  const start = useCallback((loginHint?: string) => startInteraction(loginHint), []);
  return {
    available: options.data?.microsoft === true,
    pending,
    error: deactivated ? t('accountDeactivated') : null,
    start,
  };
}

/**
 * The popup's half: exchanges the callback's code and state once (React may run effects twice) and
 * broadcasts the result to the page that opened it.
 */
const finished = new Map<string, Promise<SsoResult>>();

export function finishSsoCallback(search: URLSearchParams): Promise<SsoResult> {
  const key = search.toString();
  let result = finished.get(key);
  if (!result) {
    result = exchange(search).then((r) => {
      const channel = new BroadcastChannel(SSO_CHANNEL);
      channel.postMessage(r);
      channel.close();
      return r;
    });
    finished.set(key, result);
  }
  return result;
}

async function exchange(search: URLSearchParams): Promise<SsoResult> {
  const code = search.get('code');
  const state = search.get('state');
  if (!code || !state) return { error: search.get('error') || 'invalid_request' };
  try {
    const iss = search.get('iss') ?? undefined;
    return await call(api.microsoftLogin, { body: { code, state, ...(iss ? { iss } : {}) } });
  } catch (error) {
    return { error: error instanceof ApiError ? error.message : 'network_error' };
  }
}
