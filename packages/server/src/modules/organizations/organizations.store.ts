import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessTokens, organizations, projects, users } from '../../platform/tenancy.tables.ts';
import { deleteOrganizationEvents } from '../auth/index.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
export type OrganizationChange = Partial<
  Pick<OrganizationRow, 'name' | 'type' | 'consultantId' | 'active' | 'publicSharing' | 'plan'>
>;

export async function findOrganizationById(db: Db, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function listAllOrganizations(db: Db): Promise<OrganizationRow[]> {
  return db.select().from(organizations).orderBy(asc(organizations.name), asc(organizations.id));
}

/** The client organizations of a consultant. */
export async function listClientsOf(db: Db, consultantId: string): Promise<OrganizationRow[]> {
  return db
    .select()
    .from(organizations)
    .where(and(eq(organizations.consultantId, consultantId), eq(organizations.type, 'client')))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

export async function countClientsOf(db: Db, consultantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizations)
    .where(and(eq(organizations.consultantId, consultantId), eq(organizations.type, 'client')));
  return Number(row?.n ?? 0);
}

export async function insertOrganization(db: Db, values: NewOrganization): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row;
}

export async function updateOrganizationRow(
  db: Db,
  id: string,
  change: OrganizationChange,
): Promise<OrganizationRow | undefined> {
  if (Object.keys(change).length === 0) return findOrganizationById(db, id);
  const [row] = await db.update(organizations).set(change).where(eq(organizations.id, id)).returning();
  return row;
}

export async function setOrganizationLogo(db: Db, id: string, logo: Buffer): Promise<void> {
  await db.update(organizations).set({ logo }).where(eq(organizations.id, id));
}

/** Ends every session of every user of the organization (a deactivation signs them all out). */
export async function revokeOrganizationTokens(db: Db, organizationId: string): Promise<void> {
  const members = db.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId));
  await db.delete(accessTokens).where(inArray(accessTokens.userId, members));
}

export async function listProjectIdsOf(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.organizationId, organizationId));
  return rows.map((r) => r.id);
}

/**
 * Erases the organization: its users and projects (and all they hold) go through the foreign keys' cascades.
 * Its login log has no foreign key (events of unknown emails have no organization), so it is erased here: nothing
 * of a deleted organization stays behind.
 */
export async function deleteOrganizationRow(db: Db, id: string): Promise<boolean> {
  await deleteOrganizationEvents(db, id);
  const rows = await db.delete(organizations).where(eq(organizations.id, id)).returning({ id: organizations.id });
  return rows.length > 0;
}
