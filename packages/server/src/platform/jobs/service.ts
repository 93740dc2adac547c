import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobOwnerType, JobType } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { HttpError, notFound } from '../errors.ts';
import { Ticker } from '../ticker.ts';
import {
  createBoss,
  ensureQueue,
  inTransaction,
  putBack,
  type QueueOptions,
  type SqlClient,
  stopBoss,
  workOneAtATime,
} from './boss.ts';
import { fromBossId, toBossId } from './bossIds.ts';
import { type FairWorker, startFairWorkers } from './fair.ts';
import { JOB_SAID, type JobMessage, settlementOf } from './jobMessage.ts';
import type { JobRow } from './jobs.store.ts';
import * as store from './jobs.store.ts';
import { jobs } from './jobs.tables.ts';
import { requeueLost, sweep } from './recovery.ts';
import {
  type DefineOptions,
  type JobDefinition,
  type JobHandler,
  jobDefinition,
  type Outcome,
  ProgressReporter,
  RunningJob,
  runHandler,
  type StopReason,
} from './runner.ts';
import { type EnqueueInput, type HoldInput, type JobServiceOptions, newJobRow } from './service.types.ts';
import { BackgroundTasks } from './tasks.ts';
import { listenerConnection, notifyQueued, WakeupListener } from './wakeups.ts';

export type { EnqueueInput, HoldInput, JobServiceOptions } from './service.types.ts';

/** Thrown inside enqueueWith's transaction to roll it back when the caller withdraws. */
const WITHDRAWN = new Error('enqueue withdrawn');

/** The job services live in this process, by node id: the sweep asks them what they hold, cancels reach them. */
const live = new Map<string, JobService>();

/**
 * Long work as jobs: a row per job in `jobs`, the queue in pg-boss, status changes and progress sent
 * to the project's live channel. One per app, on `app.ctx.jobs`. Housekeeping with no row runs as its `tasks`.
 */
export class JobService {
  /** This process's name in `jobs.worker`: its pid (which process ran a job, e.g. in the cluster journeys), unique. */
  readonly nodeId: string = `${process.pid}:${randomUUID()}`;
  /** Background tasks (tasks.ts): on this service's pg-boss, started and stopped with it. */
  readonly tasks: BackgroundTasks;
  private readonly boss: PgBoss;
  private readonly definitions = new Map<JobType, JobDefinition>();
  private readonly prepared = new Map<JobType, Promise<void>>();
  private readonly workerIds = new Map<JobType, string[]>();
  private readonly fairWorkers = new Map<JobType, FairWorker[]>();
  private readonly running = new Map<string, RunningJob>();
  private readonly executions = new Set<Promise<unknown>>();
  private readonly held = new Set<string>();
  private state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  /** The heartbeat and the sweep tick apart: a sweep that waits never holds back the beat (platform/ticker.ts, one each). */
  private readonly heartbeat: Ticker;
  private readonly sweeper: Ticker;
  private queueing: Promise<void> = Promise.resolve();
  /** Wake-ups from other processes (PostgreSQL, when this process runs workers): wakeups.ts. */
  private listener: WakeupListener | undefined;

  constructor(private readonly options: JobServiceOptions) {
    this.boss = createBoss(options.database, { pollingSeconds: options.pollingSeconds, log: options.log });
    this.tasks = new BackgroundTasks({
      boss: this.boss,
      log: options.log,
      runsWorkers: this.runsWorkers,
      pollingSeconds: options.pollingSeconds,
      createQueue: (queue) => this.createQueue(queue),
      inTransaction: (fn) => inTransaction(options.database, fn),
    });
    const every = options.heartbeatSeconds * 1000;
    this.heartbeat = new Ticker(
      () => this.beat(),
      every,
      (err) => options.log.error({ err }, 'job heartbeat failed'),
    );
    this.sweeper = new Ticker(
      () => this.sweep(),
      every,
      (err) => options.log.error({ err }, 'job sweep failed'),
    );
  }

