import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, users } from '../../platform/tenancy.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type PopOvers = UserRow['popOvers'];

/** A user with the two facts of its organization that sign-in and permission checks need. */
export interface UserWithOrganization {
  user: UserRow;
  organization: {
    id: string;
    active: boolean;
    type: 'independent' | 'consultant' | 'client';
    consultantId: string | null;
  };
}

const withOrganization = {
  user: users,
  organization: {
    id: organizations.id,
    active: organizations.active,
    type: organizations.type,
    consultantId: organizations.consultantId,
  },
};

/** `email` must already be normalized (lower-cased, trimmed): that is how it is stored. */
export async function findUserByEmail(db: Db, email: string): Promise<UserWithOrganization | undefined> {
  const [row] = await db
    .select(withOrganization)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email));
  return row;
}

export async function findUserWithOrganization(db: Db, id: string): Promise<UserWithOrganization | undefined> {
  const [row] = await db
    .select(withOrganization)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id));
  return row;
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, needsReset: false }).where(eq(users.id, id));
}
