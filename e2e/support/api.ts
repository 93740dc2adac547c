import { api, type Endpoint, type EndpointInput, type EndpointOutput, fillPath, type OrgRoles } from '@tessera/shared';
import { firstLink } from './mailbox.ts';
import type { Tessera } from './tessera.ts';

/**
 * Calls the real server's API with the shared endpoint contracts, for what a journey needs in place before it
 * starts (an account, an organization) but is not the journey itself. Errors throw with the server's answer.
 */
export async function callAs<E extends Endpoint>(
  app: Pick<Tessera, 'url'>,
  token: string | null,
  e: E,
  ...[input]: {} extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>]
): Promise<EndpointOutput<E>> {
  const i = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  const query = new URLSearchParams(i.query ?? {}).toString();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (i.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${app.url}${fillPath(e.path, i.params)}${query ? `?${query}` : ''}`, {
    method: e.method,
    headers,
    body: i.body === undefined ? undefined : JSON.stringify(i.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${e.method} ${e.path} answered ${res.status}: ${text}`);
  return e.response.parse(text ? JSON.parse(text) : undefined) as EndpointOutput<E>;
}

/** Signs in through the API and returns the access token. */
export async function apiSignIn(app: Pick<Tessera, 'url'>, email: string, password: string): Promise<string> {
  const answer = await callAs(app, null, api.login, { body: { email, password } });
  if (!('accessToken' in answer)) throw new Error(`signing in as ${email} gave no token: ${JSON.stringify(answer)}`);
  return answer.accessToken;
}

export interface TestUser {
  _id: string;
  first: string;
  last: string;
  email: string;
  password: string;
}

/**
 * Creates a user in an organization as `token`'s holder and claims the account the way its owner would: the
 * invitation mail's link gives the reset code, and the password is chosen through the reset endpoint.
 */
export async function createClaimedUser(
  app: Tessera,
  token: string,
  organizationId: string,
  user: { first: string; last: string; email: string; password: string; roles: OrgRoles },
): Promise<TestUser> {
  const since = app.mailbox.received.length;
  const created = await callAs(app, token, api.createUser, {
    query: { organizationId },
    body: { first: user.first, last: user.last, email: user.email, roles: user.roles },
  });
  const mail = await app.mailbox.waitForMail(user.email, { since });
  const code = new URL(firstLink(mail, '/login/reset/')).pathname.split('/').pop() ?? '';
  await callAs(app, null, api.resetPassword, {
    params: { code },
    body: { password: user.password, confirmPassword: user.password },
  });
  return { _id: created._id, first: user.first, last: user.last, email: user.email, password: user.password };
}
