import { ROLE_PRESETS } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../platform/tenancy.tables.ts';
import { createOrganization, createUser, randomAddress, signIn, type TestUser } from '../../test/accounts.ts';
import { as, createTestApp, ROOT, type TestApp } from '../../test/harness.ts';
import { multipartFile, pngOfSize, TINY_PNG } from '../../test/multipart.ts';
import { createResetCode } from '../auth/index.ts';

let t: TestApp;
let orgId: string;
let me: TestUser;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganization(t.database.db, { name: 'Acme', plan: 'gold' })).id;
  me = await createUser(t.database.db, orgId, { first: 'Ada', last: 'Lovelace' });
  token = await signIn(t.app, me.email, me.password);
});
afterAll(() => t?.close());

const call = (tk = token) => as(t.app, tk);
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const uploadLogo = (userId: string, bytes: Buffer, tk = token, field = 'logo', type = 'image/png', name = 'logo.png') =>
  call(tk)({ method: 'PUT', url: `/api/v1/users/${userId}/logo`, ...multipartFile(field, name, type, bytes) });

describe('GET and PUT /api/v1/users/my', () => {
  it('presents the signed-in user in the contract shape, without secrets', async () => {
    const res = await call()({ method: 'GET', url: '/api/v1/users/my' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      _id: me.id,
      name: { first: 'Ada', last: 'Lovelace' },
      email: me.email,
      roles: ROLE_PRESETS.standard,
      logo: null,
      active: true,
      needsReset: false,
      organizationId: orgId,
      popOvers: { mappingPopovers: false, datasetPopovers: false, modelPopovers: false },
      timeCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(res.body).not.toMatch(/argon2|passwordHash/);
  });

  it('updates the name (trimmed) and merges popOvers', async () => {
    let res = await call()({
      method: 'PUT',
      url: '/api/v1/users/my',
      payload: { name: { first: ' Augusta ', last: 'King' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toEqual({ first: 'Augusta', last: 'King' });
    res = await call()({ method: 'PUT', url: '/api/v1/users/my', payload: { popOvers: { datasetPopovers: true } } });
    expect(res.json().popOvers).toEqual({ mappingPopovers: false, datasetPopovers: true, modelPopovers: false });
    res = await call()({ method: 'PUT', url: '/api/v1/users/my', payload: { popOvers: { modelPopovers: true } } });
    expect(res.json().popOvers).toEqual({ mappingPopovers: false, datasetPopovers: true, modelPopovers: true });
    expect(res.json().name).toEqual({ first: 'Augusta', last: 'King' });
    expect((await call()({ method: 'PUT', url: '/api/v1/users/my', payload: {} })).json().name.first).toBe('Augusta');
  });

  it.each([
    [{ name: { first: '', last: 'King' } }, 'name.first'],
    [{ name: { first: '   ', last: 'King' } }, 'name.first'],
    [{ name: { first: 'A' } }, 'name.last'],
    [{ popOvers: { datasetPopovers: 'yes' } }, 'popOvers.datasetPopovers'],
    [{ email: 'new@example.com' }, 'body'],
    [{ roles: ROLE_PRESETS.root }, 'body'],
  ])('refuses %j with 400 on %s', async (payload, field) => {
    const res = await call()({ method: 'PUT', url: '/api/v1/users/my', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(Object.keys(res.json().error.fields)).toContain(field);
    const after = await call()({ method: 'GET', url: '/api/v1/users/my' });
    expect(after.json().roles).toEqual(ROLE_PRESETS.standard);
    expect(after.json().email).toBe(me.email);
  });
});

describe('PUT /api/v1/users/my/password', () => {
  it('checks the current password and the checklist, then keeps only this session', async () => {
    const user = await createUser(t.database.db, orgId);
    const current = await signIn(t.app, user.email, user.password);
    const other = await signIn(t.app, user.email, user.password);
    const pending = await createResetCode(t.database.db, user.id, 'recovery');
    const change = (body: object) => call(current)({ method: 'PUT', url: '/api/v1/users/my/password', payload: body });

    let res = await change({
      currentPassword: 'Not-it-1',
      password: 'Changed-pass-1',
      confirmPassword: 'Changed-pass-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ currentPassword: 'Wrong password' });

    res = await change({
      currentPassword: user.password,
      password: 'changed-pass-1',
      confirmPassword: 'changed-pass-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: 'Must contain a capital letter.' });
    res = await change({
      currentPassword: user.password,
      password: 'Changed-pass-1',
      confirmPassword: 'Changed-pass-2',
    });
    expect(res.json().error.fields).toEqual({ password: 'Passwords must match.' });
    // Nothing changed so far.
    expect((await call(other)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(200);

    res = await change({
      currentPassword: user.password,
      password: 'Changed-pass-1',
      confirmPassword: 'Changed-pass-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await call(current)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(200);
    expect((await call(other)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/login/reset/${pending}` })).statusCode).toBe(404);
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
    expect(await signIn(t.app, user.email, 'Changed-pass-1')).toEqual(expect.any(String));
  });

  it('refuses missing fields with 400', async () => {
    const res = await call()({ method: 'PUT', url: '/api/v1/users/my/password', payload: { password: 'X' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['confirmPassword', 'currentPassword']);
  });
});

describe('PUT /api/v1/users/:id/logo', () => {
  it('stores a png and answers its data URL, which users/my then shows', async () => {
    const res = await uploadLogo(me.id, TINY_PNG);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ logo: dataUrl(TINY_PNG) });
    expect((await call()({ method: 'GET', url: '/api/v1/users/my' })).json().logo).toBe(dataUrl(TINY_PNG));
  });

  it('judges the bytes, not the name or the declared type', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    let res = await uploadLogo(me.id, gif, token, 'logo', 'image/png', 'logo.png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ logo: 'wrong file type' });
    res = await uploadLogo(me.id, Buffer.from('%PDF-1.4 not an image'), token, 'logo', 'image/png', 'x.png');
    expect(res.json().error.fields).toEqual({ logo: 'wrong file type' });
    // A real png under another name and type is fine.
    res = await uploadLogo(me.id, TINY_PNG, token, 'logo', 'application/octet-stream', 'picture.jpg');
    expect(res.statusCode).toBe(200);
  });

  it('takes 15999 bytes and refuses 16000 or more with 413 "file too large"', async () => {
    expect((await uploadLogo(me.id, pngOfSize(15_999))).statusCode).toBe(200);
    for (const size of [16_000, 16_001, 200_000]) {
      const res = await uploadLogo(me.id, pngOfSize(size));
      expect(res.statusCode, String(size)).toBe(413);
      expect(res.json().error).toEqual({
        code: 'too-large',
        message: 'file too large',
        reason: 'dataset.fileTooLarge',
        fields: { logo: 'file too large' },
        fieldReasons: { logo: 'dataset.fileTooLarge' },
      });
    }
    // The refused uploads left the last good logo in place.
    expect((await call()({ method: 'GET', url: '/api/v1/users/my' })).json().logo).toBe(dataUrl(pngOfSize(15_999)));
  });

  it('refuses a request without the logo file with 400', async () => {
    let res = await uploadLogo(me.id, TINY_PNG, token, 'picture');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ logo: 'Required' });
    res = await call()({ method: 'PUT', url: `/api/v1/users/${me.id}/logo`, payload: { logo: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ logo: 'Required' });
  });

  it("lets a user admin change a colleague's logo, and the root anyone's", async () => {
    const admin = await createUser(t.database.db, orgId, { roles: ROLE_PRESETS.organizationAdmin });
    const adminToken = await signIn(t.app, admin.email, admin.password);
    expect((await uploadLogo(me.id, TINY_PNG, adminToken)).statusCode).toBe(200);
    const rootToken = await signIn(t.app, ROOT.email, ROOT.password, randomAddress());
    expect((await uploadLogo(me.id, TINY_PNG, rootToken)).statusCode).toBe(200);
  });

  it("lets a consultant's client admin change a client user's logo", async () => {
    const consultant = await createOrganization(t.database.db, { type: 'consultant' });
    const client = await createOrganization(t.database.db, { type: 'client', consultantId: consultant.id });
    const manager = await createUser(t.database.db, consultant.id, {
      roles: { ...ROLE_PRESETS.viewOnly, manageClientOrganizations: true },
    });
    const clientUser = await createUser(t.database.db, client.id);
    const managerToken = await signIn(t.app, manager.email, manager.password);
    expect((await uploadLogo(clientUser.id, TINY_PNG, managerToken)).statusCode).toBe(200);
    await t.database.db.update(organizations).set({ consultantId: null }).where(eq(organizations.id, client.id));
    expect((await uploadLogo(clientUser.id, TINY_PNG, managerToken)).statusCode).toBe(404);
  });

  it('answers 404 to anyone else, the same as for an unknown user', async () => {
    const colleague = await createUser(t.database.db, orgId);
    const colleagueToken = await signIn(t.app, colleague.email, colleague.password);
    const strangerOrg = await createOrganization(t.database.db);
    const stranger = await createUser(t.database.db, strangerOrg.id, { roles: ROLE_PRESETS.organizationAdmin });
    const strangerToken = await signIn(t.app, stranger.email, stranger.password);
    const before = (await call()({ method: 'GET', url: '/api/v1/users/my' })).json().logo;
    const other = pngOfSize(500);
    const refused = [
      await uploadLogo(me.id, other, colleagueToken),
      await uploadLogo(me.id, other, strangerToken),
      await uploadLogo('0123456789abcdef01234567', other, strangerToken),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not-found', message: 'User not found', reason: 'user.notFound' } });
    }
    expect((await call()({ method: 'GET', url: '/api/v1/users/my' })).json().logo).toBe(before);
    expect((await uploadLogo('not-an-id', other)).statusCode).toBe(400);
  });
});

describe('GET /api/v1/organizations/my', () => {
  it("presents the caller's organization", async () => {
    await t.database.db.update(organizations).set({ logo: TINY_PNG }).where(eq(organizations.id, orgId));
    const res = await call()({ method: 'GET', url: '/api/v1/organizations/my' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: orgId,
      name: 'Acme',
      type: 'independent',
      consultantId: null,
      active: true,
      publicSharing: true,
      logo: dataUrl(TINY_PNG),
      plan: 'gold',
      timeCreated: expect.any(String),
    });
  });
});
