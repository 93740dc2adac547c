import type { JobStatus } from '@tessera/shared';
import type { Database, Db } from '../../db/client.ts';
import { inTransaction, putBackLost } from './boss.ts';
import { toBossId } from './bossIds.ts';
import { JOB_SAID } from './jobMessage.ts';
import { heldJobs, type JobRow, queuedJobs, requeueLostJobWith, settleJob } from './jobs.store.ts';
import { notifyQueued } from './wakeups.ts';

/**
 * Restart safety: no job stays unfinished once nothing will finish it. Runs at
 * start-up and then as often as the heartbeat, on every process; the conditional updates make one process win each job.
 *
 * Per status:
 * - continue (an upload receiving its bytes) and active (a handler running): held by one process, named in
 *   `worker`. The holder is gone when it is a process of this one that no longer holds the job; on PGlite,
 *   when it is any other process (only one process can open a PGlite database, so a holder that is not live
 *   here died with its process); on PostgreSQL, when it has not renewed its heartbeat for `staleMs`. Failed
 *   with "Interrupted by a server restart": a half-done job is never resumed, its handler may have left
 *   partial work that only a fresh run redoes cleanly. A type that allows it (`restartWhenLost`) gets that
 *   fresh run instead: an active job goes back to the queue, for any process, while its allowance lasts.
 * - queued: still waiting is fine while its pg-boss job will run (created or retry). It is failed when that
 *   pg-boss job is gone or finished (never written, or lost), or when pg-boss shows it taken by a worker that
 *   never claimed it (a claim follows a fetch within milliseconds): on PGlite unless a worker of this process
 *   has it, on PostgreSQL once its start is older than `staleMs`.
 */

export interface Holders {
  /** Whether the live job service of this process with this node id holds the job (undefined: no such service). */
  holds(worker: string, jobId: string): boolean | undefined;
  /** Whether a live job service of this process has taken this job from the queue. */
  takenHere(jobId: string): boolean;
}

export interface SweepOptions {
  db: Db;
  kind: 'pglite' | 'postgres';
  staleMs: number;
  holders: Holders;
  /** Fails the pg-boss job of a job failed here, so that it does not stay active until it expires. */
  failQueueEntry(row: JobRow): Promise<void>;
  publish(row: JobRow): void;
  /** Puts an active job whose holder is gone back in the queue, when its type allows; answers whether it did. */
  restart?(row: JobRow): Promise<boolean>;
  /** The job type's clean-up of a job failed here (its files), run as soon as it is failed. */
  abandoned?(row: JobRow): Promise<void>;
}

/** Fails every job that nothing will finish; answers the rows it failed. */
export async function sweep(options: SweepOptions): Promise<JobRow[]> {
  const { db, kind, staleMs, holders } = options;
  const failed: JobRow[] = [];
  const fail = async (row: JobRow, from: JobStatus) => {
    const settled = await settleJob(
      db,
      row.id,
      { status: 'failed', message: JOB_SAID.interrupted },
      [from],
      from === 'queued' ? undefined : (row.worker ?? undefined),
    );
    if (!settled) return;
    failed.push(settled);
    await options.failQueueEntry(settled);
    options.publish(settled);
    await options.abandoned?.(settled);
  };

  for (const row of await heldJobs(db, staleMs)) {
    const local = row.worker ? holders.holds(row.worker, row.id) : undefined;
    const gone = local !== undefined ? !local : kind === 'pglite' || row.stale;
    if (!gone) continue;
    if (row.status === 'active' && (await options.restart?.(row))) continue;
    await fail(row, row.status);
  }

  for (const row of await queuedJobs(db, staleMs)) {
    const running = row.bossState === 'created' || row.bossState === 'retry';
    if (running) continue;
    if (row.bossState === 'active' && (kind === 'pglite' ? holders.takenHere(row.id) : !row.bossStale)) continue;
    await fail(row, 'queued');
  }
  return failed;
}

const SPENT = new Error('restart allowance spent');

/**
 * An active job whose holder is gone, back in the queue to start over (its type's `restartWhenLost`: `limit`): the
 * row and the queue entry in one transaction. Undefined when another process changed the row first or the
 * allowance is spent (the sweep then fails it).
 */
export async function requeueLost(database: Database, row: JobRow, limit: number): Promise<JobRow | undefined> {
  return inTransaction(database, async (client) => {
    const requeued = await requeueLostJobWith(database.db, client, row);
    if (!requeued) return undefined;
    if (!(await putBackLost(client, row.type, toBossId(row.id), limit))) throw SPENT;
    await notifyQueued(database, client, row.type);
    return requeued;
  }).catch((err) => {
    if (err === SPENT) return undefined;
    throw err;
  });
}
