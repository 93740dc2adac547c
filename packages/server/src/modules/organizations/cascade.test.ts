import { PROJECT_ROLE_PRESETS, ROLE_PRESETS } from '@tessera/shared';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { accessTokens, permissions, projects, users } from '../../platform/tenancy.tables.ts';
import { createOrganization, createUser, randomAddress, signIn, type TestUser } from '../../test/accounts.ts';
import { as, createTestApp, ROOT, type TestApp } from '../../test/harness.ts';
import { loginEvents } from '../auth/index.ts';
import { addProject } from './tenants.fixtures.ts';

/**
 * Deactivating an organization disables all its accounts at once; reactivating restores exactly those that were
 * not deactivated one by one; deleting it leaves nothing of it anywhere (issue 3).
 */

let t: TestApp;
let rootToken: string;
beforeAll(async () => {
  t = await createTestApp();
  rootToken = await signIn(t.app, ROOT.email, ROOT.password);
});
afterAll(() => t?.close());

const root = () => as(t.app, rootToken);
const attempt = (user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: randomAddress(),
  });
const lastStatus = async (email: string) => {
  const events = await t.database.db.select().from(loginEvents).where(eq(loginEvents.email, email));
  return events.sort((a, b) => +b.timeCreated - +a.timeCreated)[0]?.status;
};
const me = (token: string) => as(t.app, token)({ method: 'GET', url: '/api/v1/users/my' });
const setActive = (id: string, active: boolean) =>
  root()({ method: 'PUT', url: `/api/v1/organizations/${id}`, payload: { active } });

describe('deactivating and reactivating an organization', () => {
  it('signs out all its accounts at once and restores only those not deactivated one by one', async () => {
    const consultant = await createOrganization(t.database.db, { type: 'consultant' });
    const org = await createOrganization(t.database.db, { type: 'client', consultantId: consultant.id });
    const admin = await createUser(t.database.db, org.id, { roles: ROLE_PRESETS.organizationAdmin });
    const colleague = await createUser(t.database.db, org.id);
    const benched = await createUser(t.database.db, org.id);
    const adminToken = await signIn(t.app, admin.email, admin.password);
    const colleagueToken = await signIn(t.app, colleague.email, colleague.password);
    const projectId = await addProject(t.database.db, org.id);
    await t.database.db
      .insert(permissions)
      .values({ id: newId(), userId: colleague.id, projectId, roles: PROJECT_ROLE_PRESETS.full });
    expect((await as(t.app, colleagueToken)({ method: 'GET', url: `/api/v1/projects/${projectId}` })).statusCode).toBe(
      200,
    );

    // One user is deactivated individually, by the organization's own admin.
    const off = await as(
      t.app,
      adminToken,
    )({ method: 'PUT', url: `/api/v1/users/${benched.id}`, payload: { active: false } });
    expect(off.json().active).toBe(false);

    // The organization is deactivated: every account stops at once.
    expect((await setActive(org.id, false)).json().active).toBe(false);
    expect((await me(adminToken)).statusCode).toBe(401);
    expect((await me(colleagueToken)).statusCode).toBe(401);
    for (const user of [admin, colleague, benched]) {
      expect((await attempt(user)).statusCode).toBe(401);
      expect(await lastStatus(user.email)).toBe('deactivated');
    }
    // Its sessions are over, not suspended, and its users keep their own flag.
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(accessTokens)
      .where(inArray(accessTokens.userId, [admin.id, colleague.id]));
    expect(Number(n)).toBe(0);
    const listed = await root()({ method: 'GET', url: `/api/v1/users/organizations/${org.id}` });
    expect(Object.fromEntries(listed.json().map((u: { _id: string; active: boolean }) => [u._id, u.active]))).toEqual({
      [admin.id]: true,
      [colleague.id]: true,
      [benched.id]: false,
    });
    // Its consultant still sees it, inactive.
    expect((await root()({ method: 'GET', url: `/api/v1/organizations/${org.id}` })).json().active).toBe(false);

    // Reactivated: back in, except the one deactivated individually.
    expect((await setActive(org.id, true)).json().active).toBe(true);
    expect((await me(adminToken)).statusCode).toBe(401); // the old session stays ended
    const again = await signIn(t.app, admin.email, admin.password);
    expect((await me(again)).statusCode).toBe(200);
    const colleagueAgain = await signIn(t.app, colleague.email, colleague.password);
    expect((await as(t.app, colleagueAgain)({ method: 'GET', url: `/api/v1/projects/${projectId}` })).statusCode).toBe(
      200,
    );
    expect((await attempt(benched)).statusCode).toBe(401);
    expect(await lastStatus(benched.email)).toBe('deactivated');
  });
});

describe('deleting an organization', () => {
  it('erases its users, projects and login history; nothing of it remains in any list', async () => {
    const consultant = await createOrganization(t.database.db, { type: 'consultant' });
    const consultantAdmin = await createUser(t.database.db, consultant.id, {
      roles: { ...ROLE_PRESETS.organizationAdmin, manageClientOrganizations: true },
    });
    const consultantToken = await signIn(t.app, consultantAdmin.email, consultantAdmin.password);
    const org = await createOrganization(t.database.db, {
      name: 'Doomed',
      type: 'client',
      consultantId: consultant.id,
    });
    const user = await createUser(t.database.db, org.id);
    const userToken = await signIn(t.app, user.email, user.password);
    const projectId = await addProject(t.database.db, org.id);

    const res = await as(t.app, consultantToken)({ method: 'DELETE', url: `/api/v1/organizations/${org.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    for (const token of [rootToken, consultantToken]) {
      const list = await as(t.app, token)({ method: 'GET', url: '/api/v1/organizations' });
      expect(list.body).not.toContain(org.id);
      expect((await as(t.app, token)({ method: 'GET', url: `/api/v1/organizations/${org.id}` })).statusCode).toBe(404);
      expect((await as(t.app, token)({ method: 'GET', url: `/api/v1/users/organizations/${org.id}` })).statusCode).toBe(
        404,
      );
      expect((await as(t.app, token)({ method: 'GET', url: `/api/v1/logs/organizations/${org.id}` })).statusCode).toBe(
        404,
      );
    }
    const clients = await as(
      t.app,
      consultantToken,
    )({ method: 'GET', url: `/api/v1/organizations/${consultant.id}/clients` });
    expect(clients.json()).toEqual([]);
    expect((await me(userToken)).statusCode).toBe(401);
    expect((await attempt(user)).statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.organizationId, org.id))).toEqual([]);
    expect(await t.database.db.select().from(projects).where(eq(projects.id, projectId))).toEqual([]);
    expect(await t.database.db.select().from(loginEvents).where(eq(loginEvents.organizationId, org.id))).toEqual([]);
    expect((await root()({ method: 'DELETE', url: `/api/v1/organizations/${org.id}` })).statusCode).toBe(404);
  });
});
