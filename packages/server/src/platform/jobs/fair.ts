import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { BOSS_SCHEMA, inTransaction } from './boss.ts';

/**
 * Fair shares (docs/security.md "Fair shares"): a job type may cap how many of one project's jobs are active at
 * once, over every process on the database. Its jobs carry their project in pg-boss's `singleton_key` (a plain
 * tag under the 'standard' policy), and its workers take the oldest queued job whose project is below the cap
 * instead of the oldest job: a project's long jobs wait behind their own kind, never another project's.
 *
 * The cap is enforced in the database: each take runs in one transaction that first takes a transaction-level
 * advisory lock of the queue (so two processes never both see a project below its cap and both take one), then
 * counts the project's active entries and activates the job in one statement. The lock is held for that statement
 * only (a few milliseconds), never while a job runs.
 */
const takeSql = `
  WITH next AS (
    SELECT j.id FROM ${BOSS_SCHEMA}.job j
    WHERE j.name = $1 AND j.state < 'active' AND j.start_after < now()
      AND (j.singleton_key IS NULL OR (
        SELECT count(*) FROM ${BOSS_SCHEMA}.job a
        WHERE a.name = $1 AND a.state = 'active' AND a.singleton_key = j.singleton_key
      ) < $2)
    ORDER BY j.priority DESC, j.created_on, j.id
    LIMIT 1
    FOR UPDATE SKIP LOCKED
  )
  UPDATE ${BOSS_SCHEMA}.job j SET state = 'active', started_on = now(),
    retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
  FROM next WHERE j.name = $1 AND j.id = next.id
  RETURNING j.id, j.name, j.data`;

/** Takes the oldest job of `queue` whose project has fewer than `perProject` active jobs (undefined: none). */
export async function takeFairly(
  database: Database,
  queue: string,
  perProject: number,
): Promise<PgBoss.Job<object> | undefined> {
  return inTransaction(database, async (client) => {
    await client.executeSql('SELECT pg_advisory_xact_lock(hashtext($1))', [`tessera:fair:${queue}`]);
    const { rows } = await client.executeSql(takeSql, [queue, perProject]);
    const row = rows[0];
    return row ? ({ id: row.id, name: row.name, data: row.data ?? {} } as PgBoss.Job<object>) : undefined;
  });
}

export interface FairWorkerOptions {
  boss: PgBoss;
  database: Database;
  queue: string;
  perProject: number;
  pollingSeconds: number;
  log: FastifyBaseLogger;
  /** Runs one job; a throw fails its pg-boss entry, else it is completed. */
  run(job: PgBoss.Job<object>): Promise<void>;
}

/**
 * One worker of a capped type: takes a job (takeFairly), runs it, settles its pg-boss entry, and looks again at
 * once; when nothing can be taken it waits for `notify()` (a job queued, wakeups.ts) or the polling interval.
 */
export class FairWorker {
  private stopped = false;
  /** A notify that came while the worker was busy: it looks again before it waits. */
  private pending = false;
  private wakeUp: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  /** The take in flight, if any (stop waits for it, never for a job that runs). */
  private taking: Promise<unknown> | undefined;

  constructor(private readonly options: FairWorkerOptions) {}

  start(): void {
    this.loop ??= this.work();
  }

  /** Looks for a job now (a job was queued, or one of a capped project ended). */
  notify(): void {
    this.pending = true;
    this.wakeUp?.();
  }

  /**
   * No more taking; resolves once no take is in flight. The job it runs, if any, is the service's to wait for and
   * stop: its loop ends after it.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.taking;
  }

  private async work(): Promise<void> {
    const { boss, queue, log } = this.options;
    while (!this.stopped) {
      let job: PgBoss.Job<object> | undefined;
      this.pending = false;
      try {
        this.taking = takeFairly(this.options.database, queue, this.options.perProject);
        job = (await this.taking) as PgBoss.Job<object> | undefined;
      } catch (err) {
        log.error({ err, queue }, 'taking a job failed');
      } finally {
        this.taking = undefined;
      }
      if (!job) {
        await this.idle();
        continue;
      }
      const taken = job;
      await this.options
        .run(taken)
        .then(
          () => boss.complete(queue, taken.id),
          (err) => boss.fail(queue, taken.id, { message: err instanceof Error ? err.message : String(err) }),
        )
        // The job's own row is settled already (service.ts); a queue entry left active is failed by its expiry.
        .catch((err) => log.error({ err, queue }, 'settling a queue entry failed'));
    }
  }

  private idle(): Promise<void> {
    if (this.stopped || this.pending) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollingSeconds * 1000);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }
}

/** `count` workers of a capped type, started. */
export function startFairWorkers(count: number, options: FairWorkerOptions): FairWorker[] {
  const workers = Array.from({ length: count }, () => new FairWorker(options));
  for (const worker of workers) worker.start();
  return workers;
}
