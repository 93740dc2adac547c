import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SqlClient } from '../../platform/jobs/index.ts';
import { projects } from '../../platform/tenancy.tables.ts';
import { models } from '../models/index.ts';
import { triggerFires, triggers } from './triggers.tables.ts';

/** SQL only: triggers and their fires. */

export type TriggerRow = typeof triggers.$inferSelect;
export type FireRow = typeof triggerFires.$inferSelect;

export async function findTrigger(db: Db, id: string): Promise<TriggerRow | undefined> {
  const [row] = await db.select().from(triggers).where(eq(triggers.id, id));
  return row;
}

export async function findTriggerProject(db: Db, id: string): Promise<string | undefined> {
  return (await findTrigger(db, id))?.projectId;
}

/** The project a list asks about: a project id, or a model id (its model's project). */
export async function findScopeProject(db: Db, id: string): Promise<string | undefined> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  if (project) return project.id;
  const [model] = await db.select({ projectId: models.projectId }).from(models).where(eq(models.id, id));
  return model?.projectId;
}

/** The model's inputs as they are now (a trigger's values are checked against them). */
export async function modelInputsOf(db: Db, modelId: string) {
  const [row] = await db.select({ inputs: models.inputs }).from(models).where(eq(models.id, modelId));
  return row?.inputs;
}

/** A project's or a model's triggers, oldest first. */
export function listTriggers(db: Db, scope: { projectId?: string; modelId?: string }): Promise<TriggerRow[]> {
  return db
    .select()
    .from(triggers)
    .where(scope.modelId ? eq(triggers.modelId, scope.modelId) : eq(triggers.projectId, scope.projectId ?? ''))
    .orderBy(asc(triggers.timeCreated), asc(triggers.id));
}

export async function insertTrigger(db: Db, row: typeof triggers.$inferInsert): Promise<TriggerRow> {
  const [inserted] = await db.insert(triggers).values(row).returning();
  return inserted;
}

export async function updateTriggerRow(
  db: Db,
  id: string,
  change: Partial<Omit<TriggerRow, 'id' | 'projectId' | 'modelId' | 'timeCreated'>>,
): Promise<TriggerRow | undefined> {
  const [row] = await db
    .update(triggers)
    .set({ ...change, lastUpdated: new Date() })
    .where(eq(triggers.id, id))
    .returning();
  return row;
}

export async function deleteTriggerRow(db: Db, id: string): Promise<boolean> {
  return (await db.delete(triggers).where(eq(triggers.id, id)).returning({ id: triggers.id })).length > 0;
}

/** Active triggers whose next occurrence is due at `now`, most overdue first. */
export function dueTriggers(db: Db, now: Date, limit: number): Promise<TriggerRow[]> {
  return db
    .select()
    .from(triggers)
    .where(and(eq(triggers.status, 'active'), lte(triggers.nextRunAt, now)))
    .orderBy(asc(triggers.nextRunAt))
    .limit(limit);
}

/**
 * Claims an occurrence: the fire row, only while the trigger is still active (a pause committed before this
 * statement stops it), and only once per (trigger, time) whatever the number of workers. Answers whether this
 * caller won. Runs on the transaction's raw client, beside the run's job.
 */
export async function claimFireWith(
  client: SqlClient,
  fire: {
    id: string;
    triggerId: string;
    scheduledAt: Date;
    runId: string | null;
    missed: number;
    error: string | null;
    worker: string;
  },
): Promise<boolean> {
  const { rows } = await client.executeSql(
    `insert into trigger_fires (id, trigger_id, scheduled_at, run_id, missed, error, worker)
     select $1, $2, $3, $4, $5, $6, $7 where exists (select 1 from triggers where id = $2 and status = 'active')
     on conflict (trigger_id, scheduled_at) do nothing returning id`,
    [fire.id, fire.triggerId, fire.scheduledAt.toISOString(), fire.runId, fire.missed, fire.error, fire.worker],
  );
  return rows.length === 1;
}

/** An occurrence that queued nothing (the model cannot run with the trigger's inputs), recorded once with why. */
export async function recordFailedFire(
  db: Db,
  fire: { id: string; triggerId: string; scheduledAt: Date; missed: number; error: string; worker: string },
): Promise<void> {
  await db
    .insert(triggerFires)
    .values({ ...fire, runId: null })
    .onConflictDoNothing({ target: [triggerFires.triggerId, triggerFires.scheduledAt] });
}

/** Moves the cursor past what was handled, unless someone (another worker, a resume, an edit) moved it already. */
export async function advanceCursor(
  db: Db,
  id: string,
  from: Date,
  to: { nextRunAt: Date | null; lastRunAt: Date | null },
): Promise<void> {
  await db
    .update(triggers)
    .set({
      nextRunAt: to.nextRunAt,
      ...(to.lastRunAt
        ? { lastRunAt: sql`greatest(${triggers.lastRunAt}, ${to.lastRunAt.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(and(eq(triggers.id, id), eq(triggers.nextRunAt, from)));
}

/** The latest occurrence of a trigger that has a fire row (fired, or recorded as failed), or null. */
export async function lastFiredAt(db: Db, triggerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: triggerFires.scheduledAt })
    .from(triggerFires)
    .where(eq(triggerFires.triggerId, triggerId))
    .orderBy(desc(triggerFires.scheduledAt))
    .limit(1);
  return row?.at ?? null;
}

export function firesOf(db: Db, triggerId: string): Promise<FireRow[]> {
  return db
    .select()
    .from(triggerFires)
    .where(eq(triggerFires.triggerId, triggerId))
    .orderBy(asc(triggerFires.scheduledAt));
}
