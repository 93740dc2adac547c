import {
  type Access,
  can,
  type FactAction,
  meetsRequirement,
  type ProjectRoles,
  type ResourceOf,
  effectiveProjectRoles as rolesOnProject,
} from '@tessera/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { AppContext, AuthUser } from './context.ts';
import { forbidden, notFound } from './errors.ts';
import { ACCESS_CHANGED, NotifiedCache } from './notifiedCache.ts';
import { organizations, permissions, projects } from './tenancy.tables.ts';

/** Finds the project a resource belongs to; undefined when the resource does not exist. */
export type ResourceResolver = (db: Db, id: string) => Promise<string | undefined>;

/**
 * Reads a resource together with what decides the caller's access to its project (`projectAccessFields`), in
 * one statement: for the resources of the hottest routes (a card's data). The handler takes the resource from
 * `request.resolved` instead of reading it again.
 */
export interface ResourceReader {
  read(db: Db, id: string, userId: string): Promise<{ found: unknown; access: ProjectAccessRow } | undefined>;
}

/**
 * What `ResourceReader`s read, kept between requests on PGlite by resource and caller (see `NotifiedCache`):
 * emptied by any write to projects, organizations, permissions, dashboards, tabs or units (`access_changed`),
 * which is all a reader may join.
 */
export type ResourceCache = NotifiedCache<{ found: unknown; access: ProjectAccessRow }>;

export const openResourceCache = (database: Database): Promise<ResourceCache> =>
  NotifiedCache.open(database, [ACCESS_CHANGED], { max: 10_000, maxAgeMs: 60_000 });

/**
 * How each kind of resource resolves to its project, by kind (`dataset`, `tab`, ...): the extension point the
 * modules fill (each module's `resources`, gathered by app.ts). `project` resolves to itself.
 */
export type ResourceResolvers = Readonly<Record<string, ResourceResolver | ResourceReader>>;

/** The resolvers of every module, with the project's own; a kind declared twice is a wiring mistake. */
export function gatherResourceResolvers(declared: readonly (ResourceResolvers | undefined)[]): ResourceResolvers {
  const all: Record<string, ResourceResolver | ResourceReader> = { project: async (_db, id) => id };
  for (const resolvers of declared) {
    for (const [kind, resolver] of Object.entries(resolvers ?? {})) {
      if (kind in all) throw new Error(`resource kind ${kind} is declared twice`);
      all[kind] = resolver;
    }
  }
  return all;
}

/**
 * Reads the facts an action of the vocabulary needs about a resource (`model:run`: is the model used on a
 * dashboard?), once the resource is known to be in a project the caller reaches: the extension point modules
 * fill (each module's `facts`, gathered by app.ts).
 */
export type FactReader<A extends FactAction> = (
  db: Db,
  resource: { kind: string; id: string },
  project: ProjectContext,
) => Promise<ResourceOf<A>>;
export type FactReaders = { readonly [A in FactAction]?: FactReader<A> };

/** The fact readers of every module; an action declared twice is a wiring mistake. */
export function gatherFactReaders(declared: readonly (FactReaders | undefined)[]): FactReaders {
  const all: Record<string, unknown> = {};
  for (const readers of declared) {
    for (const [action, reader] of Object.entries(readers ?? {})) {
      if (action in all) throw new Error(`facts for ${action} are declared twice`);
      all[action] = reader;
    }
  }
  return all as FactReaders;
}

export interface ProjectContext {
  id: string;
  organizationId: string;
  roles: ProjectRoles;
  /** The caller holds a membership row (as opposed to acting as organization admin only). */
  member: boolean;
  /** The project's `data_version` as this request read it (what cached data reads are checked against). */
  dataVersion: number;
}

/** The resource a project rule resolved, when its resolver handed it over. */
export interface ResolvedResource {
  kind: string;
  id: string;
  found: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    project?: ProjectContext;
    resolved?: ResolvedResource;
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
  const [row] = await projectAccessQuery(db).execute({ projectId, userId: user.id });
  return rolesFrom(user, row);
}

