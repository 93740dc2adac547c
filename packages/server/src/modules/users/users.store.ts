import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { permissions, projects, users } from '../../platform/tenancy.tables.ts';
import type { PopOvers, UserRow } from '../auth/index.ts';

export {
  findUserByEmail,
  findUserWithOrganization,
  type PopOvers,
  setPasswordHash,
  type UserRow,
  type UserWithOrganization,
} from '../auth/index.ts';

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Name and/or a partial popOvers object, merged into the stored one in SQL so concurrent updates of different keys both stay. */
export async function updateUserProfile(
  db: Db,
  id: string,
  change: { first?: string; last?: string; popOvers?: Partial<PopOvers> },
): Promise<UserRow | undefined> {
  const { popOvers, ...name } = change;
  const set = {
    ...name,
    ...(popOvers ? { popOvers: sql`${users.popOvers} || ${JSON.stringify(popOvers)}::jsonb` } : {}),
  };
  if (Object.keys(set).length === 0) return findUserById(db, id);
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row;
}

export async function setUserLogo(db: Db, id: string, logo: Buffer): Promise<void> {
  await db.update(users).set({ logo }).where(eq(users.id, id));
}

export async function listUsersOfOrganization(db: Db, organizationId: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.organizationId, organizationId));
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/** An administrator's change: name, roles, active (the email is never editable). */
export async function updateUserAccount(
  db: Db,
  id: string,
  change: Partial<Pick<UserRow, 'first' | 'last' | 'roles' | 'active'>>,
): Promise<UserRow | undefined> {
  if (Object.keys(change).length === 0) return findUserById(db, id);
  const [row] = await db.update(users).set(change).where(eq(users.id, id)).returning();
  return row;
}

/** Deletes the account; its tokens, reset codes and project memberships go through the foreign keys' cascades. */
export async function deleteUserRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** The projects where the user may have a live channel open: as a member, or in their own organization. */
export async function listProjectIdsReachedBy(db: Db, user: { id: string; organizationId: string }): Promise<string[]> {
  const member = await db
    .select({ id: permissions.projectId })
    .from(permissions)
    .where(eq(permissions.userId, user.id));
  const own = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.organizationId, user.organizationId));
  return [...new Set([...member, ...own].map((r) => r.id))];
}
