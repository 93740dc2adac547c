import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyUnitDataEvent } from '../../../api/units.ts';
import { whenCardsDrawn } from '../../cards/index.ts';
import { applyRawDashboardEvent } from '../liveEvents.ts';

/** The longest the page waits for its cards to draw before it connects anyway (slow answers, no cards). */
export const PUBLIC_SOCKET_WAIT_MS = 3000;

/**
 * The public page's live updates.
 * socket.io is loaded and connected once the page's cards have drawn (or after PUBLIC_SOCKET_WAIT_MS): a
 * visitor's cards come first, and connecting took ~40 ms of the main thread between the first charts' draws.
 */
export function usePublicSocket(projectId: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!projectId) return;
    let closed = false;
    let disconnect = () => {};
    const stopWaiting = whenCardsDrawn(document.body, PUBLIC_SOCKET_WAIT_MS, () => {
      void import('../../../api/realtime.ts').then(({ connectPublicSocket, refetchAfterReconnect }) => {
        if (closed) return;
        const socket = connectPublicSocket(projectId);
        socket.onAny((name: string, payload: unknown) => {
          applyRawDashboardEvent(name, payload, client, projectId);
          applyUnitDataEvent(name, payload, client);
          // What a model shows changed (a finished run, another selected run): its bars, and the job its cards read.
          if (name === 'model:updated') void client.invalidateQueries({ queryKey: ['publicModelBars'] });
        });
        refetchAfterReconnect(socket, client);
        disconnect = () => socket.disconnect();
      });
    });
    return () => {
      closed = true;
      stopWaiting();
      disconnect();
    };
  }, [projectId, client]);
}
