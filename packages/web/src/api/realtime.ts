import type { QueryClient } from '@tanstack/react-query';
import { type ProjectServerToClient, projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { io, type Socket } from 'socket.io-client';
import { tokenStore } from './client.ts';

export type ProjectSocket = Socket<ProjectServerToClient, Record<string, never>>;

/**
 * Opens a project's live channel: socket.io's namespace `/v1/projects/{projectId}` on the API's origin,
 * authenticated by the stored token (read again at each reconnection, so a new sign-in is used). What the web
 * does with its events is the project shell's (app/projectShell/projectEvents.ts).
 */
export function connectProjectSocket(projectId: string, origin = window.location.origin): ProjectSocket {
  return io(`${origin}${projectNamespace(projectId)}`, {
    path: REALTIME_PATH,
    auth: (send) => send({ token: tokenStore.get() }),
  });
}

/**
 * A public page's live channel: an anonymous subscription, since a visitor may have no session, or
 * one that is not a member of this project. The server admits it only for a public project of an organization
 * that shares.
 */
export function connectPublicSocket(projectId: string, origin = window.location.origin): ProjectSocket {
  return io(`${origin}${projectNamespace(projectId)}`, { path: REALTIME_PATH, auth: {} });
}

/**
 * What happened while a live channel was down (its server process died or restarted, and the channel came back,
 * maybe on another process) was never sent to it: once it is back, every query in use is fetched again (cards,
 * lists, statuses), so the page shows what is true now and then follows the events from there.
 */
export function refetchAfterReconnect(socket: Socket, client: QueryClient): void {
  socket.io.on('reconnect', () => void client.invalidateQueries());
}