  private get db() {
    return this.options.database.db;
  }
  get runsWorkers(): boolean {
    return this.options.role !== 'api';
  }
  /** The job types defined so far (the modules' `jobs`, app.ts). */
  get definedTypes(): JobType[] {
    return [...this.definitions.keys()];
  }
  /** A holder that missed three heartbeats is gone. */
  get staleMs(): number {
    return this.options.heartbeatSeconds * 3000;
  }

  /** Registers the handler of a type (once per app; on any role: an 'api' process needs the queue to exist). */
  define<D extends object>(type: JobType, handler: JobHandler<D>, options: DefineOptions = {}): void {
    if (this.definitions.has(type)) throw new Error(`the job type ${type} is already defined`);
    const definition = jobDefinition(type, handler, options);
    this.definitions.set(type, definition);
    if (this.state === 'started') this.prepare(definition);
  }

  /** Writes the job's row (queued) and its queue entry in one transaction, and tells the project. */
  async enqueue<D extends object>(input: EnqueueInput<D>): Promise<JobRow> {
    return (await this.enqueueWith(input, async () => true)) as JobRow;
  }

  /**
   * `enqueue`, with the caller's own writes in the same transaction (through `client`, after the job's row and
   * queue entry exist): when `within` answers false everything is rolled back and nothing is queued (undefined).
   */
  async enqueueWith<D extends object>(
    input: EnqueueInput<D>,
    within: (client: SqlClient, job: JobRow) => Promise<boolean>,
  ): Promise<JobRow | undefined> {
    await this.ready(input.type);
    const row = newJobRow(input, 'queued', this.nodeId);
    const done = await inTransaction(this.options.database, async (client) => {
      await store.insertJobWith(this.db, client, row);
      await this.send(client, row, input.data ?? {});
      await notifyQueued(this.options.database, client, row.type);
      if (await within(client, row)) return true;
      throw WITHDRAWN;
    }).catch((err) => {
      if (err === WITHDRAWN) return false;
      throw err;
    });
    if (!done) return undefined;
    this.options.publish(row);
    this.wake(row.type);
    return row;
  }

  /** A job that waits for its input (an upload receiving its bytes): status continue, held by this process. */
  async hold(input: HoldInput): Promise<JobRow> {
    if (!this.definitions.has(input.type)) throw new Error(`the job type ${input.type} is not defined`);
    const row = newJobRow(input, 'continue', this.nodeId);
    // Held before the row exists, so a sweep never finds it unheld.
    this.held.add(row.id);
    try {
      await this.db.insert(jobs).values(row);
    } catch (err) {
      this.held.delete(row.id);
      throw err;
    }
    this.options.publish(row);
    return row;
  }

  /** The input is ready: continue → queued, with its queue entry (409 when it was cancelled or failed meanwhile). */
  async release<D extends object>(id: string, data?: D): Promise<JobRow> {
    const current = await store.findJob(this.db, id);
    if (!current) throw notFound('dataset.jobNotFound');
    await this.ready(current.type);
    const queuedAt = await inTransaction(this.options.database, async (client) => {
      const written = await store.queueHeldJobWith(this.db, client, id);
      if (!written) return undefined;
      await this.send(client, current, data ?? {});
      await notifyQueued(this.options.database, client, current.type);
      return written;
    });
    if (!queuedAt) throw new HttpError('conflict', 'job.notWaiting');
    for (const service of live.values()) service.held.delete(id);
    this.held.delete(id);
    // The row as this transaction wrote it: a woken worker may already have made it active, and 'queued' is
    // published (before that worker's 'active') all the same.
    const row: JobRow = { ...current, status: 'queued', worker: null, heartbeatAt: null, lastUpdated: queuedAt };
    this.options.publish(row);
    this.wake(row.type);
    return row;
  }

  /** Cancels an unfinished job (its handler's signal aborts); answers the row as it ends up, undefined if unknown. */
  cancel(id: string): Promise<JobRow | undefined> {
    return this.finish(id, 'cancelled', null);
  }

