import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * The first port of the kernel's ephemeral range (Linux's ip_local_port_range, 32768 by default): the ports it
 * hands out to a listen on port 0 and to the local end of every outgoing connection.
 */
function ephemeralStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(start);
    return Number.isInteger(port) && port > 20_000 ? port : 32_768;
  } catch {
    return 32_768;
  }
}

const FIRST = 20_000;
const END = ephemeralStart();

/** Whether nothing listens on `port` of 127.0.0.1 right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on 127.0.0.1 right now, for a server started next. It is taken below the ephemeral range: one
 * from that range could be handed out again between this check and the server's listen (to the identity
 * provider's listen on port 0, or as the local port of some outgoing connection), and the server would then fail
 * with EADDRINUSE (it happened in CI).
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = FIRST + Math.floor(Math.random() * (END - FIRST));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${FIRST} and ${END}`);
}
