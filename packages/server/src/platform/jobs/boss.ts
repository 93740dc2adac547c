import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';

/** pg-boss keeps its tables in their own schema of the metadata database (jobs). */
export const BOSS_SCHEMA = 'pgboss';

// biome-ignore lint/suspicious/noExplicitAny: rows are whatever the statement answers, as pg-boss expects.
export type SqlRows = { rows: any[] };
/** What pg-boss needs of a database: its `db` option. */
export interface SqlClient {
  executeSql(text: string, values?: unknown[]): Promise<SqlRows>;
}

/**
 * PGlite speaks to pg-boss through this. A statement with parameters goes through `query` (one statement,
 * bound values); one without goes through `exec`, the only call that runs several statements at once, which
 * pg-boss's migrations and its locked maintenance commands hold (BEGIN; ...; COMMIT).
 */
export function pgliteClient(pglite: PGlite | Transaction): SqlClient {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await pglite.query(text, values as unknown[]);
      return { rows: result.rows };
    },
  };
}

/** PostgreSQL: pg-boss shares the app's pool (closed with the database, after pg-boss has stopped). */
export function poolClient(queryable: { query(text: string, values?: unknown[]): Promise<SqlRows> }): SqlClient {
  return { executeSql: (text, values) => queryable.query(text, values) };
}

export function databaseClient(database: Database): SqlClient {
  if (database.kind === 'pglite' && database.pglite) return pgliteClient(database.pglite);
  if (database.pool) return poolClient(database.pool);
  throw new Error('the database has no raw client for the job queue');
}

/**
 * Runs `fn` in one transaction of the metadata database, with a client that both our SQL and pg-boss's
 * (through its `db` option) can use: a job's row and its queue entry are written together or not at all.
 */
export async function inTransaction<T>(database: Database, fn: (client: SqlClient) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite' && database.pglite) {
    return database.pglite.transaction((tx) => fn(pgliteClient(tx)));
  }
  if (!database.pool) throw new Error('the database has no pool');
  const connection = await database.pool.connect();
  try {
    await connection.query('BEGIN');
    const result = await fn(poolClient(connection));
    await connection.query('COMMIT');
    return result;
  } catch (err) {
    await connection.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    connection.release();
  }
}

export interface BossOptions {
  pollingSeconds: number;
  log: FastifyBaseLogger;
}

/**
 * What a pg-boss still does on its own: its statements in flight and its workers' handlers not yet settled.
 * pg-boss records a worker's outcome without awaiting it, and a worker whose fetch was in flight when it stopped
 * still runs what that fetch brings, after `boss.stop` has returned. The app's pool must not close under them.
 */
class BossActivity {
  private inFlight = 0;

  track<T>(work: () => Promise<T>): Promise<T> {
    this.inFlight++;
    return Promise.resolve()
      .then(work)
      .finally(() => {
        this.inFlight--;
      });
  }

  /**
   * Resolves once nothing is in flight across two turns of the event loop (a statement's answer reaches its
   * handler, and a handler's end its outcome statement, in microtasks within one turn), or at the deadline.
   */
  async quiet(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let calmTurns = 0;
    while (calmTurns < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setImmediate(resolve));
      calmTurns = this.inFlight === 0 ? calmTurns + 1 : 0;
      if (calmTurns === 0) await sleep(10);
    }
  }
}

const activities = new WeakMap<PgBoss, BossActivity>();

/** The activity record `createBoss` made for its boss (every boss of the app is made there). */
function activityOf(boss: PgBoss): BossActivity {
  const activity = activities.get(boss);
  if (!activity) throw new Error('a pg-boss not made by createBoss');
  return activity;
}

/** A pg-boss on the metadata database: no cron scheduler (scheduled runs keep their own rules), maintenance on. */
export function createBoss(database: Database, options: BossOptions): PgBoss {
  const activity = new BossActivity();
  const client = databaseClient(database);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => activity.track(() => client.executeSql(text, values)) } satisfies SqlClient,
    schema: BOSS_SCHEMA,
    schedule: false,
    supervise: true,
    migrate: true,
    pollingIntervalSeconds: options.pollingSeconds,
  });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  activities.set(boss, activity);
  return boss;
}

/**
 * Stops pg-boss gracefully within `timeoutMs`, then waits (as long again at most) until none of its statements
 * or handlers is in flight: after this, closing the database leaves nothing of it to fail.
 */
export async function stopBoss(boss: PgBoss, timeoutMs: number): Promise<void> {
  await boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
  await activityOf(boss).quiet(timeoutMs);
}

export type QueueOptions = {
  name: string;
  policy: 'standard';
  retryLimit: number;
  /** Seconds before a retry (pg-boss's default, 0, when not given). */
  retryDelay?: number;
  /** Each retry waits about twice as long as the one before (pg-boss's exponential backoff). */
  retryBackoff?: boolean;
  expireInSeconds: number;
};

/**
 * Creates the type's queue, or updates its options when they changed. Another process starting at the same
 * moment may be adding its own partition: PostgreSQL then breaks the deadlock by failing one, which tries again.
 */
export async function ensureQueue(boss: PgBoss, queue: QueueOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const existing = await boss.getQueue(queue.name);
      if (!existing) await boss.createQueue(queue.name, queue);
      else if (
        existing.retryLimit !== queue.retryLimit ||
        existing.expireInSeconds !== queue.expireInSeconds ||
        (queue.retryDelay !== undefined && existing.retryDelay !== queue.retryDelay) ||
        (queue.retryBackoff !== undefined && existing.retryBackoff !== queue.retryBackoff)
      ) {
        await boss.updateQueue(queue.name, queue);
      }
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
      await sleep(50 * attempt + Math.random() * 100);
    }
  }
}

/** Puts a pg-boss job taken during shutdown back as it was before it was taken (no retry spent). */
export async function putBack(boss: PgBoss, queue: string, bossId: string): Promise<void> {
  await boss
    .getDb()
    .executeSql(
      `UPDATE ${BOSS_SCHEMA}.job SET state = 'created', started_on = NULL WHERE name = $1 AND id = $2 AND state = 'active'`,
      [queue, bossId],
    );
}

/**
 * The queue entry of a job whose process died, waiting again for a worker (in the caller's transaction), while
 * it has been started again fewer than `limit` times (counted in pg-boss's retry_count: our queues never retry by
 * themselves). Answers whether it was put back.
 */
export async function putBackLost(client: SqlClient, queue: string, bossId: string, limit: number): Promise<boolean> {
  const { rows } = await client.executeSql(
    `UPDATE ${BOSS_SCHEMA}.job SET state = 'created', started_on = NULL, retry_count = retry_count + 1
     WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count < $3 RETURNING id`,
    [queue, bossId, limit],
  );
  return rows.length > 0;
}

/**
 * A worker that takes one entry of `queue` at a time and, after each, looks again at once rather than after the
 * polling interval (more may be waiting), for as long as `active()`. Answers the worker's id.
 */
export async function workOneAtATime(
  boss: PgBoss,
  queue: string,
  pollingSeconds: number,
  run: (job: PgBoss.Job<object>) => Promise<void>,
  active: () => boolean,
): Promise<string> {
  const handle = async (job: PgBoss.Job<object>) => {
    try {
      await run(job);
    } finally {
      if (active()) boss.notifyWorker(workerId);
    }
  };
  let workerId = '';
  workerId = await boss.work<object>(queue, { batchSize: 1, pollingIntervalSeconds: pollingSeconds }, ([job]) =>
    activityOf(boss).track(() => handle(job)),
  );
  return workerId;
}
