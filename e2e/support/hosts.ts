import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server } from 'node:net';

/**
 * Hosts of their own on this machine: each a network namespace (`ip netns`) joined to this one by a veth pair,
 * with its own address and nothing else in common with the others. A process started in a host sees only its
 * own loopback and the host side of its veth pair; the services it needs (PostgreSQL, Redis, the S3 stand-in,
 * which listen on this machine's loopback) are reached through `Relay`s listening on every address here. Killing
 * a host kills every process in its namespace (`kill -9`), as a machine that is lost.
 */
export interface Host {
  name: string;
  /** The host's own address (its side of the veth pair). */
  address: string;
  /** This machine's address as the host sees it (the other side). */
  gateway: string;
  /** Starts a process inside the host. */
  spawn(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): ChildProcess;
  /** kill -9 of every process in the host. */
  kill(): void;
  /** Kills what is left and removes the namespace and its veth pair. */
  remove(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

/** Why hosts cannot be made here (not root, no `ip netns`), or null. */
export function hostsUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  const probe = `tessera-probe-${randomBytes(3).toString('hex')}`;
  try {
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
    return null;
  } catch (err) {
    return `ip netns does not work here: ${(err as Error).message.split('\n')[0]}`;
  }
}

/** Hosts 1..n on a /24 each, in a 10.x network picked at random (two runs at once do not collide). */
export function createHosts(count: number): Host[] {
  const tag = randomBytes(2).toString('hex');
  const network = 100 + (Number.parseInt(tag, 16) % 100);
  const hosts: Host[] = [];
  try {
    for (let n = 1; n <= count; n++)
      hosts.push(createHost(`tessera-${tag}-${n}`, `ts${tag}${n}`, `10.${network}.${n}`));
  } catch (err) {
    for (const host of hosts) host.remove();
    throw err;
  }
  return hosts;
}

function createHost(name: string, link: string, subnet: string): Host {
  const outside = `${link}h`;
  const inside = `${link}n`;
  const address = `${subnet}.2`;
  const gateway = `${subnet}.1`;
  ip('netns', 'add', name);
  ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
  ip('link', 'set', inside, 'netns', name);
  ip('addr', 'add', `${gateway}/24`, 'dev', outside);
  ip('link', 'set', outside, 'up');
  const within = (...args: string[]) => ip('netns', 'exec', name, 'ip', ...args);
  within('addr', 'add', `${address}/24`, 'dev', inside);
  within('link', 'set', inside, 'up');
  within('link', 'set', 'lo', 'up');
  within('route', 'add', 'default', 'via', gateway);

  const pids = () => ip('netns', 'pids', name).split('\n').filter(Boolean).map(Number);
  const kill = () => {
    for (const pid of pids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
  };
  return {
    name,
    address,
    gateway,
    spawn: (command, args, options) =>
      spawn('ip', ['netns', 'exec', name, command, ...args], { ...options, stdio: ['ignore', 'pipe', 'pipe'] }),
    kill,
    remove() {
      kill();
      try {
        ip('link', 'del', outside);
      } catch {}
      try {
        ip('netns', 'del', name);
      } catch {}
    },
  };
}

/** A TCP relay on every address of this machine to a service on its loopback (the hosts reach it on `port`). */
export interface Relay {
  port: number;
  close(): Promise<void>;
}

export async function relay(targetPort: number): Promise<Relay> {
  const server: Server = createServer((incoming) => {
    const outgoing = connect(targetPort, '127.0.0.1');
    incoming.pipe(outgoing).pipe(incoming);
    const end = () => {
      incoming.destroy();
      outgoing.destroy();
    };
    incoming.on('error', end).on('close', end);
    outgoing.on('error', end).on('close', end);
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the relay has no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
