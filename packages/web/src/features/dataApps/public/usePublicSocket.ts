import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyUnitDataEvent } from '../../../api/units.ts';
import { applyRawDataAppEvent } from '../liveEvents.ts';

/**
 * The public page's live updates (spec 2 §2 "Public pages ... subscribe to live updates for the project").
 * socket.io is loaded once the page is up, not before its first render: a visitor's cards come first.
 */
export function usePublicSocket(projectId: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!projectId) return;
    let closed = false;
    let disconnect = () => {};
    void import('../../../api/realtime.ts').then(({ connectPublicSocket, refetchAfterReconnect }) => {
      if (closed) return;
      const socket = connectPublicSocket(projectId);
      socket.onAny((name: string, payload: unknown) => {
        applyRawDataAppEvent(name, payload, client, projectId);
        applyUnitDataEvent(name, payload, client);
      });
      refetchAfterReconnect(socket, client);
      disconnect = () => socket.disconnect();
    });
    return () => {
      closed = true;
      disconnect();
    };
  }, [projectId, client]);
}
