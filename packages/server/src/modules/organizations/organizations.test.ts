import { api, ROLE_PRESETS } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, projects } from '../../platform/tenancy.tables.ts';
import { createOrganization, createUser } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { multipartFile, pngOfSize, TINY_PNG } from '../../test/multipart.ts';
import { actor, addProject, buildTenants, CONSULTANT_ADMIN, type Tenants } from './tenants.fixtures.ts';

const M = api.ORGANIZATION_MESSAGES;

let t: TestApp;
let w: Tenants;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildTenants(t.database.db);
});
afterAll(() => t?.close());

const call = (token: string) => (opts: InjectOptions) => as(t.app, token)(opts);
const root = (opts: InjectOptions) => call(w.actors.root.token)(opts);
const consultant = (opts: InjectOptions) => call(w.actors.consultantAdmin.token)(opts);
type Caller = (opts: InjectOptions) => Promise<LightMyRequestResponse>;
const create = (who: Caller, payload: object) => who({ method: 'POST', url: '/api/v1/organizations', payload });
const update = (who: Caller, id: string, payload: object) =>
  who({ method: 'PUT', url: `/api/v1/organizations/${id}`, payload });
const publicFlags = async (organizationId: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.organizationId, organizationId)))
    .map((p) => p.public)
    .sort();