/**
 * What decides a caller's roles on a project, to select from `projects` joined with its organization and
 * left-joined with the caller's permission (`projectAccessQuery`, or a `ResourceReader`'s statement).
 */
export const projectAccessFields = {
  id: projects.id,
  organizationId: projects.organizationId,
  orgActive: organizations.active,
  organizationType: organizations.type,
  consultantId: organizations.consultantId,
  roles: permissions.roles,
  dataVersion: projects.dataVersion,
};
export interface ProjectAccessRow {
  id: string;
  organizationId: string;
  orgActive: boolean;
  organizationType: 'independent' | 'consultant' | 'client';
  consultantId: string | null;
  roles: ProjectRoles | null;
  dataVersion: number;
}

/** The caller's effective roles from their access row (the shared rule `effectiveProjectRoles`). */
function rolesFrom(user: AuthUser['user'], row: ProjectAccessRow | undefined): ProjectContext | undefined {
  if (!row) return undefined;
  const { id, organizationId, dataVersion } = row;
  const roles = rolesOnProject(user, {
    organization: {
      id: organizationId,
      type: row.organizationType,
      consultantId: row.consultantId,
      active: row.orgActive,
    },
    permission: row.roles,
  });
  return roles && { id, organizationId, dataVersion, roles, member: !!row.roles };
}

/**
 * Joins what `projectAccessFields` reads onto a select that has `projects`: its organization, and the permission
 * of the caller given as the placeholder `userId`.
 */
export function joinProjectAccess<T extends PgSelect>(query: T) {
  return query
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .leftJoin(
      permissions,
      and(eq(permissions.projectId, projects.id), eq(permissions.userId, sql.placeholder('userId'))),
    );
}

const projectAccessQuery = preparedQuery((db) =>
  joinProjectAccess(db.select(projectAccessFields).from(projects).$dynamic())
    .where(eq(projects.id, sql.placeholder('projectId')))
    .prepare('project_access'),
);

/** Enforces a project rule: resolves the resource to its project, then checks the caller's role (404 / 403). */
export async function checkProjectAccess(
  ctx: Pick<AppContext, 'db' | 'resources'>,
  resolvers: ResourceResolvers,
  request: FastifyRequest,
  access: Extract<Access, { kind: 'project' }>,
  facts: FactReaders = {},
) {
  const auth = request.auth;
  if (!auth) throw forbidden();
  const source = (request[access.from.in] ?? {}) as Record<string, unknown>;
  const resourceId = source[access.from.key];
  const resolve = Object.hasOwn(resolvers, access.from.resource) ? resolvers[access.from.resource] : undefined;
  if (!resolve) throw new Error(`no resolver registered for resource kind ${access.from.resource}`);
  if (typeof resourceId !== 'string' || !/^[0-9a-f]{24}$/.test(resourceId)) throw notFound();
  const { db } = ctx;
  let project: ProjectContext | undefined;
  if (typeof resolve === 'function') {
    const projectId = await resolve(db, resourceId);
    project = projectId ? await effectiveProjectRoles(db, auth.user, projectId) : undefined;
  } else {
    const key = `${access.from.resource}:${resourceId}:${auth.user.id}`;
    const read = await ctx.resources.lookup(key, async () => {
      const value = await resolve.read(db, resourceId, auth.user.id);
      return value && { value };
    });
    project = read && rolesFrom(auth.user, read.access);
    if (read) request.resolved = { kind: access.from.resource, id: resourceId, found: read.found };
  }
  if (!project) throw notFound();
  const { requirement } = access;
  if ('action' in requirement) {
    const read = facts[requirement.action];
    if (!read) throw new Error(`no fact reader registered for ${requirement.action}`);
    const resource = await read(db, { kind: access.from.resource, id: resourceId }, project);
    if (!can(auth.user, requirement.action, resource)) throw forbidden();
  } else if (!meetsRequirement(project.roles, requirement)) throw forbidden();
  request.project = project;
}
