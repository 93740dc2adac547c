import type { OrganizationType, ProjectRoles } from '@tessera/shared';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/context.ts';
import { organizations, permissions, projects } from '../../platform/tenancy.tables.ts';

export type ProjectRow = typeof projects.$inferSelect;

/** The facts of an organization that the project rules and the project menu need. */
export interface OrganizationFacts {
  id: string;
  name: string;
  active: boolean;
  type: OrganizationType;
  consultantId: string | null;
  publicSharing: boolean;
  logo: Buffer | null;
}

const organizationFacts = {
  id: organizations.id,
  name: organizations.name,
  active: organizations.active,
  type: organizations.type,
  consultantId: organizations.consultantId,
  publicSharing: organizations.publicSharing,
  logo: organizations.logo,
};

export async function findOrganizationFacts(db: Db, id: string): Promise<OrganizationFacts | undefined> {
  const [row] = await db.select(organizationFacts).from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function findProject(db: Db, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
}

export async function insertProject(db: Db, project: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(project).returning();
  return row;
}

export async function updateProjectRow(
  db: Db,
  id: string,
  change: Partial<Pick<ProjectRow, 'name' | 'public' | 'organizationId'>>,
): Promise<ProjectRow | undefined> {
  if (Object.keys(change).length === 0) return findProject(db, id);
  const [row] = await db.update(projects).set(change).where(eq(projects.id, id)).returning();
  return row;
}

/** Deletes the project; its permissions and every asset go with it through the foreign keys' cascades. */
export async function deleteProjectRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  return rows.length > 0;
}

export async function listProjectsOfOrganization(db: Db, organizationId: string): Promise<ProjectRow[]> {
  return db.select().from(projects).where(eq(projects.organizationId, organizationId));
}

/** Sets `public` on every project of an organization; answers the ids of the projects that changed. */
export async function setPublicOfOrganization(db: Db, organizationId: string, value: boolean): Promise<string[]> {
  const rows = await db
    .update(projects)
    .set({ public: value })
    .where(and(eq(projects.organizationId, organizationId), ne(projects.public, value)))
    .returning({ id: projects.id });
  return rows.map((r) => r.id);
}

export interface ReachableProjectRow {
  project: ProjectRow;
  organization: OrganizationFacts;
  permission: { id: string; roles: ProjectRoles } | null;
}

/**
 * The projects of active organizations where the user holds a membership, or may act as organization project
 * manager (a superset: the caller applies the exact rule to each row).
 */
export async function listReachableProjects(db: Db, user: AuthUser['user']): Promise<ReachableProjectRow[]> {
  const managed: SQL[] = [];
  if (user.roles.manageOrganizationProjects) {
    if (user.roles.manageAllOrganizations) managed.push(sql`true`);
    managed.push(eq(projects.organizationId, user.organizationId));
    if (user.roles.manageClientOrganizations) managed.push(eq(organizations.consultantId, user.organizationId));
  }
  const rows = await db
    .select({
      project: projects,
      organization: organizationFacts,
      permissionId: permissions.id,
      roles: permissions.roles,
    })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .leftJoin(permissions, and(eq(permissions.projectId, projects.id), eq(permissions.userId, user.id)))
    .where(and(eq(organizations.active, true), or(sql`${permissions.id} is not null`, ...managed)));
  return rows.map(({ permissionId, roles, ...r }) => ({
    ...r,
    permission: permissionId && roles ? { id: permissionId, roles } : null,
  }));
}
