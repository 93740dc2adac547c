import { ROLE_PRESETS } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, randomAddress, signIn } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { actor, buildTenants, type Tenants } from '../organizations/tenants.fixtures.ts';

let t: TestApp;
let w: Tenants;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildTenants(t.database.db);
});
afterAll(() => t?.close());

const log = (token: string, organizationId: string) =>
  as(t.app, token)({ method: 'GET', url: `/api/v1/logs/organizations/${organizationId}` });

describe('GET /api/v1/logs/organizations/:id', () => {
  it("lists the sign-ins of the organization's users only, newest first", async () => {
    const ada = await createUser(t.database.db, w.orgs.client.id);
    const outsider = await createUser(t.database.db, w.orgs.independent.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: ada.email, password: 'Wrong-1!' },
      remoteAddress: randomAddress(),
    });
    const token = await signIn(t.app, ada.email, ada.password);
    await as(t.app, token)({ method: 'DELETE', url: '/api/v1/logout' });
    await signIn(t.app, outsider.email, outsider.password);

    const res = await log(w.actors.clientAdmin.token, w.orgs.client.id);
    expect(res.statusCode).toBe(200);
    const events = res.json() as Array<{ type: string; status: string; email: string; timeCreated: string }>;
    expect(events.map((e) => `${e.type}:${e.status}:${e.email === ada.email}`)).toEqual([
      'logout:success:true',
      'login:success:true',
      'login-attempt:failure:true',
    ]);
    const times = events.map((e) => Date.parse(e.timeCreated));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.body).not.toContain(outsider.email);
    expect(res.body).not.toContain('"ip"');
  });

  it('answers an empty list for an organization without activity', async () => {
    const quiet = await createOrganization(t.database.db);
    expect((await log(w.actors.root.token, quiet.id)).json()).toEqual([]);
  });

  it('lets a consultant read its clients’ history only with viewOrganizationLogins too', async () => {
    const withLogins = await actor(t.database.db, w.orgs.consultant.id, {
      ...ROLE_PRESETS.viewOnly,
      manageClientOrganizations: true,
      viewOrganizationLogins: true,
    });
    const without = await actor(t.database.db, w.orgs.consultant.id, {
      ...ROLE_PRESETS.viewOnly,
      manageClientOrganizations: true,
    });
    expect((await log(withLogins.token, w.orgs.client.id)).statusCode).toBe(200);
    const refused = await log(without.token, w.orgs.client.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
  });

  it('hides another organization’s history like an unknown one', async () => {
    const hidden = await log(w.actors.independentAdmin.token, w.orgs.client.id);
    const unknown = await log(w.actors.independentAdmin.token, '0123456789abcdef01234567');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(unknown.body);
    expect((await log(w.actors.independentAdmin.token, 'nope')).statusCode).toBe(400);
  });
});