  /** Fails an unfinished job with a message for the user (e.g. an upload abandoned mid-way: `codedMessage`, `failureOf`). */
  fail(id: string, message: JobMessage): Promise<JobRow | undefined> {
    return this.finish(id, 'failed', message);
  }

  find(id: string): Promise<JobRow | undefined> {
    return store.findJob(this.db, id);
  }

  async get(id: string): Promise<JobRow> {
    const row = await store.findJob(this.db, id);
    if (!row) throw notFound('dataset.jobNotFound');
    return row;
  }

  /** Newest first. */
  listForOwner(ownerType: JobOwnerType, ownerId: string): Promise<JobRow[]> {
    return store.listJobsForOwner(this.db, ownerType, ownerId);
  }

  /** Newest first. */
  listForProject(projectId: string, limit = 100): Promise<JobRow[]> {
    return store.listJobsForProject(this.db, projectId, limit);
  }

  async start(): Promise<void> {
    if (this.state !== 'new') return;
    await this.boss.start();
    live.set(this.nodeId, this);
    this.state = 'started';
    await this.sweep();
    for (const definition of this.definitions.values()) this.prepare(definition);
    await Promise.all([...this.prepared.values(), this.tasks.start()]);
    const connection = this.runsWorkers ? listenerConnection(this.options.database) : undefined;
    if (connection) {
      this.listener = new WakeupListener(connection, (type) => this.wakeLocal(type as JobType), this.options.log);
      await this.listener.start();
    }
    this.heartbeat.start(this.options.heartbeatSeconds * 1000);
    this.sweeper.start(this.options.heartbeatSeconds * 1000);
  }

  /**
   * Graceful stop, before the database closes: no more fetching; running jobs get `stopSeconds` to finish, then
   * their signal aborts and they are failed "Interrupted by a server restart", as are the uploads this process
   * held. Background tasks are interrupted at once (pg-boss retries them later). Then pg-boss stops.
   */
  async stop(): Promise<void> {
    await this.listener?.stop();
    if (this.state !== 'started') {
      live.delete(this.nodeId);
      this.state = 'stopped';
      await this.tasks.stop();
      return;
    }
    this.state = 'stopping';
    await Promise.all([this.heartbeat.stop(), this.sweeper.stop()]);
    await this.tasks.stop();
    for (const type of this.workerIds.keys()) await this.boss.offWork(type);
    await Promise.all([...this.fairWorkers.values()].flat().map((worker) => worker.stop()));
    const deadline = Date.now() + this.options.stopSeconds * 1000;
    while (this.executions.size > 0 && Date.now() < deadline) await sleep(Math.min(50, deadline - Date.now()));
    for (const job of this.running.values()) job.stop('shutdown');
    await Promise.allSettled([...this.executions]);
    for (const id of [...this.held]) {
      const row = await store.settleJob(
        this.db,
        id,
        { status: 'failed', message: JOB_SAID.interrupted },
        ['continue'],
        this.nodeId,
      );
      this.held.delete(id);
      if (row) this.options.publish(row);
    }
    // pg-boss completes an entry after our handler returns: it is given the same allowance to finish, so nothing
    // of it reaches the database's pool once the app has closed it.
    await stopBoss(this.boss, this.options.stopSeconds * 1000);
    live.delete(this.nodeId);
    this.state = 'stopped';
  }

  /** Fails every job nothing will finish (start-up, then as often as the heartbeat, on a ticker of its own). */
  sweep(): Promise<JobRow[]> {
    return sweep({
      db: this.db,
      kind: this.options.database.kind,
      staleMs: this.staleMs,
      holders: {
        holds: (worker, jobId) => {
          const service = live.get(worker);
          return service ? service.running.has(jobId) || service.held.has(jobId) : undefined;
        },
        takenHere: (jobId) => [...live.values()].some((service) => service.running.has(jobId)),
      },
      failQueueEntry: async (row) => {
        await this.boss.fail(row.type, toBossId(row.id), { message: row.message }).catch(() => {});
      },
      publish: (row) => this.options.publish(row),
      abandoned: (row) => this.cleanUpAbandoned(row),
      restart: (row) => this.restartLost(row),
    });
  }

