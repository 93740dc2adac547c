import { useQueryClient } from '@tanstack/react-query';
import { projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { refetchAfterReconnect } from '../../../api/realtime.ts';
import { applyUnitDataEvent } from '../../../api/units.ts';
import { applyRawDataAppEvent } from '../liveEvents.ts';

/**
 * The public page's live updates (spec 2 §2 "Public pages ... subscribe to live updates for the project"):
 * an anonymous subscription, since a visitor may have no session, or one that is not a member of this project.
 * The server admits it only for a public project of an organization that shares.
 */
export function usePublicSocket(projectId: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!projectId) return;
    const socket = io(`${window.location.origin}${projectNamespace(projectId)}`, { path: REALTIME_PATH, auth: {} });
    socket.onAny((name: string, payload: unknown) => {
      applyRawDataAppEvent(name, payload, client, projectId);
      applyUnitDataEvent(name, payload, client);
    });
    refetchAfterReconnect(socket, client);
    return () => {
      socket.disconnect();
    };
  }, [projectId, client]);
}
