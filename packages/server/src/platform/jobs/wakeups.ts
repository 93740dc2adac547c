import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { SqlClient } from './boss.ts';

/**
 * Wake-ups: a job queued is started at once by a worker of any process rather than at that worker's next poll
 * (JOBS_POLLING_SECONDS; the poll remains the fallback, e.g. while a listener reconnects). Generic: any job type.
 *
 * - In this process, the job services on the same database wake their workers directly (`wakeLocal`).
 * - Across processes (PostgreSQL only: a PGlite database belongs to one process), the transaction that queues
 *   the job also sends `NOTIFY tessera_job_queued, '<type>'`, delivered to every listener when it commits, so
 *   a worker never looks before the job is visible. Each process that runs workers LISTENs on a connection of
 *   its own (`WakeupListener`), outside the pool, and reconnects after a failure.
 */
export const WAKEUP_CHANNEL = 'tessera_job_queued';

/** Sends the wake-up for `type` within the transaction of `client` (PostgreSQL; nothing on PGlite). */
export async function notifyQueued(database: Database, client: SqlClient, type: string): Promise<void> {
  if (database.kind !== 'postgres') return;
  await client.executeSql('SELECT pg_notify($1, $2)', [WAKEUP_CHANNEL, type]);
}

/** Listens for wake-ups from every process on the PostgreSQL database and hands each job type to `onWake`. */
export class WakeupListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly onWake: (type: string) => void,
    private readonly log: FastifyBaseLogger,
    private readonly retryMs = 2000,
  ) {}

  /** Connects and listens (a failure is logged and retried: the poll covers the meantime). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.connection);
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => {});
      if (this.stopped) return;
      this.log.warn({ err }, 'job wake-ups lost their connection; reconnecting');
      this.retry = setTimeout(() => void this.connect(), this.retryMs);
      this.retry.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === WAKEUP_CHANNEL && message.payload) this.onWake(message.payload);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${WAKEUP_CHANNEL}`);
    } catch (err) {
      lost(err as Error);
    }
  }
}

/** The listener's connection settings: the pool's own (PostgreSQL), or undefined (PGlite: no listener). */
export function listenerConnection(database: Database): pg.ClientConfig | undefined {
  if (database.kind !== 'postgres' || !database.pool) return undefined;
  const { connectionString, host, port, user, password, database: name, ssl } = database.pool.options;
  return { connectionString, host, port, user, password, database: name, ssl };
}
