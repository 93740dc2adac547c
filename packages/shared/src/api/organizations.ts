import { z } from 'zod';
import { LOGIN } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id } from '../http/ids.ts';
import { ORGANIZATION_TYPES } from '../organizations/roles.ts';

/** An organization as the API presents it (spec 1 §3). publicSharing absent is stored as true. */
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

export const getMyOrganization = endpoint({
  method: 'GET',
  path: '/api/v1/organizations/my',
  access: LOGIN,
  response: organizationSchema,
});
