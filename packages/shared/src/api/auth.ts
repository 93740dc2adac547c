import { z } from 'zod';
import { LOGIN, PUBLIC } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { ok } from '../http/ids.ts';
import { emailField } from './users.ts';

/** Reset codes: 32 url-safe random characters. */
export const resetCode = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a valid code');

export const loginAnswer = z.union([
  z.object({ accessToken: z.string() }),
  z.object({ reset: z.literal(true), resetCode: z.string() }),
  z.object({ triggerThirdPartyLogin: z.literal(true) }),
]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const login = endpoint({
  method: 'POST',
  path: '/api/v1/login',
  access: PUBLIC,
  body: z.object({ email: z.string().max(254), password: z.string().max(1000) }),
  response: loginAnswer,
});

export const logout = endpoint({ method: 'DELETE', path: '/api/v1/logout', access: LOGIN, response: ok });

/** What the sign-in page may offer: the single sign-on button shows only when OIDC is configured. */
export const loginOptions = endpoint({
  method: 'GET',
  path: '/api/v1/login/options',
  access: PUBLIC,
  response: z.object({ microsoft: z.boolean() }),
});

/** Starts the identity-provider flow in the popup: redirects to the issuer (authorization code + PKCE). */
export const microsoftAuthorize = endpoint({
  method: 'GET',
  path: '/api/v1/login/microsoft/authorize',
  access: PUBLIC,
  query: z.object({ loginHint: z.string().max(254).optional() }),
  response: z.unknown(),
  raw: true,
});

/** The popup's result: the callback URL's query (code and state) exchanged for an access token. */
export const microsoftLogin = endpoint({
  method: 'POST',
  path: '/api/v1/login/microsoft',
  access: PUBLIC,
  body: z.object({
    code: z.string().min(1).max(4000),
    state: z.string().min(1).max(200),
    /** The issuer identifier of the callback (RFC 9207), when the issuer sends one. */
    iss: z.string().max(2000).optional(),
  }),
  response: z.object({ accessToken: z.string() }),
});

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/api/v1/login/forgot',
  access: PUBLIC,
  body: z.object({ email: emailField }),
  response: ok,
});

export const checkResetCode = endpoint({
  method: 'GET',
  path: '/api/v1/login/reset/:code',
  access: PUBLIC,
  params: z.object({ code: resetCode }),
  response: z.object({ email: z.string() }),
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/v1/login/reset/:code',
  access: PUBLIC,
  params: z.object({ code: resetCode }),
  body: z.object({ password: z.string().max(1000), confirmPassword: z.string().max(1000) }),
  response: ok,
});
