import { z } from 'zod';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';
import { projectRolesSchema } from '../projects/permissions.ts';
import { myProjectPermissionSchema, projectPresetSchema } from './projects.ts';

/** A user as the members list and the member picker show them. */
export const memberUserSchema = z.object({
  _id: id,
  name: z.object({ first: z.string(), last: z.string() }),
  email: z.string(),
  logo: z.string().nullable(),
  organizationId: id,
  active: z.boolean(),
});
export type MemberUser = z.infer<typeof memberUserSchema>;

/** A project membership, with its preset recognised by equality and its user. */
export const permissionSchema = z.object({
  _id: id,
  userId: id,
  projectId: id,
  roles: projectRolesSchema,
  preset: projectPresetSchema,
});
export type Permission = z.infer<typeof permissionSchema>;
export const memberSchema = permissionSchema.extend({ user: memberUserSchema });
export type Member = z.infer<typeof memberSchema>;

const projectParams = z.object({ projectId: id });

export const listProjectMembers = endpoint({
  method: 'GET',
  path: '/api/v1/permissions/projects/:projectId',
  access: projectRule({ member: true }, 'project', 'params', 'projectId'),
  params: projectParams,
  response: z.array(memberSchema),
});

/** The caller's own effective permission (the project shell loads it; a failure sends the user to /projects). */
export const getMyProjectPermission = endpoint({
  method: 'GET',
  path: '/api/v1/permissions/projects/:projectId/my',
  access: projectRule({ member: true }, 'project', 'params', 'projectId'),
  params: projectParams,
  response: myProjectPermissionSchema,
});

/**
 * Active users of the chosen organization (default: the caller's) who are not members yet. The caller may
 * choose their own organization, a client of it with manageClientOrganizations, any with manageAllOrganizations.
 */
export const listMemberCandidates = endpoint({
  method: 'GET',
  path: '/api/v1/permissions/projects/:projectId/candidates',
  access: projectRule({ flag: 'editMembers' }, 'project', 'params', 'projectId'),
  params: projectParams,
  query: z.object({ organizationId: id.optional() }),
  response: z.array(memberUserSchema),
});

/** Adds one member; roles default to View Dashboards; nobody grants more than they hold. */
export const createPermission = endpoint({
  method: 'POST',
  path: '/api/v1/permissions',
  access: projectRule({ flag: 'editMembers' }, 'project', 'body', 'projectId'),
  body: z.object({ projectId: id, userId: id, roles: projectRolesSchema.optional() }).strict(),
  response: memberSchema,
});

export const updatePermission = endpoint({
  method: 'PUT',
  path: '/api/v1/permissions/:id',
  access: projectRule({ flag: 'editMembers' }, 'permission'),
  params: idParams,
  body: z.object({ roles: projectRolesSchema }).strict(),
  response: memberSchema,
});

/** Removes a member (editMembers), or the caller's own membership (Leave Project, any member). */
export const deletePermission = endpoint({
  method: 'DELETE',
  path: '/api/v1/permissions/:id',
  access: projectRule({ member: true }, 'permission'),
  params: idParams,
  response: ok,
});
