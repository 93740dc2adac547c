import { api, ROLE_PRESETS } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/tenancy.tables.ts';
import { createUser, randomAddress, signIn } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { actor, buildTenants, type Tenants } from '../organizations/tenants.fixtures.ts';
import { INVITATIONS_PER_HOUR } from './users.admin.service.ts';

const M = api.USER_MESSAGES;

let t: TestApp;
let w: Tenants;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildTenants(t.database.db);
});
afterAll(() => t?.close());

const call = (token: string) => (opts: InjectOptions) => as(t.app, token)(opts);
const clientAdmin = (opts: InjectOptions) => call(w.actors.clientAdmin.token)(opts);
let seq = 0;
const newUser = (
  payload: Partial<Record<string, unknown>> = {},
  who = clientAdmin,
  organizationId = w.orgs.client.id,
) =>
  who({
    method: 'POST',
    url: `/api/v1/users?organizationId=${organizationId}`,
    payload: {
      first: 'Grace',
      last: 'Hopper',
      email: `grace-${++seq}@example.com`,
      roles: ROLE_PRESETS.standard,
      ...payload,
    },
  });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: randomAddress() });
const codeOf = (text: string) => /\/login\/reset\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('POST /api/v1/users?organizationId=', () => {
  it('creates an unclaimed account (email lower-cased) and mails it an invitation', async () => {
    const res = await newUser({ first: ' Grace ', email: '  Grace.Invited@Example.COM ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: { first: 'Grace', last: 'Hopper' },
      email: 'grace.invited@example.com',
      roles: ROLE_PRESETS.standard,
      logo: null,
      active: true,
      needsReset: true,
      organizationId: w.orgs.client.id,
      popOvers: { mappingPopovers: false, datasetPopovers: false, modelPopovers: false },
      timeCreated: expect.any(String),
    });
    const mail = t.mailer.last('grace.invited@example.com')!;
    expect(mail.subject).toBe('You are invited to Tessera');
    const code = codeOf(mail.text)!;
    expect(mail.text).toContain(`http://tessera.test/login/reset/${code}`);
    expect(mail.text).toContain('Email: grace.invited@example.com');
    expect(mail.text).toContain(`Temporary password: ${code}`);
    expect(mail.text).toContain('Client');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.json()._id));
    expect(row.passwordHash).toBeNull();
  });

  it.each([
    [{ first: '' }, { first: 'Required' }],
    [{ last: '  ' }, { last: 'Required' }],
    [{ email: '' }, { email: 'Required' }],
    [{ email: 'not-an-email' }, { email: 'Not a valid email address' }],
    [{ roles: undefined }, { roles: expect.any(String) }],
    [{ roles: { createProjects: true } }, { 'roles.editOrganizationSettings': expect.any(String) }],
    [{ password: 'x' }, { body: expect.any(String) }],
  ])('refuses %j with 400 and the field', async (payload, fields) => {
    const res = await newUser(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject(fields);
  });

  it('refuses an email already in use, whatever its case, with 409 under email', async () => {
    const taken = await createUser(t.database.db, w.orgs.independent.id, { email: 'taken@example.com' });
    const res = await newUser({ email: 'TAKEN@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'conflict',
      message: M.emailInUse,
      reason: 'user.emailInUse',
      fields: { email: M.emailInUse },
      fieldReasons: { email: 'user.emailInUse' },
    });
    expect((await t.database.db.select().from(users).where(eq(users.email, taken.email))).length).toBe(1);
  });

  it('refuses a missing or unknown organization', async () => {
    const res = await clientAdmin({
      method: 'POST',
      url: '/api/v1/users',
      payload: { first: 'A', last: 'B', email: 'nowhere@example.com', roles: ROLE_PRESETS.viewOnly },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('organizationId');
    expect((await newUser({}, clientAdmin, '0123456789abcdef01234567')).statusCode).toBe(404);
  });
});

describe('the invitation', () => {
  it('lets the new user sign in with the temporary credential, set a password, and sign in', async () => {
    const created = (await newUser({ email: 'newcomer@example.com' })).json();
    const code = codeOf(t.mailer.last('newcomer@example.com')!.text)!;
    const first = await login('newcomer@example.com', code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ reset: true, resetCode: code });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/login/reset/${code}` })).json()).toEqual({
      email: 'newcomer@example.com',
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/login/reset/${code}`,
      payload: { password: 'Brand-new-1!', confirmPassword: 'Brand-new-1!' },
    });
    expect(reset.statusCode).toBe(200);
    const token = await signIn(t.app, 'newcomer@example.com', 'Brand-new-1!');
    const mine = await call(token)({ method: 'GET', url: '/api/v1/users/my' });
    expect(mine.json()).toMatchObject({ _id: created._id, needsReset: false });
    // Claimed: no more invitations.
    const again = await clientAdmin({ method: 'POST', url: `/api/v1/users/${created._id}/resendEmail` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.alreadyClaimed);
  });

  it('resends a fresh code, mailed and answered as reset.token; the earlier one dies', async () => {
    const created = (await newUser({ email: 'resent@example.com' })).json();
    const oldCode = codeOf(t.mailer.last('resent@example.com')!.text)!;
    const res = await clientAdmin({ method: 'POST', url: `/api/v1/users/${created._id}/resendEmail` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ _id: created._id, email: 'resent@example.com', needsReset: true });
    expect(body.reset.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(body.reset.token).not.toBe(oldCode);
    expect(codeOf(t.mailer.last('resent@example.com')!.text)).toBe(body.reset.token);
    expect((await login('resent@example.com', oldCode)).statusCode).toBe(401);
    expect((await login('resent@example.com', body.reset.token)).json()).toEqual({
      reset: true,
      resetCode: body.reset.token,
    });
  });
});

