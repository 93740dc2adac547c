import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../platform/tenancy.tables.ts';
import { alertFirings, alerts } from './alerts.tables.ts';

/** SQL only: alerts and their firings. */

export type AlertRow = typeof alerts.$inferSelect;
export type AlertFiringRow = typeof alertFirings.$inferSelect;
export type AlertChange = Partial<Pick<AlertRow, 'name' | 'condition' | 'threshold' | 'language'>>;

/** Firings listed per alert at most. */
export const FIRINGS_LISTED = 200;

export async function findAlert(db: Db, id: string): Promise<AlertRow | undefined> {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id));
  return row;
}

export async function findAlertProject(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ projectId: alerts.projectId }).from(alerts).where(eq(alerts.id, id));
  return row?.projectId;
}

/** One user's alerts in a project, newest first. */
export function listUserAlerts(db: Db, projectId: string, userId: string): Promise<AlertRow[]> {
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.projectId, projectId), eq(alerts.userId, userId)))
    .orderBy(desc(alerts.timeCreated), desc(alerts.id));
}

export async function insertAlert(db: Db, row: typeof alerts.$inferInsert): Promise<AlertRow> {
  const [inserted] = await db.insert(alerts).values(row).returning();
  return inserted;
}

/** A change of condition or threshold starts afresh: not active, so that a condition true now fires. */
export async function updateAlertRow(db: Db, id: string, change: AlertChange): Promise<AlertRow | undefined> {
  const restart = change.condition !== undefined || change.threshold !== undefined;
  const [row] = await db
    .update(alerts)
    .set({ ...change, ...(restart ? { active: false } : {}) })
    .where(eq(alerts.id, id))
    .returning();
  return row;
}

export async function deleteAlertRow(db: Db, id: string): Promise<boolean> {
  return (await db.delete(alerts).where(eq(alerts.id, id)).returning({ id: alerts.id })).length > 0;
}

export function listFirings(db: Db, alertId: string): Promise<AlertFiringRow[]> {
  return db
    .select()
    .from(alertFirings)
    .where(eq(alertFirings.alertId, alertId))
    .orderBy(desc(alertFirings.firedAt), desc(alertFirings.id))
    .limit(FIRINGS_LISTED);
}

/** The ids of the alerts watching these cards. */
export async function alertIdsOfUnits(db: Db, unitIds: string[]): Promise<string[]> {
  if (!unitIds.length) return [];
  const rows = await db.select({ id: alerts.id }).from(alerts).where(inArray(alerts.unitId, unitIds));
  return rows.map((r) => r.id);
}

/** Every alert's id, oldest first (the scheduled check). */
export async function allAlertIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: alerts.id }).from(alerts).orderBy(alerts.timeCreated, alerts.id);
  return rows.map((r) => r.id);
}

/** The alert locked for this transaction's check: a concurrent check of it waits until this one commits. */
export async function lockAlert(tx: Db, id: string): Promise<AlertRow | undefined> {
  const [row] = await tx.select().from(alerts).where(eq(alerts.id, id)).for('update');
  return row;
}

/** What a check leaves on the alert: whether the condition holds, the value, when. */
export async function recordCheck(
  tx: Db,
  id: string,
  state: { active: boolean; lastValue: number | null; lastCheckedAt: Date; lastFiredAt?: Date },
): Promise<void> {
  await tx.update(alerts).set(state).where(eq(alerts.id, id));
}

export async function insertFiring(tx: Db, row: typeof alertFirings.$inferInsert): Promise<AlertFiringRow> {
  const [inserted] = await tx.insert(alertFirings).values(row).returning();
  return inserted;
}

/** The recipient as the access check and the mail need them. */
export async function findRecipient(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      email: users.email,
      first: users.first,
      last: users.last,
      roles: users.roles,
      active: users.active,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
