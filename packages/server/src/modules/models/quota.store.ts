import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SqlClient } from '../../platform/jobs/index.ts';
import type { ModelRunRow } from './models.store.ts';
import { modelRuns } from './models.tables.ts';

/**
 * SQL only: a project's queued runs are capped (docs/security.md "Fair shares"). The count and the insert happen
 * under a transaction-level advisory lock of the project, so two requests at once (on any process) never both see
 * room for one more.
 */
const lockKey = (projectId: string) => `tessera:queued-runs:${projectId}`;

const queuedOf = (projectId: string) => and(eq(modelRuns.projectId, projectId), eq(modelRuns.status, 'queued'));

/** Inserts the run (queued) unless its project already has `max` queued runs (then undefined, nothing written). */
export async function insertQueuedRun(
  db: Db,
  row: typeof modelRuns.$inferInsert,
  max: number,
): Promise<ModelRunRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey(row.projectId)}))`);
    const [{ queued }] = await tx.select({ queued: count() }).from(modelRuns).where(queuedOf(row.projectId));
    if (queued >= max) return undefined;
    const [inserted] = await tx.insert(modelRuns).values(row).returning();
    return inserted;
  });
}

/** The same lock and count within the caller's transaction (a scheduled run's, queued with its job). */
export async function queuedRunsWith(client: SqlClient, projectId: string): Promise<number> {
  await client.executeSql('select pg_advisory_xact_lock(hashtext($1))', [lockKey(projectId)]);
  const { rows } = await client.executeSql(
    "select count(*)::int as queued from model_runs where project_id = $1 and status = 'queued'",
    [projectId],
  );
  return Number(rows[0].queued);
}
