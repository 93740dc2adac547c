// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchAfterReconnect } from './realtime.ts';

/**
 * A live channel that drops and comes back (its server process died, another took it) refetches the queries in
 * use: the events sent while it was down are lost, what they changed is read again. A real socket.io server.
 */
const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('refetchAfterReconnect', () => {
  it('refetches the queries in use once the channel is back, not on the first connection', async () => {
    const http = createServer();
    const server = new Server(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    closers.push(() => void server.close());
    const { port } = http.address() as AddressInfo;

    const client = new QueryClient();
    let fetches = 0;
    const observer = new QueryObserver(client, { queryKey: ['cards'], queryFn: async () => ++fetches });
    closers.push(observer.subscribe(() => undefined));
    await expect.poll(() => fetches).toBe(1);

    const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnectionDelay: 50 });
    closers.push(() => socket.disconnect());
    refetchAfterReconnect(socket, client);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetches).toBe(1);

    // The connection is cut under it (as when its process is killed): the client reconnects by itself.
    for (const connected of server.sockets.sockets.values()) connected.conn.close();
    await expect.poll(() => fetches, { timeout: 5000 }).toBe(2);
  });
});
