import { ROLE_PRESETS } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/ids.ts';
import { organizations, users } from '../../platform/tenancy.tables.ts';
import { createOrganization, createUser, randomAddress, signIn, type TestUser } from '../../test/accounts.ts';
import { as, createTestApp, ROOT, type TestApp } from '../../test/harness.ts';
import { resetCodes } from './auth.tables.ts';
import { findUserEvents } from './loginEvents.store.ts';
import { createResetCode } from './recovery.service.ts';

const FAILED = {
  error: {
    code: 'unauthorized',
    message: 'Something went wrong',
    reason: 'login.failed',
    fields: { email: 'Something went wrong', password: 'Something went wrong' },
    fieldReasons: { email: 'login.failed', password: 'login.failed' },
  },
};

let t: TestApp;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganization(t.database.db)).id;
});
afterAll(() => t?.close());

const login = (email: string, password: string, remoteAddress = randomAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress });
const lastEvent = async (userId: string) => (await findUserEvents(t.database.db, userId))[0];

describe('POST /api/v1/login', () => {
  it('signs the root user in with a token that works', async () => {
    const res = await login(ROOT.email, ROOT.password);
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json();
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const me = await as(t.app, accessToken)({ method: 'GET', url: '/api/v1/users/my' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: ROOT.email, roles: ROLE_PRESETS.root });
    expect(await lastEvent(me.json()._id)).toMatchObject({ type: 'login', status: 'success', email: ROOT.email });
  });

  it('normalizes the email (case and spaces)', async () => {
    const res = await login(`  ${ROOT.email.toUpperCase()} `, ROOT.password);
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password with 401 and "Something went wrong" under both fields, and logs it', async () => {
    const user = await createUser(t.database.db, orgId);
    const res = await login(user.email, 'Wrong-password-1', '198.51.100.7');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
    expect(await lastEvent(user.id)).toMatchObject({
      type: 'login-attempt',
      status: 'failure',
      ip: '198.51.100.7',
      organizationId: orgId,
    });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const res = await login('nobody@example.com', 'Whatever-1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
  });

  it('refuses a deactivated user or organization with the same answer, logged as deactivated', async () => {
    const user = await createUser(t.database.db, orgId, { active: false });
    const res = await login(user.email, user.password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
    expect(await lastEvent(user.id)).toMatchObject({ status: 'deactivated' });
    // A wrong password on a deactivated account is a plain failure (it counts towards the limit).
    await login(user.email, 'Wrong-password-1');
    expect(await lastEvent(user.id)).toMatchObject({ status: 'failure' });

    const org = await createOrganization(t.database.db, { active: false });
    const member = await createUser(t.database.db, org.id);
    const res2 = await login(member.email, member.password);
    expect(res2.statusCode).toBe(401);
    expect(await lastEvent(member.id)).toMatchObject({ status: 'deactivated' });
  });

  it('refuses bad input with 400 and the fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'password']);
  });
});

describe('unclaimed accounts (needsReset)', () => {
  let unclaimed: TestUser;
  let invitation: string;
  beforeAll(async () => {
    unclaimed = await createUser(t.database.db, orgId, { password: null, needsReset: true });
    invitation = await createResetCode(t.database.db, unclaimed.id, 'invitation');
  });

  it('answers the invitation credential with reset and that code', async () => {
    const res = await login(unclaimed.email, invitation);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reset: true, resetCode: invitation });
    expect(await lastEvent(unclaimed.id)).toMatchObject({ type: 'login-attempt', status: 'reset-required' });
    // The code still opens the reset page: signing in does not use it up.
    const check = await t.app.inject({ method: 'GET', url: `/api/v1/login/reset/${invitation}` });
    expect(check.json()).toEqual({ email: unclaimed.email });
  });

  it('never yields a code for an email alone, a wrong credential or another kind of code', async () => {
    const other = await createUser(t.database.db, orgId, { password: null, needsReset: true });
    const othersInvitation = await createResetCode(t.database.db, other.id, 'invitation');
    const recovery = await createResetCode(t.database.db, unclaimed.id, 'recovery');
    for (const password of ['', 'Wrong-password-1', othersInvitation, recovery, invitation.slice(0, -1)]) {
      const res = await login(unclaimed.email, password);
      expect(res.statusCode, password).toBe(401);
      expect(res.json()).toEqual(FAILED);
      expect(res.body).not.toContain(invitation);
    }
  });

  it('refuses an expired or used invitation', async () => {
    const user = await createUser(t.database.db, orgId, { password: null, needsReset: true });
    const expired = await createResetCode(t.database.db, user.id, 'invitation');
    const used = await createResetCode(t.database.db, user.id, 'invitation');
    const db = t.database.db;
    await db
      .update(resetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resetCodes.codeHash, sha256(expired)));
    await db
      .update(resetCodes)
      .set({ usedAt: new Date() })
      .where(eq(resetCodes.codeHash, sha256(used)));
    expect((await login(user.email, expired)).statusCode).toBe(401);
    expect((await login(user.email, used)).statusCode).toBe(401);
  });

  it('refuses a deactivated unclaimed account, logged as deactivated', async () => {
    const user = await createUser(t.database.db, orgId, { password: null, needsReset: true, active: false });
    const code = await createResetCode(t.database.db, user.id, 'invitation');
    const res = await login(user.email, code);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(code);
    expect(await lastEvent(user.id)).toMatchObject({ status: 'deactivated' });
  });
});