describe('invitations per hour', () => {
  it(`stops after ${INVITATIONS_PER_HOUR} invitations to one account in an hour (429)`, async () => {
    const created = (await newUser({ email: 'flooded@example.com' })).json();
    const resend = () => clientAdmin({ method: 'POST', url: `/api/v1/users/${created._id}/resendEmail` });
    // The invitation mailed at creation counts as the first.
    for (let i = 1; i < INVITATIONS_PER_HOUR; i++) expect((await resend()).statusCode).toBe(200);
    const sent = t.mailer.sent.filter((m) => m.to === 'flooded@example.com').length;
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'rate-limited',
      message: M.tooManyInvitations,
      reason: 'user.tooManyInvitations',
    });
    expect(t.mailer.sent.filter((m) => m.to === 'flooded@example.com').length).toBe(sent);
  });
});

describe('roles are enforced on the server', () => {
  it('refuses to grant a role the caller does not hold, and changes nothing', async () => {
    for (const roles of [ROLE_PRESETS.root, { ...ROLE_PRESETS.viewOnly, manageClientOrganizations: true }]) {
      const res = await newUser({ roles });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(M.grantRole);
    }
    const colleague = await createUser(t.database.db, w.orgs.client.id, { roles: ROLE_PRESETS.standard });
    const res = await clientAdmin({
      method: 'PUT',
      url: `/api/v1/users/${colleague.id}`,
      payload: { roles: { ...ROLE_PRESETS.organizationAdmin, manageAllOrganizations: true } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(M.grantRole);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, colleague.id));
    expect(row.roles).toEqual(ROLE_PRESETS.standard);
    // Roles the caller holds are fine.
    const ok = await clientAdmin({
      method: 'PUT',
      url: `/api/v1/users/${colleague.id}`,
      payload: { roles: ROLE_PRESETS.organizationAdmin },
    });
    expect(ok.json().roles).toEqual(ROLE_PRESETS.organizationAdmin);
  });

  it('lets a consultant grant manageClientOrganizations, which it holds', async () => {
    const res = await newUser(
      { roles: { ...ROLE_PRESETS.viewOnly, manageClientOrganizations: true } },
      call(w.actors.consultantAdmin.token),
      w.orgs.consultant.id,
    );
    expect(res.statusCode).toBe(200);
  });

  it('keeps a lesser admin away from a user who holds more roles (403)', async () => {
    const opsAdmin = await actor(t.database.db, w.orgs.ops.id, ROLE_PRESETS.organizationAdmin);
    const asOpsAdmin = call(opsAdmin.token);
    const unclaimedRoot = await createUser(t.database.db, w.orgs.ops.id, {
      password: null,
      needsReset: true,
      roles: ROLE_PRESETS.root,
    });
    const requests: InjectOptions[] = [
      { method: 'DELETE', url: `/api/v1/users/${w.actors.root.id}` },
      { method: 'PUT', url: `/api/v1/users/${w.actors.root.id}`, payload: { active: false } },
      { method: 'PUT', url: `/api/v1/users/${w.actors.root.id}`, payload: { roles: ROLE_PRESETS.viewOnly } },
      { method: 'POST', url: `/api/v1/users/${unclaimedRoot.id}/resendEmail` },
    ];
    for (const request of requests) {
      const res = await asOpsAdmin(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(res.json().error.message).toBe(M.outranked);
    }
    expect((await call(w.actors.root.token)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(200);
  });
});

describe('PUT and DELETE /api/v1/users/:id', () => {
  it('renames and changes roles', async () => {
    const user = await createUser(t.database.db, w.orgs.client.id);
    const res = await clientAdmin({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      payload: { name: { first: ' Alan ', last: 'Turing' }, roles: ROLE_PRESETS.viewOnly },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: { first: 'Alan', last: 'Turing' },
      roles: ROLE_PRESETS.viewOnly,
      email: user.email,
    });
    expect(
      (await clientAdmin({ method: 'PUT', url: `/api/v1/users/${user.id}`, payload: { email: 'x@example.com' } }))
        .statusCode,
    ).toBe(400);
  });

  it('never lets a user deactivate or delete themselves (400)', async () => {
    const self = w.actors.clientAdmin.id;
    const off = await clientAdmin({ method: 'PUT', url: `/api/v1/users/${self}`, payload: { active: false } });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.message).toBe(M.deactivateSelf);
    const del = await clientAdmin({ method: 'DELETE', url: `/api/v1/users/${self}` });
    expect(del.statusCode).toBe(400);
    expect(del.json().error.message).toBe(M.deleteSelf);
    expect((await clientAdmin({ method: 'GET', url: '/api/v1/users/my' })).json().active).toBe(true);
  });

  it('ends the sessions of a deactivated user at once; reactivated, they sign in again', async () => {
    const user = await createUser(t.database.db, w.orgs.client.id);
    const token = await signIn(t.app, user.email, user.password);
    const off = await clientAdmin({ method: 'PUT', url: `/api/v1/users/${user.id}`, payload: { active: false } });
    expect(off.json().active).toBe(false);
    expect((await call(token)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect(
      (await clientAdmin({ method: 'PUT', url: `/api/v1/users/${user.id}`, payload: { active: true } })).json().active,
    ).toBe(true);
    expect((await call(token)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('deletes a user: gone from the list, cannot sign in', async () => {
    const user = await createUser(t.database.db, w.orgs.client.id);
    const token = await signIn(t.app, user.email, user.password);
    const res = await clientAdmin({ method: 'DELETE', url: `/api/v1/users/${user.id}` });
    expect(res.json()).toEqual({ ok: true });
    const list = await clientAdmin({ method: 'GET', url: `/api/v1/users/organizations/${w.orgs.client.id}` });
    expect(list.body).not.toContain(user.id);
    expect((await call(token)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await clientAdmin({ method: 'DELETE', url: `/api/v1/users/${user.id}` })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/users/organizations/:id', () => {
  it('lists the organization’s users by name, unclaimed ones marked', async () => {
    const res = await clientAdmin({ method: 'GET', url: `/api/v1/users/organizations/${w.orgs.client.id}` });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ name: { first: string }; organizationId: string; needsReset: boolean }>;
    expect(list.every((u) => u.organizationId === w.orgs.client.id)).toBe(true);
    expect(list.some((u) => u.needsReset)).toBe(true);
    const firsts = list.map((u) => u.name.first);
    expect(firsts).toEqual([...firsts].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(res.body).not.toMatch(/passwordHash|argon2/);
  });
});
