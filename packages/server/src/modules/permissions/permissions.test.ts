import {
  type OrgRoles,
  PROJECT_ROLE_PRESETS as P,
  type ProjectRoles,
  ROLE_PRESETS,
  SERVER_ERRORS,
} from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, permissions, users } from '../../platform/tenancy.tables.ts';
import { createOrganization } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { membership, type Person, person, project } from '../projects/projects.fixtures.ts';

const ALREADY_MEMBER = SERVER_ERRORS['project.alreadyMember'];
const HOLDS_MORE = SERVER_ERRORS['project.holdsMore'];
const MORE_THAN_HELD = SERVER_ERRORS['project.moreThanHeld'];
const OWN_ROLE = SERVER_ERRORS['project.ownRole'];

let t: TestApp;
let consultant: string;
let client: string;
let other: string;

const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(t.app, who.token)({ method, url, ...(payload ? { payload } : {}) });
const ids = (res: { json(): unknown }) => (res.json() as Array<{ _id: string }>).map((u) => u._id);
const managerRoles: OrgRoles = { ...ROLE_PRESETS.organizationAdmin, manageClientOrganizations: true };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  consultant = (await createOrganization(db, { name: 'Consultant', type: 'consultant' })).id;
  client = (await createOrganization(db, { name: 'Client', type: 'client', consultantId: consultant })).id;
  other = (await createOrganization(db, { name: 'Other' })).id;
});
afterAll(() => t?.close());

/** A project of the consultant organization with an owner (Full Access) and a viewer. */
async function setUp() {
  const db = t.database.db;
  const id = await project(db, consultant);
  const owner = await person(db, consultant, ROLE_PRESETS.standard, 'Owner');
  const viewer = await person(db, consultant, ROLE_PRESETS.standard, 'Viewer');
  const ownerPermission = await membership(db, owner.id, id, P.full);
  const viewerPermission = await membership(db, viewer.id, id, P.view);
  return { db, id, owner, viewer, ownerPermission, viewerPermission };
}

