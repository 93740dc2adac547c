import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { loginEvents } from './auth.tables.ts';

export type LoginEventRow = typeof loginEvents.$inferSelect;
export type NewLoginEvent = Omit<typeof loginEvents.$inferInsert, 'id' | 'timeCreated'>;

/** Writes one event of the login log: every attempt, sign-out and single sign-on. */
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

/** Erases an organization's login log (its rows have no foreign key: events of unknown emails have no organization). */
export async function deleteOrganizationEvents(db: Db, organizationId: string): Promise<void> {
  await db.delete(loginEvents).where(eq(loginEvents.organizationId, organizationId));
}

/** The user signed in from this address before (within the login log): a known address. */
export async function hasSignedInFrom(db: Db, userId: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: loginEvents.id })
    .from(loginEvents)
    .where(
      and(
        eq(loginEvents.userId, userId),
        eq(loginEvents.ip, ip),
        eq(loginEvents.type, 'login'),
        eq(loginEvents.status, 'success'),
      ),
    )
    .limit(1);
  return !!row;
}
