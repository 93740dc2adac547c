import { type OrgRoles, PROJECT_ROLE_PRESETS as P, ROLE_PRESETS, SERVER_ERRORS } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeOf } from '../../platform/realtime.ts';
import { organizations, permissions, projects } from '../../platform/tenancy.tables.ts';
import { createOrganization } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { membership, type Person, person, project } from './projects.fixtures.ts';
import { setOrganizationProjectsPublic } from './projects.service.ts';

const PUBLIC_SHARING_OFF = SERVER_ERRORS['project.publicSharingOff'];

let t: TestApp;
let consultant: string;
let client: string;
let other: string;
let consultantAdmin: Person;
let standard: Person;
let viewOnly: Person;
let otherAdmin: Person;
let root: Person;

const consultantAdminRoles: OrgRoles = { ...ROLE_PRESETS.organizationAdmin, manageClientOrganizations: true };
const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(t.app, who.token)({ method, url, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  consultant = (await createOrganization(db, { name: 'Consultant', type: 'consultant' })).id;
  client = (await createOrganization(db, { name: 'Client', type: 'client', consultantId: consultant })).id;
  other = (await createOrganization(db, { name: 'Other' })).id;
  const operations = (await createOrganization(db, { name: 'Operations' })).id;
  consultantAdmin = await person(db, consultant, consultantAdminRoles);
  standard = await person(db, consultant, ROLE_PRESETS.standard);
  viewOnly = await person(db, consultant, ROLE_PRESETS.viewOnly);
  otherAdmin = await person(db, other, ROLE_PRESETS.organizationAdmin);
  root = await person(db, operations, ROLE_PRESETS.root);
});
afterAll(() => t?.close());