describe('POST /api/v1/organizations', () => {
  it('lets product operations create any kind; publicSharing absent means true', async () => {
    const res = await create(root, { name: '  Northwind ', type: 'consultant', plan: 'gold' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Northwind',
      type: 'consultant',
      consultantId: null,
      active: true,
      publicSharing: true,
      logo: null,
      plan: 'gold',
      timeCreated: expect.any(String),
    });
    const client = await create(root, {
      name: 'Its client',
      type: 'client',
      consultantId: res.json()._id,
      publicSharing: false,
    });
    expect(client.json()).toMatchObject({
      type: 'client',
      consultantId: res.json()._id,
      publicSharing: false,
      plan: null,
    });
    // A consultant id sent with another kind is dropped; the default kind is independent.
    const plain = await create(root, { name: 'Plain', consultantId: res.json()._id });
    expect(plain.json()).toMatchObject({ type: 'independent', consultantId: null });
  });

  it.each([
    [{ name: '' }, { name: 'Required' }],
    [{ name: '   ' }, { name: 'Required' }],
    [{ type: 'independent' }, { name: expect.any(String) }],
    [{ name: 'X', type: 'partner' }, { type: expect.any(String) }],
    [{ name: 'X', type: 'client' }, { consultantId: 'Required' }],
    [{ name: 'X', type: 'client', consultantId: 'nope' }, { consultantId: expect.any(String) }],
  ])('refuses %j with 400 and the field', async (payload, fields) => {
    const res = await create(root, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
  });

  it('refuses a consultant that is not a consultant organization', async () => {
    for (const consultantId of [w.orgs.independent.id, w.orgs.client.id, '0123456789abcdef01234567']) {
      const res = await create(root, { name: 'X', type: 'client', consultantId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ consultantId: M.notConsultant });
    }
  });

  it("makes a client manager's organization a client of their own consultant, whatever was sent", async () => {
    const res = await create(consultant, {
      name: 'Forced client',
      type: 'consultant',
      consultantId: w.orgs.unrelated.id,
      plan: 'platinum',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'client', consultantId: w.orgs.consultant.id, plan: null });
  });

  it('refuses a client manager whose organization is not a consultant', async () => {
    const manager = await actor(t.database.db, w.orgs.independent.id, CONSULTANT_ADMIN);
    const res = await create(call(manager.token), { name: 'Nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(M.notAConsultantToCreate);
  });
});

describe('GET /api/v1/organizations and clients', () => {
  it('lists all organizations by name for product operations, only its clients for a consultant', async () => {
    const all = (await root({ method: 'GET', url: '/api/v1/organizations' })).json();
    const names = all.map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(all.map((o: { _id: string }) => o._id)).toEqual(
      expect.arrayContaining(Object.values(w.orgs).map((o) => o.id)),
    );

    const mine = (await consultant({ method: 'GET', url: '/api/v1/organizations' })).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(
      mine.every(
        (o: { consultantId: string; type: string }) => o.type === 'client' && o.consultantId === w.orgs.consultant.id,
      ),
    ).toBe(true);
    const clients = (
      await consultant({ method: 'GET', url: `/api/v1/organizations/${w.orgs.consultant.id}/clients` })
    ).json();
    expect(clients).toEqual(mine);
    expect((await root({ method: 'GET', url: `/api/v1/organizations/${w.orgs.unrelated.id}/clients` })).json()).toEqual(
      [],
    );
  });
});

describe('PUT /api/v1/organizations/:id', () => {
  it('renames (trimmed) and leaves the rest alone', async () => {
    const org = await createOrganization(t.database.db, {
      type: 'client',
      consultantId: w.orgs.consultant.id,
      plan: 'silver',
    });
    const res = await update(consultant, org.id, { name: ' Renamed ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', plan: 'silver', active: true, type: 'client' });
    expect((await update(consultant, org.id, { name: '' })).json().error.fields).toEqual({ name: 'Required' });
    expect((await update(consultant, org.id, { logo: 'x' })).statusCode).toBe(400);
  });

  it('leaves type, consultant and plan to product operations', async () => {
    const org = await createOrganization(t.database.db, {
      type: 'client',
      consultantId: w.orgs.consultant.id,
      plan: 'silver',
    });
    for (const payload of [{ plan: 'gold' }, { type: 'independent' }, { consultantId: w.orgs.unrelated.id }]) {
      const res = await update(consultant, org.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().error.message).toBe(M.kindIsProductOperations);
    }
    // Sending the values it already has is not a change.
    expect(
      (await update(consultant, org.id, { plan: 'silver', type: 'client', consultantId: w.orgs.consultant.id }))
        .statusCode,
    ).toBe(200);

    expect((await update(root, org.id, { plan: '' })).json().plan).toBeNull();
    expect((await update(root, org.id, { consultantId: w.orgs.unrelated.id })).json().consultantId).toBe(
      w.orgs.unrelated.id,
    );
    expect((await update(root, org.id, { type: 'independent' })).json()).toMatchObject({
      type: 'independent',
      consultantId: null,
    });
    const again = await update(root, org.id, { type: 'client' });
    expect(again.json().error.fields).toEqual({ consultantId: 'Required' });
    const self = await update(root, w.orgs.unrelated.id, { type: 'client', consultantId: w.orgs.unrelated.id });
    expect(self.statusCode).toBe(400);
  });

  it('refuses to turn a consultant with clients into another kind (409)', async () => {
    const res = await update(root, w.orgs.consultant.id, { type: 'independent' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.hasClients);
    expect((await root({ method: 'GET', url: `/api/v1/organizations/${w.orgs.consultant.id}` })).json().type).toBe(
      'consultant',
    );
  });

  it('sets public on each of its projects when publicSharing changes, and only then', async () => {
    const org = await createOrganization(t.database.db, { type: 'client', consultantId: w.orgs.consultant.id });
    await addProject(t.database.db, org.id, true);
    await addProject(t.database.db, org.id, false);
    const other = await addProject(t.database.db, w.orgs.client.id, true);

    expect((await update(consultant, org.id, { publicSharing: true })).statusCode).toBe(200);
    expect(await publicFlags(org.id)).toEqual([false, true]); // unchanged: nothing done

    expect((await update(consultant, org.id, { publicSharing: false })).json().publicSharing).toBe(false);
    expect(await publicFlags(org.id)).toEqual([false, false]);
    expect((await update(consultant, org.id, { publicSharing: true })).json().publicSharing).toBe(true);
    expect(await publicFlags(org.id)).toEqual([true, true]);
    // Another organization's projects are untouched.
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, other));
    expect(row.public).toBe(true);
  });
});

describe('own organization and product operations', () => {
  it('never lets anyone deactivate or delete their own organization', async () => {
    const cases: Array<[string, string]> = [
      [w.actors.root.token, w.orgs.ops.id],
      [w.actors.consultantAdmin.token, w.orgs.consultant.id],
      [w.actors.clientAdmin.token, w.orgs.client.id],
    ];
    for (const [token, id] of cases) {
      const off = await update(call(token), id, { active: false });
      expect(off.statusCode).toBe(400);
      expect(off.json().error.message).toBe(M.deactivateOwn);
      const del = await call(token)({ method: 'DELETE', url: `/api/v1/organizations/${id}` });
      expect(del.statusCode).toBe(400);
      expect(del.json().error.message).toBe(M.deleteOwn);
    }
    const [ops] = await t.database.db.select().from(organizations).where(eq(organizations.id, w.orgs.ops.id));
    expect(ops.active).toBe(true);
  });

  it('never lets anyone deactivate or delete the product-operations organization', async () => {
    // A second product administrator, in another organization.
    const elsewhere = await actor(t.database.db, w.orgs.independent.id, ROLE_PRESETS.root);
    const off = await update(call(elsewhere.token), w.orgs.ops.id, { active: false });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe(M.productOperations);
    const del = await call(elsewhere.token)({ method: 'DELETE', url: `/api/v1/organizations/${w.orgs.ops.id}` });
    expect(del.statusCode).toBe(403);
    expect(del.json().error.message).toBe(M.productOperations);
    // Renaming it is fine.
    expect((await update(call(elsewhere.token), w.orgs.ops.id, { name: 'Product Operations' })).statusCode).toBe(200);
  });

  it('refuses to delete a consultant that still has clients (409), then deletes it once they are gone', async () => {
    const firm = (await create(root, { name: 'Firm', type: 'consultant' })).json();
    const client = (await create(root, { name: 'Firm client', type: 'client', consultantId: firm._id })).json();
    const refused = await root({ method: 'DELETE', url: `/api/v1/organizations/${firm._id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.hasClients);
    expect((await root({ method: 'DELETE', url: `/api/v1/organizations/${client._id}` })).statusCode).toBe(200);
    expect((await root({ method: 'DELETE', url: `/api/v1/organizations/${firm._id}` })).statusCode).toBe(200);
  });
});

describe('PUT /api/v1/organizations/:id/logo', () => {
  const upload = (token: string, id: string, bytes: Buffer, type = 'image/png') =>
    call(token)({
      method: 'PUT',
      url: `/api/v1/organizations/${id}/logo`,
      ...multipartFile('logo', 'logo.png', type, bytes),
    });

  it('takes a png under 16000 bytes, with the same rules and messages as user logos', async () => {
    const res = await upload(w.actors.clientAdmin.token, w.orgs.client.id, TINY_PNG);
    expect(res.statusCode).toBe(200);
    const dataUrl = `data:image/png;base64,${TINY_PNG.toString('base64')}`;
    expect(res.json()).toEqual({ logo: dataUrl });
    const shown = await call(w.actors.standard.token)({ method: 'GET', url: '/api/v1/organizations/my' });
    expect(shown.json().logo).toBe(dataUrl);

    const gif = await upload(w.actors.clientAdmin.token, w.orgs.client.id, Buffer.from('GIF89a fake'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().error.fields).toEqual({ logo: 'wrong file type' });
    const big = await upload(w.actors.clientAdmin.token, w.orgs.client.id, pngOfSize(16_000));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields).toEqual({ logo: 'file too large' });
    expect((await call(w.actors.standard.token)({ method: 'GET', url: '/api/v1/organizations/my' })).json().logo).toBe(
      dataUrl,
    );
  });
});

describe('users of a new organization', () => {
  it('can be created by a client manager in the client they just created', async () => {
    const org = (await create(consultant, { name: 'Fresh client' })).json();
    const res = await consultant({
      method: 'POST',
      url: `/api/v1/users?organizationId=${org._id}`,
      payload: {
        first: 'Ann',
        last: 'Admin',
        email: `ann-${org._id}@example.com`,
        roles: ROLE_PRESETS.organizationAdmin,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ organizationId: org._id, needsReset: true });
    await createUser(t.database.db, org._id);
    const list = await consultant({ method: 'GET', url: `/api/v1/users/organizations/${org._id}` });
    expect(list.json()).toHaveLength(2);
  });
});

describe('the database', () => {
  it('lets only a client organization name a consultant, and never itself (constraint of migration 0013)', async () => {
    const db = t.database.db;
    const insert = (values: Partial<typeof organizations.$inferInsert> & { id: string }) =>
      db.insert(organizations).values({ name: 'Checked', type: 'independent', ...values });
    const id = (n: number) => `${n}`.padStart(24, 'f');
    await expect(insert({ id: id(1), type: 'independent', consultantId: w.orgs.consultant.id })).rejects.toThrow();
    await expect(insert({ id: id(2), type: 'consultant', consultantId: w.orgs.consultant.id })).rejects.toThrow();
    await expect(insert({ id: id(3), type: 'client', consultantId: id(3) })).rejects.toThrow();
    await insert({ id: id(4), type: 'client', consultantId: w.orgs.consultant.id });
    await expect(
      db
        .update(organizations)
        .set({ type: 'independent' })
        .where(eq(organizations.id, id(4))),
    ).rejects.toThrow();
    await db.delete(organizations).where(eq(organizations.id, id(4)));
    const left = await db.select().from(organizations).where(eq(organizations.name, 'Checked'));
    expect(left).toEqual([]);
  });
});
