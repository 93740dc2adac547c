import { ID_PATTERN } from '../http/ids.ts';

/** The socket.io endpoint path on the API server (the web app and the server both use it). */
export const REALTIME_PATH = '/socket.io';

/** Each project has its own live channel. */
export const projectNamespace = (projectId: string): string => `/v1/projects/${projectId}`;

/** Matches exactly the project namespaces; anything else is refused by socket.io itself. */
export const PROJECT_NAMESPACE_PATTERN = /^\/v1\/projects\/[0-9a-f]{24}$/;

export function projectIdOfNamespace(name: string): string | undefined {
  if (!PROJECT_NAMESPACE_PATTERN.test(name)) return undefined;
  const projectId = name.slice('/v1/projects/'.length);
  return ID_PATTERN.test(projectId) ? projectId : undefined;
}

/**
 * Why a subscription was refused, as `connect_error` messages: no or bad token (or a deactivated user),
 * a project the caller cannot reach (or that does not exist: the two look the same), a server fault.
 */
export const REALTIME_ERRORS = ['unauthorized', 'not-found', 'internal'] as const;
export type RealtimeError = (typeof REALTIME_ERRORS)[number];
