import { z } from 'zod';
import { isEmail, normalizeEmail } from '../auth/email.ts';
import { LOGIN, PUBLIC } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';
import { orgRolesSchema } from '../organizations/roles.ts';

export const emailField = z
  .string()
  .transform(normalizeEmail)
  .refine(isEmail, { message: 'Not a valid email address' });

export const personName = z.object({
  first: z.string().trim().min(1, 'Required').max(100),
  last: z.string().trim().min(1, 'Required').max(100),
});

export const popOversSchema = z.object({
  mappingPopovers: z.boolean(),
  datasetPopovers: z.boolean(),
  modelPopovers: z.boolean(),
});

/** A user as the API presents it (spec 1 §3). `logo` is a data: URL of the png, or null. */
export const userSchema = z.object({
  _id: id,
  name: z.object({ first: z.string(), last: z.string() }),
  email: z.string(),
  roles: orgRolesSchema,
  logo: z.string().nullable(),
  active: z.boolean(),
  needsReset: z.boolean(),
  organizationId: id,
  popOvers: popOversSchema,
  timeCreated: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const getMyUser = endpoint({ method: 'GET', path: '/api/v1/users/my', access: LOGIN, response: userSchema });

export const updateMyUser = endpoint({
  method: 'PUT',
  path: '/api/v1/users/my',
  access: LOGIN,
  body: z.object({ name: personName.optional(), popOvers: popOversSchema.partial().optional() }).strict(),
  response: userSchema,
});

export const changeMyPassword = endpoint({
  method: 'PUT',
  path: '/api/v1/users/my/password',
  access: LOGIN,
  body: z.object({ currentPassword: z.string().max(1000), password: z.string().max(1000), confirmPassword: z.string().max(1000) }),
  response: ok,
});

export const uploadUserLogo = endpoint({
  method: 'PUT',
  path: '/api/v1/users/:id/logo',
  access: LOGIN,
  params: idParams,
  multipart: { field: 'logo', maxBytes: 16_000 },
  response: z.object({ logo: z.string() }),
});

export const LOGIN_EVENT_TYPES = ['login', 'logout', 'login-attempt', 'login-microsoft'] as const;
export const LOGIN_EVENT_STATUSES = ['success', 'failure', 'deactivated', 'rate-limited', 'reset-required'] as const;

export const loginEventSchema = z.object({
  _id: id,
  type: z.enum(LOGIN_EVENT_TYPES),
  email: z.string(),
  status: z.enum(LOGIN_EVENT_STATUSES),
  timeCreated: z.string(),
});
export type LoginEvent = z.infer<typeof loginEventSchema>;

export const userLoginLog = endpoint({
  method: 'GET',
  path: '/api/v1/logs/users/:id',
  access: LOGIN,
  params: idParams,
  response: z.array(loginEventSchema),
});

export const reportUiError = endpoint({
  method: 'POST',
  path: '/api/v1/errors/ui',
  access: PUBLIC,
  body: z.object({ stack: z.string().max(20_000), path: z.string().max(2000).optional() }),
  response: ok,
});
