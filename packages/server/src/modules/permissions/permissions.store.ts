import type { OrganizationFacts, ProjectRoles } from '@tessera/shared';
import { and, eq, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, permissions, users } from '../../platform/tenancy.tables.ts';

export type PermissionRow = typeof permissions.$inferSelect;

/** What the members list and the member picker show of a user. */
export const memberUserColumns = {
  id: users.id,
  first: users.first,
  last: users.last,
  email: users.email,
  logo: users.logo,
  organizationId: users.organizationId,
  active: users.active,
};
export interface MemberUserRow {
  id: string;
  first: string;
  last: string;
  email: string;
  logo: Buffer | null;
  organizationId: string;
  active: boolean;
}
export interface MemberRow {
  permission: PermissionRow;
  user: MemberUserRow;
}

/** A permission id resolves to its project, so that `projectRule(..., 'permission')` checks the caller's role there. */
export async function projectOfPermission(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ projectId: permissions.projectId }).from(permissions).where(eq(permissions.id, id));
  return row?.projectId;
}

export async function findPermission(db: Db, id: string): Promise<PermissionRow | undefined> {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id));
  return row;
}

export async function findMember(db: Db, id: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ permission: permissions, user: memberUserColumns })
    .from(permissions)
    .innerJoin(users, eq(users.id, permissions.userId))
    .where(eq(permissions.id, id));
  return row;
}

export async function findPermissionOf(db: Db, userId: string, projectId: string): Promise<PermissionRow | undefined> {
  const [row] = await db
    .select()
    .from(permissions)
    .where(and(eq(permissions.userId, userId), eq(permissions.projectId, projectId)));
  return row;
}

export async function listMembers(db: Db, projectId: string): Promise<MemberRow[]> {
  return db
    .select({ permission: permissions, user: memberUserColumns })
    .from(permissions)
    .innerJoin(users, eq(users.id, permissions.userId))
    .where(eq(permissions.projectId, projectId));
}

/** Answers undefined when the user already holds a permission on the project (the unique index decides, race-free). */
export async function insertPermission(
  db: Db,
  row: { id: string; userId: string; projectId: string; roles: ProjectRoles },
): Promise<PermissionRow | undefined> {
  const [inserted] = await db
    .insert(permissions)
    .values(row)
    .onConflictDoNothing({ target: [permissions.userId, permissions.projectId] })
    .returning();
  return inserted;
}

export async function updatePermissionRoles(
  db: Db,
  id: string,
  roles: ProjectRoles,
): Promise<PermissionRow | undefined> {
  const [row] = await db.update(permissions).set({ roles }).where(eq(permissions.id, id)).returning();
  return row;
}

export async function deletePermissionRow(db: Db, id: string): Promise<PermissionRow | undefined> {
  const [row] = await db.delete(permissions).where(eq(permissions.id, id)).returning();
  return row;
}

/** Active users of an active organization who are not members of the project yet. */
export async function listCandidates(db: Db, projectId: string, organizationId: string): Promise<MemberUserRow[]> {
  return db
    .select(memberUserColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.active, true),
        eq(organizations.active, true),
        notExists(
          db
            .select({ id: permissions.id })
            .from(permissions)
            .where(and(eq(permissions.projectId, projectId), eq(permissions.userId, users.id))),
        ),
      ),
    );
}

/** A user who may be offered as a member: whether they and their organization are active, and where it stands. */
export async function findUserStanding(
  db: Db,
  userId: string,
): Promise<
  | {
      id: string;
      active: boolean;
      organization: OrganizationFacts & { active: boolean };
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: users.id,
      active: users.active,
      organization: {
        id: organizations.id,
        type: organizations.type,
        consultantId: organizations.consultantId,
        active: organizations.active,
      },
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  return row;
}
