import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { type S3Server, startS3Server } from '../../packages/server/src/test/s3Server.ts';
import { REDIS_URL } from './cluster.ts';
import { createHosts, type Host, type Relay, relay } from './hosts.ts';
import { repoRoot, serverMain, webDist } from './paths.ts';
import { ADMIN } from './tessera.ts';

/**
 * Two Tessera nodes on hosts of their own (hosts.ts), sharing nothing but PostgreSQL, Redis and an S3-compatible
 * store, each reached at its own address: node n at http://10.x.n.2:3000, with its own DATA_DIR (a node's disk is
 * only a cache). Every node runs everything (ROLE=all); a job's holder is gone after 3 missed heartbeats of 1 s.
 */
export interface TwoHosts {
  nodes: [HostNode, HostNode];
  /** SQL on the nodes' database. */
  query<T extends object>(sql: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export interface HostNode {
  url: string;
  host: Host;
  /** The pid of the node's server process (as the jobs table names a worker). */
  pid(): number;
  /** Starts the node again after a kill, on an empty DATA_DIR. */
  restart(): Promise<void>;
  log(): string;
}

const PORT = 3000;

export async function startTwoHosts(): Promise<TwoHosts> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `tessera_hosts_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const baseUrl = new URL(base);
  const db = new pg.Pool({
    connectionString: Object.assign(new URL(base), { pathname: `/${name}` }).toString(),
    max: 2,
  });
  db.on('error', () => undefined);

  const relays: Relay[] = [];
  let s3: S3Server | undefined;
  const hosts = createHosts(2);
  const dataDirs: string[] = [];
  const nodes: HostNode[] = [];
  const stop = async () => {
    for (const host of hosts) host.remove();
    await db.end().catch(() => undefined);
    await Promise.allSettled([...relays.map((r) => r.close()), s3?.close()]);
    const dropper = new pg.Client({ connectionString: base });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    s3 = await startS3Server();
    const [database, redis, store] = await Promise.all([
      relay(Number(baseUrl.port || 5432)),
      relay(Number(new URL(REDIS_URL).port || 6379)),
      relay(Number(new URL(s3.endpoint).port)),
    ]);
    relays.push(database as Relay, redis as Relay, store as Relay);
    const shared = {
      REDIS_PREFIX: `hosts-${randomBytes(6).toString('hex')}:`,
      DASH_SECRET: randomBytes(24).toString('hex'),
      ...s3.env('hosts'),
    };
    for (const host of hosts) {
      const url = `http://${host.address}:${PORT}`;
      let output: string[] = [];
      let pid = 0;
      const start = async () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-host-'));
        dataDirs.push(dataDir);
        const databaseUrl = new URL(base);
        databaseUrl.hostname = host.gateway;
        databaseUrl.port = String(database?.port);
        databaseUrl.pathname = `/${name}`;
        const child = host.spawn(process.execPath, ['--import', 'tsx', serverMain], {
          cwd: repoRoot,
          env: definedOnly({
            ...process.env,
            ...shared,
            S3_ENDPOINT: `http://${host.gateway}:${store?.port}`,
            DATABASE_URL: databaseUrl.toString(),
            REDIS_URL: `redis://${host.gateway}:${redis?.port}`,
            DATA_DIR: dataDir,
            STORAGE_DIR: undefined,
            PORT: String(PORT),
            HOST: '0.0.0.0',
            PUBLIC_URL: url,
            ROLE: 'all',
            WEB_DIST: webDist,
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            JOBS_POLLING_SECONDS: '0.5',
            JOBS_HEARTBEAT_SECONDS: '1',
            LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
            VITEST: undefined,
            VITEST_POOL_ID: undefined,
            VITEST_WORKER_ID: undefined,
            TEST_DATABASE_URL: undefined,
            TEST_DB: undefined,
            TEST_STORAGE: undefined,
            NODE_ENV: undefined,
          }),
        });
        output = [];
        const keep = (chunk: Buffer) => {
          output.push(...chunk.toString().split('\n').filter(Boolean));
          if (output.length > 4000) output = output.slice(-2000);
        };
        child.stdout?.on('data', keep);
        child.stderr?.on('data', keep);
        // `ip netns exec` enters the namespace and execs node in place: the node's pid is the child's.
        pid = child.pid as number;
        await untilAnswers(
          `${url}/api/v1/health`,
          () => child.exitCode !== null,
          () => output.join('\n'),
        );
      };
      nodes.push({ url, host, pid: () => pid, restart: start, log: () => output.join('\n') });
      // The first node alone: it migrates the schema and creates the administrator.
      await start();
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    nodes: nodes as [HostNode, HostNode],
    query: async <T extends object>(sql: string, values: unknown[] = []) => (await db.query(sql, values)).rows as T[],
    stop,
  };
}

async function untilAnswers(url: string, exited: () => boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited()) throw new Error(`the node exited before it answered:\n${log().slice(-4000)}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 90 s:\n${log().slice(-4000)}`);
    await sleep(250);
  }
}

function definedOnly(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv;
}
