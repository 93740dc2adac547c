import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, users } from '../../platform/tenancy.tables.ts';
import { oidcFlows } from './sso.tables.ts';

export type OidcFlow = typeof oidcFlows.$inferSelect;

export async function insertFlow(db: Db, flow: Omit<OidcFlow, 'timeCreated'>): Promise<void> {
  await db.insert(oidcFlows).values(flow);
}

/**
 * Removes and returns the flow of a state in one statement, so that a state is single-use even when two
 * requests race with it: only one of them gets the row back.
 */
export async function takeFlow(db: Db, state: string): Promise<OidcFlow | undefined> {
  const [flow] = await db.delete(oidcFlows).where(eq(oidcFlows.state, state)).returning();
  return flow;
}

/** Forgets the flows started before `before` (abandoned popups). */
export async function deleteFlowsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(oidcFlows).where(lt(oidcFlows.timeCreated, before));
}

/** The account an identity-provider email maps to, with what decides whether it may sign in. */
export async function findAccountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      active: users.active,
      organizationActive: organizations.active,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email));
  return row;
}
