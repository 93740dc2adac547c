import { setTimeout as sleep } from 'node:timers/promises';
import { JOB_TYPES } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { putBack, type QueueOptions, type SqlClient, workOneAtATime } from './boss.ts';

/** How long a stopping process waits at most for its aborted tasks to wind down (a render, a copy). */
export const TASK_WIND_DOWN_MS = 10_000;
/**
 * Does one task. Its failures are its own to log (with its context): a rejection fails the pg-boss entry, which
 * pg-boss retries up to the task's retryLimit. The signal aborts when the process stops.
 */
export type TaskHandler<D extends object> = (data: D, signal: AbortSignal) => Promise<void>;

export interface TaskOptions {
  /** How many times pg-boss runs a failed (or interrupted) task again. */
  retryLimit: number;
  /** Seconds before a retry. */
  retryDelay: number;
  /** Each retry waits about twice as long as the one before. */
  retryBackoff?: boolean;
  /** pg-boss fails (and retries) a task still active this long after it started: it catches dead processes. */
  expireInSeconds: number;
}

interface TaskDefinition {
  name: string;
  handler: TaskHandler<object>;
  options: TaskOptions;
}

/** What the tasks use of the job service that owns them. */
export interface TaskHost {
  boss: PgBoss;
  log: FastifyBaseLogger;
  runsWorkers: boolean;
  pollingSeconds: number;
  /** Creates a queue, one at a time with the job service's own (two at once deadlock pg-boss). */
  createQueue(queue: QueueOptions): Promise<void>;
  /** Runs `fn` in one transaction of the metadata database, with a client pg-boss can use too (boss.ts). */
  inTransaction<T>(fn: (client: SqlClient) => Promise<T>): Promise<T>;
}

/**
 * Background tasks: housekeeping on named pg-boss queues of the jobs platform, with no row in `jobs`, so they
 * never show in job lists or `job:updated` events (a clustered copy of a segment, for instance). One worker per
 * task and process, on ROLE all/worker; an 'api' process only sends. Owned by the job service
 * (`app.ctx.jobs.tasks`), which starts them on its pg-boss and stops them before it stops.
 */
export class BackgroundTasks {
  private readonly definitions = new Map<string, TaskDefinition>();
  private readonly prepared = new Map<string, Promise<void>>();
  private readonly workerIds = new Map<string, string>();
  private readonly executions = new Set<Promise<unknown>>();
  /** Aborts every running task when the process stops: housekeeping does not hold a shutdown up. */
  private readonly stopping = new AbortController();
  private state: 'new' | 'started' | 'stopped' = 'new';

  constructor(private readonly host: TaskHost) {}

  /** Registers a task's handler (once per app, while modules register; on any role: 'api' sends to its queue). */
  define<D extends object>(name: string, handler: TaskHandler<D>, options: TaskOptions): void {
    if (this.definitions.has(name)) throw new Error(`the background task ${name} is already defined`);
    // A job type's queue belongs to its jobs: their entries are named by their rows.
    if ((JOB_TYPES as readonly string[]).includes(name)) throw new Error(`${name} is a job type, not a task`);
    const definition: TaskDefinition = { name, handler: handler as TaskHandler<object>, options };
    this.definitions.set(name, definition);
    if (this.state === 'started') this.prepare(definition);
  }

  /** Queues one run of the task (JSON data) and wakes this process's worker; answers the pg-boss id. */
  async send<D extends object>(name: string, data: D): Promise<string> {
    await this.ready(name);
    const id = await this.host.boss.send(name, data);
    if (!id) throw new Error(`the queue of task ${name} refused it`);
    this.wake(name);
    return id;
  }

  /**
   * Queues one run of the task only if `claim` wins, in one transaction with the caller's own writes (made through
   * `client`): the claim and the queue entry are both written or neither is, whatever crashes between them.
   * Answers the pg-boss id, or undefined when `claim` answered false (nothing written).
   */
  async sendWith<D extends object>(
    name: string,
    data: D,
    claim: (client: SqlClient) => Promise<boolean>,
  ): Promise<string | undefined> {
    await this.ready(name);
    const id = await this.host.inTransaction(async (client) => {
      if (!(await claim(client))) return undefined;
      const sent = await this.host.boss.send(name, data, { db: client });
      if (!sent) throw new Error(`the queue of task ${name} refused it`);
      return sent;
    });
    if (id) this.wake(name);
    return id;
  }

  /** Called by the job service once its pg-boss runs: creates the queues, then starts the workers. */
  async start(): Promise<void> {
    if (this.state !== 'new') return;
    this.state = 'started';
    for (const definition of this.definitions.values()) this.prepare(definition);
    await Promise.all(this.prepared.values());
  }

  /**
   * Called by the job service before its pg-boss stops: no more fetching; running tasks are aborted (pg-boss
   * retries them later, on whichever process) and waited for while they wind down (TASK_WIND_DOWN_MS at most).
   * pg-boss records a task's end without awaiting it: one that ended after the database closed left an unhandled
   * rejection ("Cannot use a pool after calling end on the pool", seen in CI when a task took over a second).
   */
  async stop(): Promise<void> {
    if (this.state !== 'started') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopped';
    for (const name of this.workerIds.keys()) await this.host.boss.offWork(name);
    this.stopping.abort(new Error('the server is stopping'));
    await Promise.race([Promise.allSettled([...this.executions]), sleep(TASK_WIND_DOWN_MS, undefined, { ref: false })]);
  }

  private async ready(name: string): Promise<void> {
    const prepared = this.prepared.get(name);
    if (!prepared) {
      throw new Error(
        this.definitions.has(name) ? 'the background tasks are not started' : `the task ${name} is not defined`,
      );
    }
    await prepared;
  }

  /** Wakes this process's worker of the task (others find the entry when they next poll). */
  private wake(name: string): void {
    const workerId = this.workerIds.get(name);
    if (workerId && this.state === 'started') this.host.boss.notifyWorker(workerId);
  }

  /** Creates (or updates) the task's queue and starts its worker. */
  private prepare(definition: TaskDefinition): void {
    const run = async () => {
      await this.host.createQueue({ name: definition.name, policy: 'standard', ...definition.options });
      if (!this.host.runsWorkers || this.state !== 'started') return;
      const workerId = await workOneAtATime(
        this.host.boss,
        definition.name,
        this.host.pollingSeconds,
        (job) => this.track(this.execute(definition, job)),
        () => this.state === 'started',
      );
      this.workerIds.set(definition.name, workerId);
    };
    const prepared = run();
    // Those who send await it and see its failure; nobody else must leave it unhandled.
    prepared.catch((err) => this.host.log.error({ err, task: definition.name }, 'task queue not prepared'));
    this.prepared.set(definition.name, prepared);
  }

  private async execute(definition: TaskDefinition, job: PgBoss.Job<object>): Promise<void> {
    if (this.state !== 'started') {
      // Taken while stopping: hand it back untouched (no retry spent) for the next worker.
      await putBack(this.host.boss, definition.name, job.id);
      return;
    }
    // pg-boss records the outcome (a rejection fails the entry, to be retried). It does not await that write, and
    // must be the only one to make it: a second write could land on the entry's next attempt.
    await definition.handler(job.data, this.stopping.signal);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.executions.add(promise);
    return promise.finally(() => this.executions.delete(promise));
  }
}