describe('members', () => {
  it('lists the members with their user, preset and roles, to any member', async () => {
    const { id, owner, viewer, viewerPermission } = await setUp();
    const res = await call(viewer, 'GET', `/api/v1/permissions/projects/${id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((m: { user: { name: { first: string } } }) => m.user.name.first)).toEqual(['Owner', 'Viewer']);
    expect(list[1]).toEqual({
      _id: viewerPermission,
      userId: viewer.id,
      projectId: id,
      roles: P.view,
      preset: 'view',
      user: expect.objectContaining({ _id: viewer.id, organizationId: consultant, active: true, logo: null }),
    });
    expect(list[0]).toMatchObject({ userId: owner.id, preset: 'full' });
    expect(list[1].user).not.toHaveProperty('passwordHash');
  });

  it('answers the caller own permission', async () => {
    const { id, viewer, viewerPermission } = await setUp();
    const res = await call(viewer, 'GET', `/api/v1/permissions/projects/${id}/my`);
    expect(res.json()).toEqual({ _id: viewerPermission, roles: P.view, preset: 'view', member: true });
  });

  it('recognises a custom role', async () => {
    const { db, id, owner } = await setUp();
    const custom = await person(db, consultant);
    await membership(db, custom.id, id, { ...P.view, dataset: 'edit' });
    const list = (await call(owner, 'GET', `/api/v1/permissions/projects/${id}`)).json() as Array<{
      userId: string;
      preset: string;
    }>;
    expect(list.find((m) => m.userId === custom.id)?.preset).toBe('custom');
  });
});

describe('candidates', () => {
  it('offers only active users of the chosen organization who are not members yet', async () => {
    const { db, id, owner, viewer } = await setUp();
    const fresh = await person(db, consultant);
    const inactive = await person(db, consultant);
    await db.update(users).set({ active: false }).where(eq(users.id, inactive.id));
    const res = await call(owner, 'GET', `/api/v1/permissions/projects/${id}/candidates`);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toContain(fresh.id);
    expect(ids(res)).not.toContain(inactive.id);
    expect(ids(res)).not.toContain(owner.id);
    expect(ids(res)).not.toContain(viewer.id);
    expect(res.json().every((u: { organizationId: string }) => u.organizationId === consultant)).toBe(true);
  });

  it('offers a client organization to a consultant, any to root, nothing else', async () => {
    const { db, id, owner } = await setUp();
    const manager = await person(db, consultant, managerRoles);
    const root = await person(db, other, ROLE_PRESETS.root);
    await membership(db, root.id, id);
    const clientUser = await person(db, client);
    const otherUser = await person(db, other);
    const q = (org: string) => `/api/v1/permissions/projects/${id}/candidates?organizationId=${org}`;
    expect((await call(owner, 'GET', q(client))).statusCode).toBe(404);
    expect(ids(await call(manager, 'GET', q(client)))).toContain(clientUser.id);
    expect((await call(manager, 'GET', q(other))).statusCode).toBe(404);
    expect(ids(await call(root, 'GET', q(other)))).toContain(otherUser.id);
    expect((await call(root, 'GET', q('0123456789abcdef01234567'))).statusCode).toBe(404);
  });

  it('needs editMembers', async () => {
    const { id, viewer } = await setUp();
    expect((await call(viewer, 'GET', `/api/v1/permissions/projects/${id}/candidates`)).statusCode).toBe(403);
  });
});

describe('POST /api/v1/permissions', () => {
  it('adds a member as View Dashboards by default', async () => {
    const { db, id, owner } = await setUp();
    const newcomer = await person(db, consultant);
    const res = await call(owner, 'POST', '/api/v1/permissions', { projectId: id, userId: newcomer.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: newcomer.id,
      projectId: id,
      roles: P.viewDashboards,
      preset: 'viewDashboards',
    });
    expect((await call(newcomer, 'GET', `/api/v1/projects/${id}`)).statusCode).toBe(200);
    const again = await call(owner, 'POST', '/api/v1/permissions', {
      projectId: id,
      userId: newcomer.id,
      roles: P.view,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ALREADY_MEMBER);
  });

  it('never grants more than the granter holds', async () => {
    const { db, id } = await setUp();
    const granter = await person(db, consultant);
    const roles: ProjectRoles = { ...P.view, dataset: 'edit', editMembers: true };
    await membership(db, granter.id, id, roles);
    const newcomer = await person(db, consultant);
    const add = (r: ProjectRoles) =>
      call(granter, 'POST', '/api/v1/permissions', { projectId: id, userId: newcomer.id, roles: r });
    for (const tooMuch of [
      P.edit,
      P.full,
      { ...P.view, model: 'edit' } as ProjectRoles,
      { ...P.view, editProject: true },
    ]) {
      const res = await add(tooMuch);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(MORE_THAN_HELD);
    }
    expect((await add({ ...P.view, dataset: 'edit', editMembers: true })).statusCode).toBe(200);
  });

  it('only adds users that would be offered', async () => {
    const { db, id, owner } = await setUp();
    const stranger = await person(db, other);
    const clientUser = await person(db, client);
    const asleep = await person(db, consultant);
    await db.update(users).set({ active: false }).where(eq(users.id, asleep.id));
    for (const userId of [stranger.id, clientUser.id, asleep.id, '0123456789abcdef01234567']) {
      expect((await call(owner, 'POST', '/api/v1/permissions', { projectId: id, userId })).statusCode).toBe(404);
    }
    // A consultant who manages its clients may add their users.
    const manager = await person(db, consultant, managerRoles);
    expect(
      (await call(manager, 'POST', '/api/v1/permissions', { projectId: id, userId: clientUser.id })).statusCode,
    ).toBe(200);
  });

  it('needs editMembers on the project named in the body; another organization answers 404', async () => {
    const { db, id, viewer } = await setUp();
    const newcomer = await person(db, consultant);
    expect((await call(viewer, 'POST', '/api/v1/permissions', { projectId: id, userId: newcomer.id })).statusCode).toBe(
      403,
    );
    const stranger = await person(db, other, ROLE_PRESETS.organizationAdmin);
    expect(
      (await call(stranger, 'POST', '/api/v1/permissions', { projectId: id, userId: newcomer.id })).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/v1/permissions/:id', () => {
  it('changes a member roles within what the caller holds', async () => {
    const { db, id, owner, viewerPermission } = await setUp();
    const res = await call(owner, 'PUT', `/api/v1/permissions/${viewerPermission}`, { roles: P.edit });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: viewerPermission, roles: P.edit, preset: 'edit' });
    const limited = await person(db, consultant);
    await membership(db, limited.id, id, { ...P.view, editMembers: true });
    expect((await call(limited, 'PUT', `/api/v1/permissions/${viewerPermission}`, { roles: P.full })).statusCode).toBe(
      403,
    );
    // The member now edits, which `limited` does not: they may not demote them (see below); back to View, they may.
    expect((await call(owner, 'PUT', `/api/v1/permissions/${viewerPermission}`, { roles: P.view })).statusCode).toBe(
      200,
    );
    expect(
      (await call(limited, 'PUT', `/api/v1/permissions/${viewerPermission}`, { roles: P.viewDashboards })).statusCode,
    ).toBe(200);
  });

  it('nobody changes or removes a member who holds more rights than they do (the creator)', async () => {
    const { db, id, owner, ownerPermission, viewerPermission } = await setUp();
    // A member who may only edit members (and view dashboards).
    const membersOnly = await person(db, consultant, ROLE_PRESETS.standard, 'Members');
    await membership(db, membersOnly.id, id, { ...P.viewDashboards, editMembers: true });
    const demote = await call(membersOnly, 'PUT', `/api/v1/permissions/${ownerPermission}`, {
      roles: P.viewDashboards,
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error.message).toBe(HOLDS_MORE);
    const remove = await call(membersOnly, 'DELETE', `/api/v1/permissions/${ownerPermission}`);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error.message).toBe(HOLDS_MORE);
    // Nor the viewer, who may view datasets, which they may not.
    expect((await call(membersOnly, 'DELETE', `/api/v1/permissions/${viewerPermission}`)).statusCode).toBe(403);
    // The creator and the viewer are unchanged.
    const roles = async (permissionId: string) =>
      (await db.select().from(permissions).where(eq(permissions.id, permissionId)))[0]?.roles;
    expect(await roles(ownerPermission)).toEqual(P.full);
    expect(await roles(viewerPermission)).toEqual(P.view);
    // Within their rights they act: a View Dashboards member is changed, then removed.
    const lesser = await person(db, consultant, ROLE_PRESETS.standard, 'Lesser');
    const lesserPermission = await membership(db, lesser.id, id, P.viewDashboards);
    const changed = await call(membersOnly, 'PUT', `/api/v1/permissions/${lesserPermission}`, {
      roles: { ...P.viewDashboards, editMembers: true },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(membersOnly, 'DELETE', `/api/v1/permissions/${lesserPermission}`)).statusCode).toBe(200);
    // The creator still may act on anyone.
    expect((await call(owner, 'DELETE', `/api/v1/permissions/${viewerPermission}`)).statusCode).toBe(200);
  });

  it('keeps the package role equal to the model role on every write', async () => {
    const { db, id, owner, viewerPermission } = await setUp();
    const hidden = { ...P.viewDashboards, dashboard: 'hidden' } as ProjectRoles;
    // Model view with package hidden would open a Models tab whose page (package view) sends the user back.
    const updated = await call(owner, 'PUT', `/api/v1/permissions/${viewerPermission}`, {
      roles: { ...hidden, model: 'view' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().roles).toEqual({ ...hidden, model: 'view', package: 'view' });
    const newcomer = await person(db, consultant);
    const added = await call(owner, 'POST', '/api/v1/permissions', {
      projectId: id,
      userId: newcomer.id,
      roles: { ...P.view, model: 'edit', package: 'hidden' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().roles).toMatchObject({ model: 'edit', package: 'edit' });
    const [stored] = await db.select().from(permissions).where(eq(permissions.id, added.json()._id));
    expect(stored.roles).toMatchObject({ model: 'edit', package: 'edit' });
    // A package role without the model role follows the model role too.
    const packageOnly = await call(owner, 'PUT', `/api/v1/permissions/${viewerPermission}`, {
      roles: { ...hidden, package: 'edit' },
    });
    expect(packageOnly.json().roles).toEqual(hidden);
  });

  it('refuses one own role unless the caller manages the organization projects', async () => {
    const { db, id, owner, ownerPermission } = await setUp();
    const refused = await call(owner, 'PUT', `/api/v1/permissions/${ownerPermission}`, { roles: P.view });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(OWN_ROLE);
    const manager = await person(db, consultant, managerRoles);
    const own = await membership(db, manager.id, id, P.view);
    const allowed = await call(manager, 'PUT', `/api/v1/permissions/${own}`, { roles: P.edit });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().preset).toBe('edit');
  });

  it('validates the roles and needs editMembers', async () => {
    const { viewer, owner, ownerPermission, viewerPermission } = await setUp();
    expect(
      (await call(owner, 'PUT', `/api/v1/permissions/${viewerPermission}`, { roles: { ...P.view, dataset: 'admin' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(owner, 'PUT', `/api/v1/permissions/${viewerPermission}`, { roles: { dataset: 'view' } })).statusCode,
    ).toBe(400);
    expect((await call(viewer, 'PUT', `/api/v1/permissions/${ownerPermission}`, { roles: P.view })).statusCode).toBe(
      403,
    );
    expect(
      (await call(owner, 'PUT', '/api/v1/permissions/0123456789abcdef01234567', { roles: P.view })).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/v1/permissions/:id', () => {
  it('removes a member with editMembers; a member without it cannot remove others', async () => {
    const { db, id, owner, viewer, ownerPermission, viewerPermission } = await setUp();
    expect((await call(viewer, 'DELETE', `/api/v1/permissions/${ownerPermission}`)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `/api/v1/permissions/${viewerPermission}`)).json()).toEqual({ ok: true });
    expect((await call(viewer, 'GET', `/api/v1/projects/${id}`)).statusCode).toBe(404);
    expect(await db.select().from(permissions).where(eq(permissions.id, viewerPermission))).toEqual([]);
  });

  it('lets any member leave', async () => {
    const { id, viewer, viewerPermission } = await setUp();
    expect((await call(viewer, 'DELETE', `/api/v1/permissions/${viewerPermission}`)).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `/api/v1/projects/${id}`)).statusCode).toBe(404);
    expect((await call(viewer, 'DELETE', `/api/v1/permissions/${viewerPermission}`)).statusCode).toBe(404);
  });

  it('answers 404 to another organization and for a deactivated organization project', async () => {
    const { db, viewerPermission } = await setUp();
    const stranger = await person(db, other, ROLE_PRESETS.organizationAdmin);
    expect((await call(stranger, 'DELETE', `/api/v1/permissions/${viewerPermission}`)).statusCode).toBe(404);
    // A consultant member of a client project: the client organization is deactivated, the member is not.
    const id = await project(db, client);
    const member = await person(db, consultant);
    const mine = await membership(db, member.id, id, P.full);
    await db.update(organizations).set({ active: false }).where(eq(organizations.id, client));
    try {
      expect((await call(member, 'DELETE', `/api/v1/permissions/${mine}`)).statusCode).toBe(404);
      expect((await call(member, 'GET', `/api/v1/permissions/projects/${id}`)).statusCode).toBe(404);
    } finally {
      await db.update(organizations).set({ active: true }).where(eq(organizations.id, client));
    }
    expect((await call(member, 'GET', `/api/v1/permissions/projects/${id}`)).statusCode).toBe(200);
  });
});
