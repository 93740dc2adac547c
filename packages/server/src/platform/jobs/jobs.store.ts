import { FINISHED_JOB_STATUSES, type JobOwnerType, type JobStatus, UNFINISHED_JOB_STATUSES } from '@tessera/shared';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BOSS_SCHEMA, type SqlClient } from './boss.ts';
import { bossIdSql } from './bossIds.ts';
import { JOB_SAID, type JobMessage, messageColumns, textMessage } from './jobMessage.ts';
import { jobs } from './jobs.tables.ts';

/** SQL only: the `jobs` table. Status changes are conditional updates, so two processes never both win one. */

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Newest first. */
export function listJobsForOwner(db: Db, ownerType: JobOwnerType, ownerId: string): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.ownerType, ownerType), eq(jobs.ownerId, ownerId)))
    .orderBy(desc(jobs.timeCreated), desc(jobs.id));
}

/** Newest first. */
export function listJobsForProject(db: Db, projectId: string, limit: number): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.projectId, projectId))
    .orderBy(desc(jobs.timeCreated), desc(jobs.id))
    .limit(limit);
}

/** Inserts a row through a transaction's raw client (the queue entry is written in the same transaction). */
export async function insertJobWith(db: Db, client: SqlClient, row: NewJobRow): Promise<void> {
  const query = db.insert(jobs).values(row).toSQL();
  await client.executeSql(query.sql, query.params);
}

/** continue → queued through a transaction's raw client; answers when, or undefined when it was no longer waiting. */
export async function queueHeldJobWith(db: Db, client: SqlClient, id: string): Promise<Date | undefined> {
  const query = db
    .update(jobs)
    .set({ status: 'queued', worker: null, heartbeatAt: null, lastUpdated: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'continue')))
    .returning({ lastUpdated: jobs.lastUpdated })
    .toSQL();
  const { rows } = await client.executeSql(query.sql, query.params);
  const written = rows[0] as { last_updated?: Date | string } | undefined;
  return written?.last_updated === undefined ? undefined : new Date(written.last_updated);
}

/**
 * active → queued again, its holder gone (the job starts over: `restartLost` in service.ts); in the caller's
 * transaction. Answers the row, or undefined when another process changed it first.
 */
export async function requeueLostJobWith(db: Db, client: SqlClient, row: JobRow): Promise<JobRow | undefined> {
  const query = db
    .update(jobs)
    .set({
      status: 'queued',
      worker: null,
      heartbeatAt: null,
      progress: null,
      ...messageColumns(JOB_SAID.restarted),
      lastUpdated: sql`now()`,
    })
    .where(and(eq(jobs.id, row.id), eq(jobs.status, 'active'), eq(jobs.worker, row.worker ?? '')))
    .returning({ lastUpdated: jobs.lastUpdated })
    .toSQL();
  const { rows } = await client.executeSql(query.sql, query.params);
  const written = rows[0] as { last_updated?: Date | string } | undefined;
  if (written?.last_updated === undefined) return undefined;
  return {
    ...row,
    status: 'queued',
    worker: null,
    heartbeatAt: null,
    progress: null,
    ...messageColumns(JOB_SAID.restarted),
    lastUpdated: new Date(written.last_updated),
  };
}

/** queued → active for this worker; undefined when the job was cancelled, failed or deleted meanwhile. */
export async function claimJob(db: Db, id: string, worker: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'active', worker, heartbeatAt: sql`now()`, lastUpdated: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
    .returning();
  return row;
}

export interface Settlement {
  status: JobStatus;
  message?: JobMessage | null;
  progress?: number | null;
}

/**
 * Moves an unfinished job to `to` when it is in one of `from` (and held by `worker`, when given); answers the
 * new row, or undefined when another change came first.
 */