describe('POST /api/v1/projects', () => {
  it('creates a project in the caller organization, trimmed, with the creator as Full Access member', async () => {
    const res = await call(standard, 'POST', '/api/v1/projects', { name: '  Sales  ' });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Sales', organizationId: consultant, public: false });
    const mine = await call(standard, 'GET', `/api/v1/permissions/projects/${created._id}/my`);
    expect(mine.json()).toMatchObject({ preset: 'full', member: true, roles: P.full });
  });

  it('requires a name', async () => {
    for (const name of ['', '   ']) {
      const res = await call(standard, 'POST', '/api/v1/projects', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ name: 'Required' });
    }
    expect((await call(standard, 'POST', '/api/v1/projects', {})).json().error.fields.name).toBeTruthy();
  });

  it('needs createProjects', async () => {
    expect((await call(viewOnly, 'POST', '/api/v1/projects', { name: 'x' })).statusCode).toBe(403);
  });

  it('creates in another organization only for a consultant (its clients) or manageAllOrganizations', async () => {
    expect((await call(standard, 'POST', '/api/v1/projects', { name: 'x', organizationId: client })).statusCode).toBe(
      404,
    );
    expect(
      (await call(consultantAdmin, 'POST', '/api/v1/projects', { name: 'x', organizationId: other })).statusCode,
    ).toBe(404);
    const forClient = await call(consultantAdmin, 'POST', '/api/v1/projects', {
      name: 'For client',
      organizationId: client,
    });
    expect(forClient.statusCode).toBe(200);
    expect(forClient.json().organizationId).toBe(client);
    const byRoot = await call(root, 'POST', '/api/v1/projects', { name: 'By root', organizationId: other });
    expect(byRoot.json().organizationId).toBe(other);
    expect(
      (await call(root, 'POST', '/api/v1/projects', { name: 'x', organizationId: '0123456789abcdef01234567' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a deactivated organization', async () => {
    const asleep = (await createOrganization(t.database.db, { name: 'Asleep', active: false })).id;
    expect((await call(root, 'POST', '/api/v1/projects', { name: 'x', organizationId: asleep })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/projects/my', () => {
  it('lists member projects sorted by name, with the permission and the organization for the menu', async () => {
    const db = t.database.db;
    const org = (await createOrganization(db, { name: 'Sorted', publicSharing: false })).id;
    const user = await person(db, org);
    for (const name of ['beta', 'Alpha', 'gamma', 'Échelle'])
      await membership(db, user.id, await project(db, org, { name }), P.view);
    await project(db, org, { name: 'not a member' });
    const res = await call(user, 'GET', '/api/v1/projects/my');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'beta', 'Échelle', 'gamma']);
    expect(list[0]).toMatchObject({
      organizationId: org,
      public: false,
      permission: { preset: 'view', member: true, roles: P.view },
      organization: { name: 'Sorted', publicSharing: false, logo: null },
    });
    expect(list[0].permission._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('includes, as Full Access non-member, the projects an organization project manager manages', async () => {
    const db = t.database.db;
    const own = await project(db, consultant, { name: 'Managed own' });
    const ofClient = await project(db, client, { name: 'Managed client' });
    const foreign = await project(db, other, { name: 'Foreign' });
    const list = (await call(consultantAdmin, 'GET', '/api/v1/projects/my')).json() as Array<{
      _id: string;
      permission: object;
    }>;
    const ids = list.map((p) => p._id);
    expect(ids).toEqual(expect.arrayContaining([own, ofClient]));
    expect(ids).not.toContain(foreign);
    expect(list.find((p) => p._id === own)?.permission).toEqual({
      _id: null,
      roles: P.full,
      preset: 'full',
      member: false,
    });
    // A plain user of the same organization sees neither.
    const plain = ((await call(standard, 'GET', '/api/v1/projects/my')).json() as Array<{ _id: string }>).map(
      (p) => p._id,
    );
    expect(plain).not.toContain(own);
  });

  it('drops the projects of a deactivated organization until it is reactivated', async () => {
    const db = t.database.db;
    const org = (await createOrganization(db, { name: 'Flicker' })).id;
    const outsider = await person(db, consultant);
    const id = await project(db, org, { name: 'Flicker project' });
    await membership(db, outsider.id, id, P.full);
    const listed = async () =>
      ((await call(outsider, 'GET', '/api/v1/projects/my')).json() as Array<{ _id: string }>).some((p) => p._id === id);
    expect(await listed()).toBe(true);
    await db.update(organizations).set({ active: false }).where(eq(organizations.id, org));
    expect(await listed()).toBe(false);
    expect((await call(outsider, 'GET', `/api/v1/projects/${id}`)).statusCode).toBe(404);
    await db.update(organizations).set({ active: true }).where(eq(organizations.id, org));
    expect(await listed()).toBe(true);
    expect((await call(outsider, 'GET', `/api/v1/projects/${id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/projects/organizations/:organizationId', () => {
  it('lists an organization projects for its project managers, its consultant and root; else 404', async () => {
    const db = t.database.db;
    await project(db, client, { name: 'Zulu' });
    await project(db, client, { name: 'alpha' });
    const url = `/api/v1/projects/organizations/${client}`;
    const byConsultant = await call(consultantAdmin, 'GET', url);
    expect(byConsultant.statusCode).toBe(200);
    const names = byConsultant.json().map((p: { name: string }) => p.name);
    expect(names.indexOf('alpha')).toBeLessThan(names.indexOf('Zulu'));
    expect(byConsultant.json().every((p: { organizationId: string }) => p.organizationId === client)).toBe(true);
    expect((await call(root, 'GET', url)).statusCode).toBe(200);
    expect((await call(consultantAdmin, 'GET', `/api/v1/projects/organizations/${consultant}`)).statusCode).toBe(200);
    expect((await call(standard, 'GET', `/api/v1/projects/organizations/${consultant}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', `/api/v1/projects/organizations/${other}`)).statusCode).toBe(200);
  });
});

describe('PUT /api/v1/projects/:id', () => {
  it('renames with editProject; a Contributor gets 403; the name is required', async () => {
    const db = t.database.db;
    const id = await project(db, consultant, { name: 'Old' });
    const contributor = await person(db, consultant);
    await membership(db, standard.id, id, P.full);
    await membership(db, contributor.id, id, P.edit);
    const res = await call(standard, 'PUT', `/api/v1/projects/${id}`, { name: ' New ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('New');
    expect((await call(standard, 'PUT', `/api/v1/projects/${id}`, { name: ' ' })).json().error.fields).toEqual({
      name: 'Required',
    });
    expect((await call(contributor, 'PUT', `/api/v1/projects/${id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(standard, 'GET', `/api/v1/projects/${id}`)).json().name).toBe('New');
  });

  it('makes public only when the organization shares publicly', async () => {
    const db = t.database.db;
    const sharing = (await createOrganization(db, { publicSharing: true })).id;
    const closed = (await createOrganization(db, { publicSharing: false })).id;
    const owner = await person(db, sharing);
    const a = await project(db, sharing);
    const b = await project(db, closed);
    await membership(db, owner.id, a);
    await membership(db, owner.id, b);
    expect((await call(owner, 'PUT', `/api/v1/projects/${a}`, { public: true })).json().public).toBe(true);
    expect((await call(owner, 'PUT', `/api/v1/projects/${a}`, { public: false })).json().public).toBe(false);
    const refused = await call(owner, 'PUT', `/api/v1/projects/${b}`, { public: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PUBLIC_SHARING_OFF);
    expect((await call(owner, 'PUT', `/api/v1/projects/${b}`, { public: false })).statusCode).toBe(200);
  });

  it('transfers to a client for a consultant, to any organization for root, else 404', async () => {
    const db = t.database.db;
    const id = await project(db, consultant, { name: 'Moving', public: true });
    await membership(db, consultantAdmin.id, id);
    await membership(db, standard.id, id);
    await membership(db, root.id, id);
    expect((await call(standard, 'PUT', `/api/v1/projects/${id}`, { organizationId: client })).statusCode).toBe(404);
    expect((await call(consultantAdmin, 'PUT', `/api/v1/projects/${id}`, { organizationId: other })).statusCode).toBe(
      404,
    );
    const moved = await call(consultantAdmin, 'PUT', `/api/v1/projects/${id}`, { organizationId: client });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ organizationId: client, public: true });
    // Members keep their permission; the former organization's managers keep it through the consultant rule only.
    expect((await call(standard, 'GET', `/api/v1/projects/${id}`)).statusCode).toBe(200);
    const closed = (await createOrganization(db, { publicSharing: false })).id;
    const again = await call(root, 'PUT', `/api/v1/projects/${id}`, { organizationId: closed });
    // A public project arriving in an organization that does not share becomes private.
    expect(again.json()).toMatchObject({ organizationId: closed, public: false });
  });
});

describe('DELETE /api/v1/projects/:id', () => {
  it('deletes with editProject, with its permissions; others get 403', async () => {
    const db = t.database.db;
    const id = await project(db, consultant);
    const viewer = await person(db, consultant);
    await membership(db, standard.id, id);
    await membership(db, viewer.id, id, P.view);
    expect((await call(viewer, 'DELETE', `/api/v1/projects/${id}`)).statusCode).toBe(403);
    expect((await call(standard, 'DELETE', `/api/v1/projects/${id}`)).json()).toEqual({ ok: true });
    expect((await call(standard, 'GET', `/api/v1/projects/${id}`)).statusCode).toBe(404);
    expect(await db.select().from(permissions).where(eq(permissions.projectId, id))).toEqual([]);
  });
});

describe('organization cascades', () => {
  it('setOrganizationProjectsPublic sets public on each project of the organization only', async () => {
    const db = t.database.db;
    const org = (await createOrganization(db)).id;
    const a = await project(db, org, { public: false });
    const b = await project(db, org, { public: true });
    const elsewhere = await project(db, other, { public: false });
    expect((await setOrganizationProjectsPublic(db, org, true)).sort()).toEqual([a].sort());
    const flags = async () =>
      (await db.select().from(projects))
        .filter((p) => [a, b, elsewhere].includes(p.id))
        .map((p) => [p.id, p.public] as const);
    expect(new Map(await flags())).toEqual(
      new Map([
        [a, true],
        [b, true],
        [elsewhere, false],
      ]),
    );
    expect((await setOrganizationProjectsPublic(db, org, false, realtimeOf(t.app))).sort()).toEqual([a, b].sort());
    expect(new Map(await flags())).toEqual(
      new Map([
        [a, false],
        [b, false],
        [elsewhere, false],
      ]),
    );
    expect(await setOrganizationProjectsPublic(db, org, false)).toEqual([]);
  });

  it('deleting an organization deletes its projects and their permissions', async () => {
    const db = t.database.db;
    const org = (await createOrganization(db)).id;
    const member = await person(db, consultant);
    const id = await project(db, org);
    await membership(db, member.id, id);
    await db.delete(organizations).where(eq(organizations.id, org));
    expect(await db.select().from(projects).where(eq(projects.id, id))).toEqual([]);
    expect(await db.select().from(permissions).where(eq(permissions.projectId, id))).toEqual([]);
  });
});
