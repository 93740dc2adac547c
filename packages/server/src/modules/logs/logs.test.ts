import { ROLE_PRESETS } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, signIn, type TestUser } from '../../test/accounts.ts';
import { as, createTestApp, ROOT, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let orgId: string;
let me: TestUser;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganization(t.database.db)).id;
  me = await createUser(t.database.db, orgId);
});
afterAll(() => t?.close());

const history = (userId: string, tk: string) => as(t.app, tk)({ method: 'GET', url: `/api/v1/logs/users/${userId}` });

describe('GET /api/v1/logs/users/:id', () => {
  it('lists my sign-ins, failures and sign-outs, newest first', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: me.email, password: 'Wrong-1' } });
    const first = await signIn(t.app, me.email, me.password);
    await as(t.app, first)({ method: 'DELETE', url: '/api/v1/logout' });
    token = await signIn(t.app, me.email, me.password);

    const res = await history(me.id, token);
    expect(res.statusCode).toBe(200);
    const events = res.json();
    expect(events.map((e: { type: string; status: string }) => `${e.type}:${e.status}`)).toEqual([
      'login:success',
      'logout:success',
      'login:success',
      'login-attempt:failure',
    ]);
    expect(events[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      type: 'login',
      email: me.email,
      status: 'success',
      timeCreated: expect.any(String),
    });
    const times = events.map((e: { timeCreated: string }) => Date.parse(e.timeCreated));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The address stays on the server.
    expect(res.body).not.toContain('"ip"');
  });

  it('answers an empty list for a user without activity', async () => {
    const quiet = await createUser(t.database.db, orgId);
    const rootToken = await signIn(t.app, ROOT.email, ROOT.password);
    expect((await history(quiet.id, rootToken)).json()).toEqual([]);
  });

  it('shows a colleague’s log to a login viewer of the same organization only', async () => {
    const viewer = await createUser(t.database.db, orgId, {
      roles: { ...ROLE_PRESETS.viewOnly, viewOrganizationLogins: true },
    });
    const viewerToken = await signIn(t.app, viewer.email, viewer.password);
    expect((await history(me.id, viewerToken)).statusCode).toBe(200);

    const otherOrg = await createOrganization(t.database.db);
    const outsider = await createUser(t.database.db, otherOrg.id, { roles: ROLE_PRESETS.organizationAdmin });
    const outsiderToken = await signIn(t.app, outsider.email, outsider.password);
    const res = await history(me.id, outsiderToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not-found', message: 'User not found', reason: 'user.notFound' } });
  });

  it('hides a colleague’s log from a user without the role, like an unknown user', async () => {
    const colleague = await createUser(t.database.db, orgId, { roles: ROLE_PRESETS.standard });
    const colleagueToken = await signIn(t.app, colleague.email, colleague.password);
    const hidden = await history(me.id, colleagueToken);
    const unknown = await history('0123456789abcdef01234567', colleagueToken);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(unknown.body);
  });

  it('shows anyone’s log to a product-operations admin', async () => {
    const rootToken = await signIn(t.app, ROOT.email, ROOT.password);
    expect((await history(me.id, rootToken)).json().length).toBeGreaterThan(0);
  });

  it('refuses a malformed id with 400 and no token with 401', async () => {
    expect((await history('nope', token)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/logs/users/${me.id}` })).statusCode).toBe(401);
  });
});