export async function settleJob(
  db: Db,
  id: string,
  to: Settlement,
  from: readonly JobStatus[] = UNFINISHED_JOB_STATUSES,
  worker?: string,
): Promise<JobRow | undefined> {
  const finished = (FINISHED_JOB_STATUSES as readonly JobStatus[]).includes(to.status);
  const [row] = await db
    .update(jobs)
    .set({
      status: to.status,
      ...(to.message !== undefined ? messageColumns(to.message) : {}),
      ...(to.progress !== undefined ? { progress: to.progress } : {}),
      ...(finished ? { heartbeatAt: null } : {}),
      lastUpdated: sql`now()`,
    })
    .where(
      and(eq(jobs.id, id), inArray(jobs.status, [...from]), worker === undefined ? undefined : eq(jobs.worker, worker)),
    )
    .returning();
  return row;
}

/** A running job's progress (and what it is doing); undefined once it is no longer this worker's active job. */
export async function reportProgress(
  db: Db,
  id: string,
  worker: string,
  progress: number,
  message: string | undefined,
): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ progress, ...(message !== undefined ? messageColumns(textMessage(message)) : {}), lastUpdated: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'active'), eq(jobs.worker, worker)))
    .returning();
  return row;
}

/**
 * This process still holds these jobs: answers each one's status (a missing id was deleted). Only a job still at
 * work (active, or an upload's continue) gets a heartbeat: a beat racing the job's completion must not write one
 * after the completion cleared it.
 */
export async function beat(db: Db, ids: string[], worker: string): Promise<Map<string, JobStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .update(jobs)
    .set({
      heartbeatAt: sql`case when ${jobs.status} in ('active', 'continue') then now() else ${jobs.heartbeatAt} end`,
    })
    .where(and(inArray(jobs.id, ids), eq(jobs.worker, worker)))
    .returning({ id: jobs.id, status: jobs.status });
  return new Map(rows.map((r) => [r.id, r.status]));
}

/**
 * Jobs some process holds: waiting for their input (continue) or running (active), each with whether its
 * process has not said it still holds it for `staleMs` (judged by the database's clock, which wrote the beats).
 */
export function heldJobs(db: Db, staleMs: number): Promise<Array<JobRow & { stale: boolean }>> {
  return db
    .select({
      ...getTableColumns(jobs),
      stale:
        sql<boolean>`(${jobs.heartbeatAt} is null or ${jobs.heartbeatAt} < now() - make_interval(secs => ${staleMs / 1000}))`.mapWith(
          Boolean,
        ),
    })
    .from(jobs)
    .where(inArray(jobs.status, ['continue', 'active']));
}

/** Queued jobs with the state of their pg-boss job (null when there is none) and whether it started over `staleMs` ago. */
export function queuedJobs(
  db: Db,
  staleMs: number,
): Promise<Array<JobRow & { bossState: string | null; bossStale: boolean }>> {
  const table = sql.raw(`${BOSS_SCHEMA}.job`);
  const match = sql.raw(`b.name = "jobs"."type" and b.id = ${bossIdSql('"jobs"."id"')}`);
  return db
    .select({
      ...getTableColumns(jobs),
      bossState: sql<string | null>`(select b.state::text from ${table} b where ${match})`,
      bossStale: sql<boolean>`coalesce((select b.started_on < now() - make_interval(secs => ${staleMs / 1000})
        from ${table} b where ${match}), false)`.mapWith(Boolean),
    })
    .from(jobs)
    .where(eq(jobs.status, 'queued'));
}

/** Transfer Assets: a moved resource's jobs follow it to the other project (call inside the transfer's transaction). */
export async function moveJobsToProject(
  tx: Db,
  ownerType: JobOwnerType,
  ownerIds: string[],
  toProjectId: string,
): Promise<number> {
  if (ownerIds.length === 0) return 0;
  const rows = await tx
    .update(jobs)
    .set({ projectId: toProjectId })
    .where(and(eq(jobs.ownerType, ownerType), inArray(jobs.ownerId, ownerIds)))
    .returning({ id: jobs.id });
  return rows.length;
}
