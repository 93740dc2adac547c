import { z } from 'zod';
import { isEmail, normalizeEmail } from '../auth/email.ts';
import { accountRule, LOGIN, organizationRule, PUBLIC } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';
import { orgRolesSchema } from '../organizations/roles.ts';

export const emailField = z
  .string()
  .transform(normalizeEmail)
  .refine(isEmail, { message: 'Not a valid email address', params: { code: 'field.email' } });

export const personName = z.object({
  first: z.string().trim().min(1, 'Required').max(100),
  last: z.string().trim().min(1, 'Required').max(100),
});

export const popOversSchema = z.object({
  mappingPopovers: z.boolean(),
  datasetPopovers: z.boolean(),
  modelPopovers: z.boolean(),
});

/** A user as the API presents it. `logo` is a data: URL of the png, or null. */
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
export type PopOvers = z.infer<typeof popOversSchema>;

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
  body: z.object({
    currentPassword: z.string().max(1000),
    password: z.string().max(1000),
    confirmPassword: z.string().max(1000),
  }),
  response: ok,
});

export const uploadUserLogo = endpoint({
  method: 'PUT',
  path: '/api/v1/users/:id/logo',
  access: accountRule('user:editAccount'),
  params: idParams,
  multipart: { field: 'logo', maxBytes: 16_000 },
  response: z.object({ logo: z.string() }),
});

/** Messages the user administration routes answer with (field messages: "Required", "Not a valid email address"). */
export const USER_MESSAGES = {
  notFound: 'User not found',
  emailInUse: 'This email is already in use',
  grantRole: 'You cannot grant a role you do not hold',
  outranked: 'You cannot change a user who holds a role you do not hold',
  deactivateSelf: 'You cannot deactivate your own user',
  deleteSelf: 'You cannot delete your own user',
  alreadyClaimed: 'This account has already been claimed',
  tooManyInvitations: 'Too many invitations sent to this account. Please wait an hour and try again.',
} as const;

/**
 * The users of an organization, sorted by first and last name: manageOrganizationUsers in one's own organization,
 * manageClientOrganizations in one's clients, manageAllOrganizations anywhere. One's own organization without the
 * role answers 403; any other organization out of reach 404.
 */
export const listOrganizationUsers = endpoint({
  method: 'GET',
  path: '/api/v1/users/organizations/:id',
  access: organizationRule('organization:manageUsers'),
  params: idParams,
  response: z.array(userSchema),
});

/**
 * Creates an unclaimed account (needsReset, no password) in the organization and mails it an invitation: the link
 * {publicUrl}/login/reset/{code}, and the email with that code as a temporary password. Same rights as the list;
 * roles the caller does not hold answer 403; an email in use 409 with fields.email.
 */
export const createUser = endpoint({
  method: 'POST',
  path: '/api/v1/users',
  access: organizationRule('organization:manageUsers', 'query', 'organizationId'),
  query: z.object({ organizationId: id }),
  body: z
    .object({
      first: personName.shape.first,
      last: personName.shape.last,
      email: z
        .string()
        .transform(normalizeEmail)
        .refine((e) => e.length > 0, { message: 'Required', params: { code: 'field.required' }, abort: true })
        .refine(isEmail, { message: 'Not a valid email address', params: { code: 'field.email' } }),
      roles: orgRolesSchema,
    })
    .strict(),
  response: userSchema,
});

/**
 * Name, roles and active, each optional. Another user must hold no role the caller lacks (403), roles may change
 * only where the caller holds the role (403), one's own user cannot be deactivated (400). Deactivating ends every
 * session of the user at once.
 */
export const updateUser = endpoint({
  method: 'PUT',
  path: '/api/v1/users/:id',
  access: accountRule('user:administer'),
  params: idParams,
  body: z.object({ name: personName, roles: orgRolesSchema, active: z.boolean() }).partial().strict(),
  response: userSchema,
});

/** Erases the account (its sessions, codes and project memberships go with it). One's own: 400. */
export const deleteUser = endpoint({
  method: 'DELETE',
  path: '/api/v1/users/:id',
  access: accountRule('user:administer'),
  params: idParams,
  response: ok,
});

/**
 * A fresh invitation for an unclaimed account (earlier links die), mailed to it; the answer is the user with
 * `reset.token`, the code of the reset link /login/reset/{token}. A claimed account answers 409.
 */
export const resendUserEmail = endpoint({
  method: 'POST',
  path: '/api/v1/users/:id/resendEmail',
  access: accountRule('user:administer'),
  params: idParams,
  response: userSchema.extend({ reset: z.object({ token: z.string() }) }),
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
  access: accountRule('user:viewLogins'),
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
