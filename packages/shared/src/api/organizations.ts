import { z } from 'zod';
import { actorRule, CREATE_ORGANIZATION, LOGIN, organizationRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';
import { ORGANIZATION_TYPES } from '../organizations/roles.ts';
import { loginEventSchema } from './users.ts';

/** An organization as the API presents it. publicSharing absent is stored as true. */
export const organizationSchema = z.object({
  _id: id,
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  consultantId: id.nullable(),
  active: z.boolean(),
  publicSharing: z.boolean(),
  logo: z.string().nullable(),
  plan: z.string().nullable(),
  timeCreated: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const ORGANIZATION_NAME_MAX = 200;
export const ORGANIZATION_PLAN_MAX = 100;

/** Organization name: required on creation, trimmed. */
export const organizationNameField = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(ORGANIZATION_NAME_MAX, `At most ${ORGANIZATION_NAME_MAX} characters`);

/** A plan name, or null for none; an empty text also means none. */
export const organizationPlanField = z
  .string()
  .trim()
  .max(ORGANIZATION_PLAN_MAX, `At most ${ORGANIZATION_PLAN_MAX} characters`)
  .transform((p) => (p === '' ? null : p))
  .nullable();

/**
 * Messages the organization routes answer with, for the web to match or show as they are.
 * (Field messages: "Required", "Not a consultant organization", "An organization cannot be its own consultant".)
 */
export const ORGANIZATION_MESSAGES = {
  notFound: 'Organization not found',
  notConsultant: 'Not a consultant organization',
  ownConsultant: 'An organization cannot be its own consultant',
  deactivateOwn: 'You cannot deactivate your own organization',
  deleteOwn: 'You cannot delete your own organization',
  productOperations: 'The product operations organization cannot be deactivated or deleted',
  hasClients: 'Delete or transfer its client organizations first',
  kindIsProductOperations: 'Only product operations can change the type, consultant or plan of an organization',
  notAConsultantToCreate: 'Only a consultant organization can have client organizations',
} as const;

export const getMyOrganization = endpoint({
  method: 'GET',
  path: '/api/v1/organizations/my',
  access: LOGIN,
  response: organizationSchema,
});

/**
 * All organizations for manageAllOrganizations; the clients of the caller's organization for
 * manageClientOrganizations only; 403 for anyone else. Sorted by name.
 */
export const listOrganizations = endpoint({
  method: 'GET',
  path: '/api/v1/organizations',
  access: actorRule('organizations:list'),
  response: z.array(organizationSchema),
});

/** One's own organization, a client for its consultant's client managers, any for manageAllOrganizations; else 404. */
export const getOrganization = endpoint({
  method: 'GET',
  path: '/api/v1/organizations/:id',
  access: organizationRule('organization:view'),
  params: idParams,
  response: organizationSchema,
});

/**
 * manageAllOrganizations creates any kind (type defaults to independent; a client needs consultantId, a consultant
 * organization; consultantId is dropped for other kinds). A holder of manageClientOrganizations only creates a
 * client of their own consultant organization: type and consultantId are then set to that, whatever was sent.
 */
export const createOrganization = endpoint({
  method: 'POST',
  path: '/api/v1/organizations',
  access: CREATE_ORGANIZATION,
  body: z
    .object({
      name: organizationNameField,
      type: z.enum(ORGANIZATION_TYPES).optional(),
      consultantId: id.nullable().optional(),
      publicSharing: z.boolean().optional(),
      plan: organizationPlanField.optional(),
    })
    .strict(),
  response: organizationSchema,
});

/**
 * Any subset of the fields. name and publicSharing: editOrganizationSettings on one's own organization, a consultant's
 * client managers on its clients, manageAllOrganizations anywhere. active: the last two only, never on one's own
 * organization nor the product-operations one. type, consultantId, plan: manageAllOrganizations only (403 otherwise
 * when the value changes). Changing publicSharing also sets `public` on each of the organization's projects.
 */
export const updateOrganization = endpoint({
  method: 'PUT',
  path: '/api/v1/organizations/:id',
  access: organizationRule('organization:edit'),
  params: idParams,
  body: z
    .object({
      name: organizationNameField,
      type: z.enum(ORGANIZATION_TYPES),
      consultantId: id.nullable(),
      active: z.boolean(),
      publicSharing: z.boolean(),
      plan: organizationPlanField,
    })
    .partial()
    .strict(),
  response: organizationSchema,
});

/**
 * Erases the organization with its users and projects. Refused for one's own organization (400), the
 * product-operations one (403), and a consultant that still has clients (409).
 */
export const deleteOrganization = endpoint({
  method: 'DELETE',
  path: '/api/v1/organizations/:id',
  access: organizationRule('organization:delete'),
  params: idParams,
  response: ok,
});

/** The client organizations of a consultant: manageAllOrganizations, or manageClientOrganizations for one's own. */
export const listClientOrganizations = endpoint({
  method: 'GET',
  path: '/api/v1/organizations/:id/clients',
  access: organizationRule('organization:listClients'),
  params: idParams,
  response: z.array(organizationSchema),
});

/** Same png rules as user logos; same right as editing the organization's name. */
export const uploadOrganizationLogo = endpoint({
  method: 'PUT',
  path: '/api/v1/organizations/:id/logo',
  access: organizationRule('organization:edit'),
  params: idParams,
  multipart: { field: 'logo', maxBytes: 16_000 },
  response: z.object({ logo: z.string() }),
});

/** An organization's Login History tab (logs/organizations/{id}), newest first. */
export const organizationLoginLog = endpoint({
  method: 'GET',
  path: '/api/v1/logs/organizations/:id',
  access: organizationRule('organization:viewLogins'),
  params: idParams,
  response: z.array(loginEventSchema),
});
