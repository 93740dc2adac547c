import { type Access, type AreaLevel, meetsLevel, PROJECT_ROLE_PRESETS, type ProjectRoles } from '@tessera/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { organizations, permissions, projects } from '../db/schema.ts';
import type { AuthUser } from './context.ts';
import { forbidden, notFound } from './errors.ts';

/** Finds the project a resource belongs to; undefined when the resource does not exist. */
export type ResourceResolver = (db: Db, id: string) => Promise<string | undefined>;

const resolvers = new Map<string, ResourceResolver>([['project', async (_db, id) => id]]);

/** Each module registers how its resources resolve to their project (dataset → project, tab → dashboard → project...). */
export function registerResource(kind: string, resolver: ResourceResolver): void {
  resolvers.set(kind, resolver);
}

export interface ProjectContext {
  id: string;
  organizationId: string;
  roles: ProjectRoles;
  /** The caller holds a membership row (as opposed to acting as organization admin only). */
  member: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    project?: ProjectContext;
  }
}

/**
 * The caller's effective roles on a project, or undefined when the project is unknown, its organization is
 * deactivated, or the caller has no way in (all answered 404, never revealing that the project exists).
 * A member has their permission's roles; a holder of manageOrganizationProjects acts as Full Access on the
 * projects of their organization — and, with manageClientOrganizations, of their clients, or, with
 * manageAllOrganizations, of every organization.
 */
export async function effectiveProjectRoles(
  db: Db,
  user: AuthUser['user'],
  projectId: string,
): Promise<ProjectContext | undefined> {
  const [row] = await db
    .select({
      id: projects.id,
      organizationId: projects.organizationId,
      orgActive: organizations.active,
      consultantId: organizations.consultantId,
      roles: permissions.roles,
    })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .leftJoin(permissions, and(eq(permissions.projectId, projects.id), eq(permissions.userId, user.id)))
    .where(eq(projects.id, projectId));
  if (!row?.orgActive) return undefined;
  const r = user.roles;
  const admin =
    r.manageOrganizationProjects &&
    (row.organizationId === user.organizationId ||
      r.manageAllOrganizations ||
      (r.manageClientOrganizations && row.consultantId === user.organizationId));
  if (admin)
    return { id: row.id, organizationId: row.organizationId, roles: PROJECT_ROLE_PRESETS.full, member: !!row.roles };
  if (!row.roles) return undefined;
  return { id: row.id, organizationId: row.organizationId, roles: row.roles, member: true };
}

export function meetsRequirement(
  roles: ProjectRoles,
  requirement: Extract<Access, { kind: 'project' }>['requirement'],
): boolean {
  if ('member' in requirement) return true;
  if ('flag' in requirement) return roles[requirement.flag];
  return meetsLevel(roles[requirement.area], requirement.level as AreaLevel);
}

/** Enforces a project rule: resolves the resource to its project, then checks the caller's role (404 / 403). */
export async function checkProjectAccess(
  db: Db,
  request: FastifyRequest,
  access: Extract<Access, { kind: 'project' }>,
) {
  const auth = request.auth;
  if (!auth) throw forbidden();
  const source = (request[access.from.in] ?? {}) as Record<string, unknown>;
  const resourceId = source[access.from.key];
  const resolve = resolvers.get(access.from.resource);
  if (!resolve) throw new Error(`no resolver registered for resource kind ${access.from.resource}`);
  if (typeof resourceId !== 'string' || !/^[0-9a-f]{24}$/.test(resourceId)) throw notFound();
  const projectId = await resolve(db, resourceId);
  const project = projectId ? await effectiveProjectRoles(db, auth.user, projectId) : undefined;
  if (!project) throw notFound();
  if (!meetsRequirement(project.roles, access.requirement)) throw forbidden();
  request.project = project;
}
