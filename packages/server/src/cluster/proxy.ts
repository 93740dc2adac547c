import http from 'node:http';
import type { Socket } from 'node:net';
import { REALTIME_PATH } from '@tessera/shared';
import { createProxyServer } from 'http-proxy-3';

/**
 * The cluster's front door (scripts/cluster.mjs): one address for the web app, the API and the live channel, in
 * front of several API processes, built on http-proxy-3 (a maintained rewrite of http-proxy, websockets included).
 *
 * - HTTP requests go round-robin, one request at a time (not one connection at a time, as Node's cluster module
 *   would share a port): a browser's consecutive requests land on different processes, which the processes'
 *   shared state (PostgreSQL, Redis, the storage folder) must make invisible.
 * - The live channel (socket.io under REALTIME_PATH) sticks to one process per browser: its long-polling
 *   handshake and the websocket upgrade that follows must reach the process that holds the session. The proxy
 *   picks one round-robin and remembers it in a cookie (`tessera_node`), as a load balancer's "cookie insert"
 *   does; events reach every process through the Redis adapter.
 * - An API process that refuses connections (it died) is left out for DOWN_MS; its sticky browsers move on.
 * - X-Forwarded-For is added, so the processes (TRUST_PROXY=loopback) see the client's address.
 * - Requests reach each process over a pool of kept-alive connections (UPSTREAM_SOCKETS at most), as a load
 *   balancer's upstream keepalive does: without one, http-proxy opens and closes a connection per request, and
 *   hundreds of viewers arriving at once overflow a process's accept queue (502s under bench/load).
 */
export interface FrontProxy {
  url: string;
  close(): Promise<void>;
}

const STICKY_COOKIE = 'tessera_node';
const DOWN_MS = 5000;
const UPSTREAM_SOCKETS = 64;

export async function startProxy(options: { upstreams: string[]; port: number; host: string }): Promise<FrontProxy> {
  const { upstreams } = options;
  const agents = upstreams.map(() => new http.Agent({ keepAlive: true, maxSockets: UPSTREAM_SOCKETS }));
  const downUntil = new Map<number, number>();
  let next = 0;
  const alive = (i: number) => (downUntil.get(i) ?? 0) <= Date.now();
  const roundRobin = (): number => {
    for (let tries = 0; tries < upstreams.length; tries++) {
      const i = next++ % upstreams.length;
      if (alive(i)) return i;
    }
    return next++ % upstreams.length;
  };
  /** The process a browser's live channel sticks to; `fresh` when a new one had to be chosen. */
  const sticky = (req: http.IncomingMessage): { index: number; fresh: boolean } => {
    const match = new RegExp(`(?:^|;\\s*)${STICKY_COOKIE}=(\\d+)`).exec(req.headers.cookie ?? '');
    const index = match ? Number(match[1]) : -1;
    if (index >= 0 && index < upstreams.length && alive(index)) return { index, fresh: false };
    return { index: roundRobin(), fresh: true };
  };
  const isRealtime = (req: http.IncomingMessage) => (req.url ?? '').startsWith(`${REALTIME_PATH}/`);

  const proxy = createProxyServer({ xfwd: true, ws: true });
  const failed = (index: number, err: Error & { code?: string }) => {
    if (err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET') downUntil.set(index, Date.now() + DOWN_MS);
  };

  const server = http.createServer((req, res) => {
    let index: number;
    if (isRealtime(req)) {
      const choice = sticky(req);
      index = choice.index;
      if (choice.fresh) res.setHeader('set-cookie', `${STICKY_COOKIE}=${index}; Path=/; HttpOnly; SameSite=Lax`);
    } else {
      index = roundRobin();
    }
    proxy.web(req, res, { target: upstreams[index], agent: agents[index] }, (err) => {
      failed(index, err as Error & { code?: string });
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'bad-gateway', message: 'The server is restarting: try again' } }));
    });
  });
  // A browser that goes away mid-request resets its connection: nothing to answer, nothing to crash on.
  proxy.on('error', () => undefined);
  // Upgraded connections (the live channels) are no longer the HTTP server's: closing must end them itself.
  const upgraded = new Set<Socket>();
  server.on('upgrade', (req, socket: Socket, head) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    socket.on('error', () => socket.destroy());
    const { index } = sticky(req);
    proxy.ws(req, socket, head, { target: upstreams[index] }, (err) => {
      failed(index, err as Error & { code?: string });
      socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close();
        for (const agent of agents) agent.destroy();
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
