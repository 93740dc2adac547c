import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginEvents } from '../../db/schema.ts';
import { newId } from '../../platform/ids.ts';

export type LoginEventRow = typeof loginEvents.$inferSelect;
export type NewLoginEvent = Omit<typeof loginEvents.$inferInsert, 'id' | 'timeCreated'>;

/** Writes one event of the login log (spec 1 §3): every attempt, sign-out and single sign-on. */
export async function recordLoginEvent(db: Db, event: NewLoginEvent): Promise<void> {
  await db.insert(loginEvents).values({ id: newId(), ...event });
}

export async function findUserEvents(db: Db, userId: string, limit = 200): Promise<LoginEventRow[]> {
  return db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.timeCreated))
    .limit(limit);
}

export async function findOrganizationEvents(db: Db, organizationId: string, limit = 500): Promise<LoginEventRow[]> {
  return db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.organizationId, organizationId))
    .orderBy(desc(loginEvents.timeCreated))
    .limit(limit);
}

/** Failed sign-in attempts since `since`, by email or by address (the brute-force counters). */
export async function countFailures(db: Db, by: { email: string } | { ip: string }, since: Date): Promise<number> {
  const who = 'email' in by ? eq(loginEvents.email, by.email) : eq(loginEvents.ip, by.ip);
  const [row] = await db
    .select({ n: count() })
    .from(loginEvents)
    .where(and(who, eq(loginEvents.status, 'failure'), gt(loginEvents.timeCreated, since)));
  return Number(row?.n ?? 0);
}
