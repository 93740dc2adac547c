import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SqlClient } from '../../platform/jobs/index.ts';
import { projects, users } from '../../platform/tenancy.tables.ts';
import { subscriptionSends, subscriptions } from './subscriptions.tables.ts';

/** SQL only: subscriptions and their sends. */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SendRow = typeof subscriptionSends.$inferSelect;

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function findSubscriptionProject(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ projectId: subscriptions.projectId })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return row?.projectId;
}

/** A data app's subscriptions, oldest first; only those `userId` made when given. */
export function listDashboardSubscriptions(db: Db, dashboardId: string, userId?: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.dashboardId, dashboardId), userId ? eq(subscriptions.userId, userId) : undefined))
    .orderBy(asc(subscriptions.timeCreated), asc(subscriptions.id));
}

export async function insertSubscription(db: Db, row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [inserted] = await db.insert(subscriptions).values(row).returning();
  return inserted;
}

export async function updateSubscriptionRow(
  db: Db,
  id: string,
  change: Partial<Omit<SubscriptionRow, 'id' | 'projectId' | 'dashboardId' | 'timeCreated'>>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...change, lastUpdated: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

export async function deleteSubscriptionRow(db: Db, id: string): Promise<boolean> {
  return (
    (await db.delete(subscriptions).where(eq(subscriptions.id, id)).returning({ id: subscriptions.id })).length > 0
  );
}

/** The email domains of the project's organization: those its members' addresses use, lower-cased. */
export async function organizationDomains(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ domain: sql<string>`lower(split_part(${users.email}, '@', 2))` })
    .from(users)
    .innerJoin(projects, eq(projects.organizationId, users.organizationId))
    .where(eq(projects.id, projectId));
  return rows.map((r) => r.domain).filter(Boolean);
}

/** The caller's address (a viewer may subscribe only it). */
export async function emailOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email.toLowerCase();
}

/** Subscriptions whose next occurrence is due at `now`, most overdue first. */
export function dueSubscriptions(db: Db, now: Date, limit: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.nextRunAt), lte(subscriptions.nextRunAt, now)))
    .orderBy(asc(subscriptions.nextRunAt))
    .limit(limit);
}

/**
 * Claims an occurrence: its send row, unique on (subscription, time). Answers whether this caller won it (false
 * when another worker, or an earlier tick, has it). Runs on a transaction's raw client, beside the send task's
 * queue entry.
 */
export async function claimSendWith(
  db: Db,
  client: SqlClient,
  send: { id: string; subscriptionId: string; scheduledAt: Date; worker: string },
): Promise<boolean> {
  const query = db
    .insert(subscriptionSends)
    .values(send)
    .onConflictDoNothing({ target: [subscriptionSends.subscriptionId, subscriptionSends.scheduledAt] })
    .returning({ id: subscriptionSends.id })
    .toSQL();
  const { rows } = await client.executeSql(query.sql, query.params);
  return rows.length === 1;
}

/** Moves the cursor past what was handled, unless someone (another worker, an edit) moved it already. */
export async function advanceCursor(db: Db, id: string, from: Date, next: Date | null): Promise<void> {
  await db
    .update(subscriptions)
    .set({ nextRunAt: next })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.nextRunAt, from)));
}

export async function findSend(db: Db, id: string): Promise<SendRow | undefined> {
  const [row] = await db.select().from(subscriptionSends).where(eq(subscriptionSends.id, id));
  return row;
}

/** Counts one more attempt at a send; answers the count. */
export async function startAttempt(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(subscriptionSends)
    .set({ attempts: sql`${subscriptionSends.attempts} + 1` })
    .where(eq(subscriptionSends.id, id))
    .returning({ attempts: subscriptionSends.attempts });
  return row?.attempts ?? 0;
}

/** One more address the occurrence reached: a retry does not send to it again. */
export async function markDelivered(db: Db, id: string, email: string): Promise<void> {
  await db
    .update(subscriptionSends)
    .set({ delivered: sql`${subscriptionSends.delivered} || ${JSON.stringify([email])}::jsonb` })
    .where(eq(subscriptionSends.id, id));
}

export async function settleSend(
  db: Db,
  send: SendRow,
  outcome: { sentAt: Date; error: null } | { sentAt: null; error: string },
  final: boolean,
): Promise<void> {
  await db.update(subscriptionSends).set(outcome).where(eq(subscriptionSends.id, send.id));
  if (outcome.sentAt) {
    await db
      .update(subscriptions)
      .set({ lastSentAt: outcome.sentAt, lastError: null })
      .where(eq(subscriptions.id, send.subscriptionId));
  } else if (final) {
    await db.update(subscriptions).set({ lastError: outcome.error }).where(eq(subscriptions.id, send.subscriptionId));
  }
}

export function sendsOf(db: Db, subscriptionId: string): Promise<SendRow[]> {
  return db
    .select()
    .from(subscriptionSends)
    .where(eq(subscriptionSends.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionSends.scheduledAt));
}