  /** A lost job of a type that may start over, back in the queue (recovery.ts `requeueLost`); false otherwise. */
  private async restartLost(row: JobRow): Promise<boolean> {
    const limit = this.definitions.get(row.type)?.restartWhenLost ?? 0;
    const queued = limit > 0 ? await requeueLost(this.options.database, row, limit) : undefined;
    if (!queued) return false;
    this.options.log.warn(
      { jobId: row.id, jobType: row.type, lostWorker: row.worker },
      'job restarted: its process died',
    );
    this.options.publish(queued);
    this.wake(row.type);
    return true;
  }

  /** The type's clean-up of a job failed without its handler (logged, never thrown: the job is failed anyway). */
  private async cleanUpAbandoned(row: JobRow): Promise<void> {
    try {
      await this.definitions.get(row.type)?.abandoned?.(row);
    } catch (err) {
      this.options.log.error({ err, jobId: row.id }, 'cleaning up an abandoned job failed');
    }
  }

  private async ready(type: JobType): Promise<void> {
    const prepared = this.prepared.get(type);
    if (!prepared) {
      throw new Error(
        this.definitions.has(type) ? 'the job service is not started' : `the job type ${type} is not defined`,
      );
    }
    await prepared;
  }

  private async send(client: SqlClient, job: Pick<JobRow, 'type' | 'id' | 'projectId'>, data: object) {
    // A capped type's entries carry their project, which its workers count (fair.ts).
    const singletonKey = this.definitions.get(job.type)?.perProject ? job.projectId : undefined;
    const sent = await this.boss.send(job.type, data, { id: toBossId(job.id), db: client, singletonKey });
    if (!sent) throw new Error(`the job queue refused job ${job.id}`);
  }

  /** Creates (or updates) the type's queue and starts its workers. */
  private prepare(definition: JobDefinition): void {
    const run = async () => {
      // No retries: a failed job is failed for the user. pg-boss fails a job still active a minute past our own
      // timeout: ours fires first, pg-boss's expiry only catches a job whose process died.
      const queue: QueueOptions = {
        name: definition.type,
        policy: 'standard',
        retryLimit: 0,
        expireInSeconds: Math.ceil(definition.timeoutMs / 1000) + 60,
      };
      await this.createQueue(queue);
      if (!this.runsWorkers) return;
      if (definition.perProject) {
        const { database, pollingSeconds, log } = this.options;
        const run = (job: PgBoss.Job<object>) => this.track(this.execute(definition, job));
        const { type: queue, perProject } = definition;
        const fair = { boss: this.boss, database, pollingSeconds, log, queue, perProject, run };
        return void this.fairWorkers.set(definition.type, startFairWorkers(definition.concurrency, fair));
      }
      const ids: string[] = [];
      this.workerIds.set(definition.type, ids);
      for (let i = 0; i < definition.concurrency; i++) {
        ids.push(
          await workOneAtATime(
            this.boss,
            definition.type,
            this.options.pollingSeconds,
            (job) => this.track(this.execute(definition, job)),
            () => this.state === 'started',
          ),
        );
      }
    };
    const prepared = run();
    // Those who enqueue await it and see its failure; nobody else must leave it unhandled.
    prepared.catch((err) => this.options.log.error({ err, jobType: definition.type }, 'job queue not prepared'));
    this.prepared.set(definition.type, prepared);
  }

  /** One queue at a time (jobs' and tasks'): creating one adds a partition to pg-boss's job table, two deadlock. */
  private createQueue(queue: QueueOptions): Promise<void> {
    const created = this.queueing.catch(() => {}).then(() => ensureQueue(this.boss, queue));
    this.queueing = created;
    return created;
  }

  /**
   * A job of `type` was queued: the workers of every job service of this process on the same database look at
   * once (other processes get the NOTIFY sent with the job: wakeups.ts).
   */
  private wake(type: JobType): void {
    for (const service of live.values()) {
      if (service.options.database === this.options.database) service.wakeLocal(type);
    }
  }

