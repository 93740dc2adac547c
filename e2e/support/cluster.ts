import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Cluster, type ClusterNode, startCluster } from '../../packages/server/src/cluster/cluster.ts';
import { freePort } from '../../packages/server/src/cluster/ports.ts';
import { startOidcProvider } from '../../packages/server/src/test/oidcProvider.ts';
import { startMailbox } from './mailbox.ts';
import { webDist } from './paths.ts';
import { ADMIN, type Tessera } from './tessera.ts';

/**
 * The cluster journeys' Tessera: `npm run cluster`'s processes (packages/server/src/cluster/) on a fresh
 * PostgreSQL database made from TEST_DATABASE_URL and the Redis at TEST_REDIS_URL (default 127.0.0.1:6379, keys
 * under a random prefix), behind the proxy, with the same SMTP server and identity provider as `startTessera`.
 */
export interface TesseraCluster extends Tessera {
  nodes: ClusterNode[];
  /** Starts one more process of this role (a worker, after one was killed; an API process is not proxied). */
  add(role: 'worker'): Promise<ClusterNode>;
  /** The pids of the API processes and of the workers. */
  pids(role: 'api' | 'worker'): number[];
  /** SQL on the cluster's database (to see which process ran a job). */
  query<T extends object>(sql: string, values?: unknown[]): Promise<T[]>;
}

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why the cluster journeys cannot run here, or null when PostgreSQL and Redis both answer. */
export async function clusterUnavailable(): Promise<string | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return 'TEST_DATABASE_URL is not set (the cluster needs PostgreSQL)';
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (err) {
    return `PostgreSQL does not answer at TEST_DATABASE_URL (${(err as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new URL(REDIS_URL);
  const up = await new Promise<boolean>((resolve) => {
    const socket = connect(Number(redis.port || 6379), redis.hostname);
    socket.setTimeout(3000, () => resolve(false));
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  return up ? null : `Redis does not answer at ${REDIS_URL}`;
}

export interface TesseraClusterOptions {
  apis: number;
  workers: number;
  /** Where to create the cluster's database (default TEST_DATABASE_URL). */
  databaseUrl?: string;
  /** More settings for every process (e.g. a shorter heartbeat for bench/faults). */
  env?: Record<string, string | undefined>;
}

export async function startTesseraCluster(options: TesseraClusterOptions): Promise<TesseraCluster> {
  const { databaseUrl: base = process.env.TEST_DATABASE_URL as string, env = {}, ...counts } = options;
  const name = `tessera_cluster_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const prefix = `e2e-${randomBytes(6).toString('hex')}:`;

  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-cluster-'));
  const mailbox = await startMailbox();
  const idp = await startOidcProvider({ appUrl });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The database is dropped at the end, with whatever connection is still idle.
  db.on('error', () => undefined);
  let cluster: Cluster | undefined;
  const stop = async () => {
    await cluster?.stop();
    await db.end().catch(() => undefined);
    await Promise.allSettled([mailbox.close(), idp.close()]);
    const dropper = new pg.Client({ connectionString: base });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    cluster = await startCluster({
      ...counts,
      port,
      host: '127.0.0.1',
      dataDir,
      env: {
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        WEB_DIST: webDist,
        SMTP_URL: mailbox.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        // Imports and runs are picked up at once by an idle worker of another process.
        JOBS_POLLING_SECONDS: '0.5',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
        // Not the test runner's own: Vitest's variables and the test database.
        VITEST: undefined,
        VITEST_POOL_ID: undefined,
        VITEST_WORKER_ID: undefined,
        TEST_DATABASE_URL: undefined,
        TEST_DB: undefined,
        NODE_ENV: undefined,
        ...env,
      },
    });
  } catch (err) {
    await stop();
    throw err;
  }
  const { nodes, add } = cluster;
  return {
    url: cluster.url,
    dataDir,
    mailbox,
    idp,
    nodes,
    add,
    pids: (role) => nodes.filter((node) => node.role === role).map((node) => node.child.pid as number),
    query: async <T extends object>(sql: string, values: unknown[] = []) => (await db.query(sql, values)).rows as T[],
    log: () => cluster?.log() ?? '',
    stop,
  };
}