describe('accounts without a password', () => {
  it('fail like any other when single sign-on is not configured', async () => {
    const user = await createUser(t.database.db, orgId, { password: null });
    const res = await login(user.email, '');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
  });

  it('are sent to the identity provider when it is configured', async () => {
    const sso = await createTestApp({
      OIDC_ISSUER: 'https://idp.example.com',
      OIDC_CLIENT_ID: 'tessera',
      OIDC_CLIENT_SECRET: 'secret',
    });
    try {
      const org = await createOrganization(sso.database.db);
      const user = await createUser(sso.database.db, org.id, { password: null });
      const res = await sso.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: user.email, password: '' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ triggerThirdPartyLogin: true });
      // A password account still signs in with its password there.
      expect(await signIn(sso.app, ROOT.email, ROOT.password)).toEqual(expect.any(String));
    } finally {
      await sso.close();
    }
  });
});

describe('sessions', () => {
  it('DELETE /api/v1/logout revokes the token and logs the sign-out', async () => {
    const user = await createUser(t.database.db, orgId);
    const token = await signIn(t.app, user.email, user.password);
    const other = await signIn(t.app, user.email, user.password);
    const res = await as(t.app, token)({ method: 'DELETE', url: '/api/v1/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await as(t.app, token)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(401);
    expect((await as(t.app, token)({ method: 'DELETE', url: '/api/v1/logout' })).statusCode).toBe(401);
    // Only that session ended.
    expect((await as(t.app, other)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(200);
    expect(await lastEvent(user.id)).toMatchObject({ type: 'logout', status: 'success', email: user.email });
  });

  it("stops a deactivated user's tokens at once, and starts them again on reactivation", async () => {
    const user = await createUser(t.database.db, orgId);
    const token = await signIn(t.app, user.email, user.password);
    const me = () => as(t.app, token)({ method: 'GET', url: '/api/v1/users/my' });
    expect((await me()).statusCode).toBe(200);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
    await t.database.db.update(users).set({ active: true }).where(eq(users.id, user.id));
    expect((await me()).statusCode).toBe(200);
  });

  it("stops the tokens of a deactivated organization's users at once", async () => {
    const org = await createOrganization(t.database.db);
    const user = await createUser(t.database.db, org.id);
    const token = await signIn(t.app, user.email, user.password);
    await t.database.db.update(organizations).set({ active: false }).where(eq(organizations.id, org.id));
    expect((await as(t.app, token)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(401);
  });

  it('refuses unknown, malformed and missing tokens with 401', async () => {
    for (const authorization of [undefined, 'Bearer nope', 'Bearer ', 'Basic abc', `Bearer ${'x'.repeat(500)}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/my',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });
});