  private wakeLocal(type: JobType): void {
    if (this.state !== 'started') return;
    for (const id of this.workerIds.get(type) ?? []) this.boss.notifyWorker(id);
    for (const worker of this.fairWorkers.get(type) ?? []) worker.notify();
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.executions.add(promise);
    return promise.finally(() => this.executions.delete(promise));
  }

  /** Runs one job taken from the queue; throws (so pg-boss records a failure) unless it completed. */
  private async execute(definition: JobDefinition, bossJob: PgBoss.Job<object>): Promise<void> {
    const id = fromBossId(bossJob.id);
    if (!id) return;
    if (this.state !== 'started') {
      // Taken while stopping: hand it back untouched for the next worker.
      await putBack(this.boss, definition.type, bossJob.id);
      return;
    }
    const running = new RunningJob(id);
    // Registered before the claim, so a sweep never finds it unheld.
    this.running.set(id, running);
    try {
      const row = await store.claimJob(this.db, id, this.nodeId);
      if (!row) return; // cancelled, failed or deleted before it started
      this.options.publish(row);
      const log = this.options.log.child({ jobId: id, jobType: definition.type });
      const progress = new ProgressReporter((fraction, message) => this.writeProgress(id, fraction, message, log));
      const outcome = await runHandler(
        definition.handler as JobHandler<object>,
        {
          job: row,
          data: bossJob.data,
          signal: running.controller.signal,
          progress: (fraction, message) => progress.report(fraction, message),
          log,
        },
        running,
        definition.timeoutMs,
      );
      await progress.close();
      const settled = await this.settle(id, outcome, log);
      if (settled) this.options.publish(settled);
      if (outcome.kind !== 'done') throw new Error(settled?.message ?? `job ${outcome.kind}`);
    } finally {
      this.running.delete(id);
    }
  }

  private settle(id: string, outcome: Outcome, log: FastifyBaseLogger): Promise<JobRow | undefined> {
    if (outcome.kind === 'threw') log.warn({ err: outcome.error }, 'job failed');
    const to = settlementOf(outcome);
    // Cancelled or failed from elsewhere: whoever stopped it has settled it.
    return to ? store.settleJob(this.db, id, to, ['active'], this.nodeId) : Promise.resolve(undefined);
  }

  private async writeProgress(id: string, fraction: number, message: string | undefined, log: FastifyBaseLogger) {
    try {
      const row = await store.reportProgress(this.db, id, this.nodeId, fraction, message);
      if (row) this.options.publish(row);
    } catch (err) {
      log.warn({ err }, 'job progress was not saved');
    }
  }

  private async finish(id: string, status: 'cancelled' | 'failed', message: JobMessage | null) {
    const row = await store.settleJob(this.db, id, { status, message });
    if (!row) return store.findJob(this.db, id);
    await this.boss.cancel(row.type, toBossId(id)).catch(() => {});
    const reason: StopReason = status;
    for (const service of live.values()) service.stopLocal(id, reason);
    this.options.publish(row);
    return row;
  }

  private stopLocal(id: string, reason: StopReason): void {
    this.running.get(id)?.stop(reason);
    this.held.delete(id);
  }

  /** Heartbeat: renews this process's unfinished jobs, stops those finished from elsewhere. */
  private async beat(): Promise<void> {
    const ids = [...this.running.keys(), ...this.held];
    const statuses = await store.beat(this.db, ids, this.nodeId);
    for (const [id, job] of this.running) {
      // Cancelled or failed by another process (its own cancels and fails reach its jobs at once).
      const status = statuses.get(id);
      if (status === 'cancelled' || status === 'failed') job.stop(status);
    }
    for (const id of [...this.held]) {
      // A missing row may not be inserted yet (hold() registers first); a finished or queued one is let go.
      const status = statuses.get(id);
      if (status !== undefined && status !== 'continue') this.held.delete(id);
    }
  }
}
