import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.ts';
import { type FrontProxy, startProxy } from './proxy.ts';

/**
 * Several Tessera processes on one PostgreSQL and one Redis, behind one address (scripts/cluster.mjs, the
 * cluster journeys, bench/load): `apis` processes with ROLE=api (the API, the web app, the live channel) behind
 * the proxy (proxy.ts), and `workers` with ROLE=worker (the jobs: imports, builds, runs, schedules). Every process
 * has a DATA_DIR of its own (`{dataDir}/{role}-{n}`) and shares STORAGE_DIR.
 *
 * The first API process starts alone (it migrates the schema and creates the root user), the others after it.
 */
export interface ClusterOptions {
  apis: number;
  workers: number;
  /** The proxy's port (0: a free one) and address. */
  port: number;
  host: string;
  dataDir: string;
  /** Shared by every process (default: `{dataDir}/storage`). */
  storageDir?: string;
  /** DATABASE_URL, REDIS_URL and any other setting, given to every process. */
  env: Record<string, string | undefined>;
  /** Each line a process prints, prefixed by its name (default: kept for `log()` only). */
  onLine?: (name: string, line: string) => void;
}

export interface ClusterNode {
  name: string;
  role: 'api' | 'worker';
  url: string;
  child: ChildProcess;
}

export interface Cluster {
  url: string;
  nodes: ClusterNode[];
  /** Starts one more worker (as a supervisor replaces one that died); it joins `nodes`. */
  add(role: 'worker'): Promise<ClusterNode>;
  /** The last lines every process printed. */
  log(): string;
  stop(): Promise<void>;
}

const serverMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!options.env.DATABASE_URL || !options.env.REDIS_URL) {
    throw new Error('A cluster needs DATABASE_URL (PostgreSQL) and REDIS_URL: its processes share them');
  }
  const storageDir = path.resolve(options.storageDir ?? path.join(options.dataDir, 'storage'));
  const proxyPort = options.port || (await freePort());
  const publicUrl = options.env.PUBLIC_URL ?? `http://${options.host}:${proxyPort}`;
  const shared = {
    STORAGE_DIR: storageDir,
    PUBLIC_URL: publicUrl,
    // The processes trust the proxy (on this machine) for the client's address.
    TRUST_PROXY: 'loopback',
    DASH_SECRET: options.env.DASH_SECRET ?? randomBytes(24).toString('hex'),
  };
  let output: string[] = [];
  const nodes: ClusterNode[] = [];
  let proxy: FrontProxy | undefined;

  const startNode = async (role: 'api' | 'worker', n: number): Promise<ClusterNode> => {
    const name = `${role}-${n}`;
    const port = await freePort();
    const dataDir = path.resolve(options.dataDir, name);
    mkdirSync(dataDir, { recursive: true });
    // CLUSTER_NODE_ARGS: more arguments for each process's node (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof').
    const nodeArgs = process.env.CLUSTER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', serverMain], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: definedOnly({
        ...process.env,
        ...options.env,
        ...shared,
        ROLE: role,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      }),
    });
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        output.push(`${name}: ${line}`);
        options.onLine?.(name, line);
      }
      if (output.length > 4000) output = output.slice(-2000);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const node = { name, role, url: `http://127.0.0.1:${port}`, child };
    nodes.push(node);
    await waitForHealth(node, () => output.slice(-40).join('\n'));
    return node;
  };

  const stop = async () => {
    process.off('exit', killAll);
    await proxy?.close();
    await Promise.all(nodes.map((node) => stopNode(node.child)));
  };
  const killAll = () => {
    for (const node of nodes) signalGroup(node.child, 'SIGKILL');
  };
  process.once('exit', killAll);
  try {
    await startNode('api', 1);
    await Promise.all([
      ...Array.from({ length: options.apis - 1 }, (_, i) => startNode('api', i + 2)),
      ...Array.from({ length: options.workers }, (_, i) => startNode('worker', i + 1)),
    ]);
    const upstreams = nodes.filter((node) => node.role === 'api').map((node) => node.url);
    proxy = await startProxy({ upstreams, port: proxyPort, host: options.host });
  } catch (err) {
    await stop();
    throw err;
  }
  const add = (role: 'worker') => startNode(role, nodes.filter((node) => node.role === role).length + 1);
  return { url: publicUrl, nodes, add, log: () => output.join('\n'), stop };
}

async function waitForHealth(node: ClusterNode, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null || node.child.signalCode !== null) {
      throw new Error(`${node.name} exited (${node.child.signalCode ?? node.child.exitCode}):\n${output()}`);
    }
    try {
      if ((await fetch(`${node.url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${node.name} did not answer GET /api/v1/health within 120 s:\n${output()}`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the process group (graceful shutdown), SIGKILL if it is still there after 10 s. */
async function stopNode(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** An environment without the settings set to undefined (which unset the inherited ones). */
function definedOnly(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
