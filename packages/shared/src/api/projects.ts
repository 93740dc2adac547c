import { z } from 'zod';
import { LOGIN, organizationRule, orgRole, projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';
import { type ProjectRolePreset, projectRolesSchema } from '../projects/permissions.ts';

export const PROJECT_NAME_MAX = 200;

/** Project name: required on create and rename, trimmed. */
export const projectNameField = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(PROJECT_NAME_MAX, `At most ${PROJECT_NAME_MAX} characters`);

/** A project as the API presents it. */
export const projectSchema = z.object({
  _id: id,
  name: z.string(),
  organizationId: id,
  public: z.boolean(),
  timeCreated: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectPresetSchema = z.enum([
  'full',
  'edit',
  'view',
  'viewDashboards',
  'custom',
] as const satisfies readonly ProjectRolePreset[]);

/**
 * The caller's effective rights on a project: a member's roles, or Full Access for an organization project
 * manager; `member` tells whether a membership row exists, `_id` is that row (Leave Project uses it).
 */
export const myProjectPermissionSchema = z.object({
  _id: id.nullable(),
  roles: projectRolesSchema,
  preset: projectPresetSchema,
  member: z.boolean(),
});
export type MyProjectPermission = z.infer<typeof myProjectPermissionSchema>;

/** A project in the caller's list, with what the project menu needs. */
export const myProjectSchema = projectSchema.extend({
  permission: myProjectPermissionSchema,
  organization: z.object({ name: z.string(), publicSharing: z.boolean(), logo: z.string().nullable() }),
});
export type MyProject = z.infer<typeof myProjectSchema>;

export const createProject = endpoint({
  method: 'POST',
  path: '/api/v1/projects',
  access: orgRole('createProjects'),
  body: z.object({ name: projectNameField, organizationId: id.optional() }).strict(),
  response: projectSchema,
});

/** The projects the caller can open, in active organizations, sorted by name. */
export const listMyProjects = endpoint({
  method: 'GET',
  path: '/api/v1/projects/my',
  access: LOGIN,
  response: z.array(myProjectSchema),
});

/** The organization settings Projects tab; who may see it is checked against the organization (else 404). */
export const listOrganizationProjects = endpoint({
  method: 'GET',
  path: '/api/v1/projects/organizations/:organizationId',
  access: organizationRule('organization:listProjects', 'params', 'organizationId', 'not-found'),
  params: z.object({ organizationId: id }),
  response: z.array(projectSchema),
});

export const getProject = endpoint({
  method: 'GET',
  path: '/api/v1/projects/:id',
  access: projectRule({ member: true }, 'project'),
  params: idParams,
  response: projectSchema,
});

/**
 * Rename, Public Dashboards switch (also needs the organization's publicSharing) and Transfer Project
 * (also needs manageAllOrganizations, or manageClientOrganizations for a client of one's organization).
 */
export const updateProject = endpoint({
  method: 'PUT',
  path: '/api/v1/projects/:id',
  access: projectRule({ flag: 'editProject' }, 'project'),
  params: idParams,
  body: z
    .object({ name: projectNameField.optional(), public: z.boolean().optional(), organizationId: id.optional() })
    .strict(),
  response: projectSchema,
});

export const deleteProject = endpoint({
  method: 'DELETE',
  path: '/api/v1/projects/:id',
  access: projectRule({ flag: 'editProject' }, 'project'),
  params: idParams,
  response: ok,
});

/** The asset kinds of Transfer Assets; each later area registers its kind on the server. */
export const TRANSFER_ASSET_KEYS = ['dashboards', 'datasets', 'packages', 'models', 'forms'] as const;
export type TransferAssetKey = (typeof TRANSFER_ASSET_KEYS)[number];
const idList = z.array(id).max(10_000);

/**
 * Transfer Assets: id lists per asset kind. Each kind moves only where the caller holds edit on its area in
 * both projects, all or nothing. Other keys are accepted by the schema so that a kind registered on the
 * server without a fixed name here (a test's) can be moved; the server answers 400 for a kind it does not know.
 */
export const transferAssets = endpoint({
  method: 'PUT',
  path: '/api/v1/projects/:id/transferTo/:toProjectId',
  access: projectRule({ member: true }, 'project'),
  params: z.object({ id, toProjectId: id }),
  body: z
    .object(
      Object.fromEntries(TRANSFER_ASSET_KEYS.map((k) => [k, idList.optional()])) as Record<
        TransferAssetKey,
        z.ZodOptional<typeof idList>
      >,
    )
    .catchall(idList),
  response: z.object({ moved: z.record(z.string(), z.number().int()) }),
});
