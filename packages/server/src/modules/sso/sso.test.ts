import { ROLE_PRESETS } from '@tessera/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { organizations, users } from '../../platform/tenancy.tables.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { signInThroughProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidcProvider.ts';
import { loginEvents } from '../auth/index.ts';
import { oidcFlows } from './sso.tables.ts';

const PUBLIC_URL = 'http://tessera.test';

async function addUser(t: TestApp, email: string, opts: { active?: boolean; organizationActive?: boolean } = {}) {
  const organizationId = newId();
  await t.database.db.insert(organizations).values({
    id: organizationId,
    name: `Org of ${email}`,
    type: 'independent',
    active: opts.organizationActive ?? true,
  });
  const id = newId();
  await t.database.db.insert(users).values({
    id,
    organizationId,
    first: 'Ada',
    last: 'Lovelace',
    email,
    roles: ROLE_PRESETS.standard,
    active: opts.active ?? true,
  });
  return id;
}

/** Starts a flow on the app, signs in at the provider as `email`, and returns the callback's parameters. */
async function callbackFor(t: TestApp, idp: TestOidcProvider, email: string, loginHint?: string) {
  const query = loginHint ? `?loginHint=${encodeURIComponent(loginHint)}` : '';
  const start = await t.app.inject({ method: 'GET', url: `/api/v1/login/microsoft/authorize${query}` });
  expect(start.statusCode).toBe(302);
  const back = await signInThroughProvider(start.headers.location as string, email, idp.redirectUri);
  const code = back.searchParams.get('code');
  const state = back.searchParams.get('state');
  expect(code && state, `callback without code or state: ${back}`).toBeTruthy();
  return { code: code as string, state: state as string, iss: back.searchParams.get('iss') ?? undefined };
}

const exchange = (t: TestApp, payload: { code: string; state: string; iss?: string }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login/microsoft', payload });

async function eventsOf(t: TestApp, email: string) {
  return t.database.db
    .select()
    .from(loginEvents)
    .where(and(eq(loginEvents.email, email), eq(loginEvents.type, 'login-microsoft')));
}

describe('single sign-on with an OpenID Connect issuer', () => {
  let idp: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startOidcProvider({
      appUrl: PUBLIC_URL,
      accounts: {
        // Entra ID style: no usable `email`, the sign-in name in preferred_username, in mixed case.
        'entra.user@example.com': {
          email: undefined,
          email_verified: undefined,
          preferred_username: 'Entra.User@Example.com',
        },
        // An issuer that does not vouch for the address must not sign anyone in with it.
        'unverified@example.com': { email: 'victim@example.com', email_verified: false },
      },
    });
    t = await createTestApp({
      PUBLIC_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('offers the button when OIDC is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/login/options' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ microsoft: true });
  });

  it('redirects to the issuer with PKCE (S256), state, nonce and the login hint', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/login/microsoft/authorize?loginHint=ada%40example.com',
    });
    expect(res.statusCode).toBe(302);
    const target = new URL(res.headers.location as string);
    expect(target.origin).toBe(idp.issuer);
    const p = target.searchParams;
    expect(p.get('client_id')).toBe(idp.clientId);
    expect(p.get('redirect_uri')).toBe(`${PUBLIC_URL}/login/microsoft`);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('login_hint')).toBe('ada@example.com');
    const [flow] = await t.database.db
      .select()
      .from(oidcFlows)
      .where(eq(oidcFlows.state, p.get('state') as string));
    expect(flow).toMatchObject({ loginHint: 'ada@example.com' });
    // The verifier stays on the server: only its challenge travels.
    expect(target.href).not.toContain(flow.codeVerifier);
  });

  it('signs in an active user, whose token then works', async () => {
    const userId = await addUser(t, 'ada@example.com');
    const res = await exchange(t, await callbackFor(t, idp, 'ada@example.com', 'ada@example.com'));
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json();
    expect(accessToken).toEqual(expect.any(String));
    const me = await as(t.app, accessToken)({ method: 'GET', url: '/api/v1/users/my' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: userId, email: 'ada@example.com' });
    expect(await eventsOf(t, 'ada@example.com')).toEqual([
      expect.objectContaining({ status: 'success', userId, ip: expect.any(String) }),
    ]);
  });

  it('finds the user by preferred_username, lower-cased, when the issuer sends no email (Entra ID)', async () => {
    await addUser(t, 'entra.user@example.com');
    const res = await exchange(t, await callbackFor(t, idp, 'entra.user@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json().accessToken).toEqual(expect.any(String));
  });

  it('answers "Account deactivated" to an email no user has', async () => {
    const res = await exchange(t, await callbackFor(t, idp, 'stranger@example.com'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'unauthorized', message: 'Account deactivated', reason: 'sso.deactivated' },
    });
    expect(await eventsOf(t, 'stranger@example.com')).toEqual([
      expect.objectContaining({ status: 'deactivated', userId: null }),
    ]);
  });

  it('answers "Account deactivated" to a deactivated user and to a user of a deactivated organization', async () => {
    const userId = await addUser(t, 'gone@example.com', { active: false });
    await addUser(t, 'orgless@example.com', { organizationActive: false });
    for (const email of ['gone@example.com', 'orgless@example.com']) {
      const res = await exchange(t, await callbackFor(t, idp, email));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        code: 'unauthorized',
        message: 'Account deactivated',
        reason: 'sso.deactivated',
      });
    }
    expect(await eventsOf(t, 'gone@example.com')).toEqual([expect.objectContaining({ status: 'deactivated', userId })]);
  });

  it('does not trust an email the issuer marks as unverified', async () => {
    // victim@example.com is an active user, but this identity only claims the address.
    await addUser(t, 'victim@example.com');
    const res = await exchange(t, await callbackFor(t, idp, 'unverified@example.com'));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Account deactivated');
  });

  it('accepts a state only once', async () => {
    const callback = await callbackFor(t, idp, 'ada@example.com');
    expect((await exchange(t, callback)).statusCode).toBe(200);
    const again = await exchange(t, callback);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('bad-request');
  });

  it('answers 400 to an unknown state and to an expired flow', async () => {
    const unknown = await exchange(t, { code: 'whatever', state: 'never-issued' });
    expect(unknown.statusCode).toBe(400);
    const callback = await callbackFor(t, idp, 'ada@example.com');
    await t.database.db
      .update(oidcFlows)
      .set({ timeCreated: sql`now() - interval '11 minutes'` })
      .where(eq(oidcFlows.state, callback.state));
    expect((await exchange(t, callback)).statusCode).toBe(400);
  });

  it('answers 401, never 500, when the code exchange fails, and logs the attempt', async () => {
    const callback = await callbackFor(t, idp, 'ada@example.com', 'hint@example.com');
    const res = await exchange(t, { ...callback, code: `${callback.code}x` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
    expect(await eventsOf(t, 'hint@example.com')).toEqual([expect.objectContaining({ status: 'failure' })]);
  });

  it('validates the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/login/microsoft', payload: { code: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });
});

describe('single sign-on with a strictly conforming issuer', () => {
  let idp: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startOidcProvider({ appUrl: PUBLIC_URL, conformIdTokenClaims: true });
    t = await createTestApp({
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('reads the email from userinfo when the ID token holds only the subject', async () => {
    await addUser(t, 'grace@example.com');
    const res = await exchange(t, await callbackFor(t, idp, 'grace@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json().accessToken).toEqual(expect.any(String));
  });
});

describe('single sign-on when OIDC is not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An issuer alone is not enough: the client id and secret are needed too.
    t = await createTestApp({ OIDC_ISSUER: 'https://login.microsoftonline.com/common/v2.0' });
  });
  afterAll(() => t?.close());

  it('hides the button and answers 404 to authorize and to the exchange', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/login/options' })).json()).toEqual({ microsoft: false });
    const authorize = await t.app.inject({ method: 'GET', url: '/api/v1/login/microsoft/authorize' });
    expect(authorize.statusCode).toBe(404);
    expect(authorize.json()).toEqual({
      error: { code: 'not-found', message: 'Single sign-on is not configured', reason: 'sso.notConfigured' },
    });
    const login = await exchange(t, { code: 'c', state: 's' });
    expect(login.statusCode).toBe(404);
  });
});
