import { api, type Endpoint, fillPath, ROLE_PRESETS } from '@tessera/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { multipartFile, TINY_PNG } from '../../test/multipart.ts';
import { createResetCode } from '../auth/index.ts';
import { type ActorName, buildTenants, type Tenants } from './tenants.fixtures.ts';

/**
 * Every route of the administration issue, called by each kind of person, with the status each cell must answer.
 * Columns: root (product operations), consultantAdmin (admin of the consultant, with manageClientOrganizations),
 * clientAdmin (organization admin of the consultant's client), independentAdmin (organization admin of an
 * independent organization), standard and viewOnly (users of the client), unrelatedAdmin (admin of another
 * consultant). Unless the row says otherwise the target is the client organization or one of its users; rows that
 * change or delete something act on a fresh target in each cell.
 */
const MATRIX = `
| request                                   | root | consultantAdmin | clientAdmin | independentAdmin | standard | viewOnly | unrelatedAdmin |
| GET organizations                         | 200  | 200             | 403         | 403              | 403      | 403      | 200            |
| GET organizations/my                      | 200  | 200             | 200         | 200              | 200      | 200      | 200            |
| GET organizations/{client}                | 200  | 200             | 200         | 404              | 200      | 200      | 404            |
| GET organizations/{independent}           | 200  | 404             | 404         | 200              | 404      | 404      | 404            |
| GET organizations/{consultant}/clients    | 200  | 200             | 404         | 404              | 404      | 404      | 404            |
| POST organizations (a client)             | 200  | 200             | 403         | 403              | 403      | 403      | 200            |
| PUT organizations/{client} name           | 200  | 200             | 200         | 404              | 403      | 403      | 404            |
| PUT organizations/{new client} inactive   | 200  | 200             | 404         | 404              | 404      | 404      | 404            |
| DELETE organizations/{new client}         | 200  | 200             | 404         | 404              | 404      | 404      | 404            |
| PUT organizations/{client}/logo           | 200  | 200             | 200         | 404              | 403      | 403      | 404            |
| GET users/organizations/{client}          | 200  | 200             | 200         | 404              | 403      | 403      | 404            |
| POST users?organizationId={client}        | 200  | 200             | 200         | 404              | 403      | 403      | 404            |
| PUT users/{new client user} name, roles   | 200  | 200             | 200         | 404              | 404      | 404      | 404            |
| PUT users/{new client user} inactive      | 200  | 200             | 200         | 404              | 404      | 404      | 404            |
| DELETE users/{new client user}            | 200  | 200             | 200         | 404              | 404      | 404      | 404            |
| POST users/{new unclaimed}/resendEmail    | 200  | 200             | 200         | 404              | 404      | 404      | 404            |
| GET logs/organizations/{client}           | 200  | 200             | 200         | 404              | 403      | 403      | 404            |
`;

type Request = { endpoint: Endpoint; build: (w: Tenants) => Promise<InjectOptions> };
const req = (
  endpoint: Endpoint,
  build: (
    w: Tenants,
  ) => Promise<{ params?: Record<string, string>; query?: string; payload?: unknown; multipart?: boolean }>,
): Request => ({
  endpoint,
  build: async (w) => {
    const { params, query, payload, multipart } = await build(w);
    const url = fillPath(endpoint.path, params) + (query ?? '');
    if (multipart) return { method: endpoint.method, url, ...multipartFile('logo', 'logo.png', 'image/png', TINY_PNG) };
    return { method: endpoint.method, url, ...(payload === undefined ? {} : { payload: payload as object }) };
  },
});

let t: TestApp;
let w: Tenants;
let seq = 0;
const newClient = async () =>
  (await createOrganization(t.database.db, { type: 'client', consultantId: w.orgs.consultant.id })).id;
const newClientUser = async (needsReset = false) => {
  const user = await createUser(t.database.db, w.orgs.client.id, {
    password: needsReset ? null : undefined,
    needsReset,
  });
  if (needsReset) await createResetCode(t.database.db, user.id, 'invitation');
  return user.id;
};

const REQUESTS: Record<string, Request> = {
  'GET organizations': req(api.listOrganizations, async () => ({})),
  'GET organizations/my': req(api.getMyOrganization, async () => ({})),
  'GET organizations/{client}': req(api.getOrganization, async () => ({ params: { id: w.orgs.client.id } })),
  'GET organizations/{independent}': req(api.getOrganization, async () => ({ params: { id: w.orgs.independent.id } })),
  'GET organizations/{consultant}/clients': req(api.listClientOrganizations, async () => ({
    params: { id: w.orgs.consultant.id },
  })),
  'POST organizations (a client)': req(api.createOrganization, async () => ({
    payload: { name: `New client ${++seq}`, type: 'client', consultantId: w.orgs.consultant.id },
  })),
  'PUT organizations/{client} name': req(api.updateOrganization, async () => ({
    params: { id: w.orgs.client.id },
    payload: { name: `Client ${++seq}` },
  })),
  'PUT organizations/{new client} inactive': req(api.updateOrganization, async () => ({
    params: { id: await newClient() },
    payload: { active: false },
  })),
  'DELETE organizations/{new client}': req(api.deleteOrganization, async () => ({ params: { id: await newClient() } })),
  'PUT organizations/{client}/logo': req(api.uploadOrganizationLogo, async () => ({
    params: { id: w.orgs.client.id },
    multipart: true,
  })),
  'GET users/organizations/{client}': req(api.listOrganizationUsers, async () => ({
    params: { id: w.orgs.client.id },
  })),
  'POST users?organizationId={client}': req(api.createUser, async () => ({
    query: `?organizationId=${w.orgs.client.id}`,
    payload: { first: 'New', last: 'User', email: `new-${++seq}@example.com`, roles: ROLE_PRESETS.standard },
  })),
  'PUT users/{new client user} name, roles': req(api.updateUser, async () => ({
    params: { id: await newClientUser() },
    payload: { name: { first: 'Renamed', last: 'User' }, roles: ROLE_PRESETS.viewOnly },
  })),
  'PUT users/{new client user} inactive': req(api.updateUser, async () => ({
    params: { id: await newClientUser() },
    payload: { active: false },
  })),
  'DELETE users/{new client user}': req(api.deleteUser, async () => ({ params: { id: await newClientUser() } })),
  'POST users/{new unclaimed}/resendEmail': req(api.resendUserEmail, async () => ({
    params: { id: await newClientUser(true) },
  })),
  'GET logs/organizations/{client}': req(api.organizationLoginLog, async () => ({ params: { id: w.orgs.client.id } })),
};

/** The routes this issue adds (and organizations/my, which it extends): each must appear in the matrix. */
const ISSUE_ENDPOINTS: Endpoint[] = [
  api.listOrganizations,
  api.getMyOrganization,
  api.getOrganization,
  api.createOrganization,
  api.updateOrganization,
  api.deleteOrganization,
  api.listClientOrganizations,
  api.uploadOrganizationLogo,
  api.listOrganizationUsers,
  api.createUser,
  api.updateUser,
  api.deleteUser,
  api.resendUserEmail,
  api.organizationLoginLog,
];

function parse(table: string) {
  const lines = table
    .trim()
    .split('\n')
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  const [header, ...rows] = lines;
  const columns = header.slice(1) as ActorName[];
  return { columns, rows: rows.map(([label, ...codes]) => ({ label, codes: codes.map(Number) })) };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTenants(t.database.db);
});
afterAll(() => t?.close());

describe('tenant matrix of the administration routes', () => {
  const { columns, rows } = parse(MATRIX);

  it('covers every route of the issue, for every kind of person', () => {
    expect([...columns].sort()).toEqual(Object.keys(w.actors).sort());
    expect(rows.map((r) => r.label).sort()).toEqual(Object.keys(REQUESTS).sort());
    const covered = new Set(Object.values(REQUESTS).map((r) => r.endpoint));
    expect(ISSUE_ENDPOINTS.filter((e) => !covered.has(e)).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('answers each cell as the table says', async () => {
    const differences: string[] = [];
    for (const { label, codes } of rows) {
      for (const [i, name] of columns.entries()) {
        const request = await REQUESTS[label].build(w);
        const res = await as(t.app, w.actors[name].token)(request);
        if (res.statusCode !== codes[i])
          differences.push(`${label} as ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (res.statusCode >= 400)
          expect(Object.keys(res.json().error)).toEqual(expect.arrayContaining(['code', 'message']));
      }
    }
    expect(differences).toEqual([]);
  });

  it('answers another tenant’s organization and users exactly like unknown ones', async () => {
    const unknown = '0123456789abcdef01234567';
    const stranger = as(t.app, w.actors.independentAdmin.token);
    const clientUser = await newClientUser();
    const pairs: Array<[InjectOptions, InjectOptions]> = [
      [
        { method: 'GET', url: `/api/v1/organizations/${w.orgs.client.id}` },
        { method: 'GET', url: `/api/v1/organizations/${unknown}` },
      ],
      [
        { method: 'GET', url: `/api/v1/users/organizations/${w.orgs.client.id}` },
        { method: 'GET', url: `/api/v1/users/organizations/${unknown}` },
      ],
      [
        { method: 'PUT', url: `/api/v1/users/${clientUser}`, payload: { active: false } },
        { method: 'PUT', url: `/api/v1/users/${unknown}`, payload: { active: false } },
      ],
      [
        { method: 'DELETE', url: `/api/v1/organizations/${w.orgs.client.id}` },
        { method: 'DELETE', url: `/api/v1/organizations/${unknown}` },
      ],
    ];
    for (const [hidden, missing] of pairs) {
      const a = await stranger(hidden);
      const b = await stranger(missing);
      expect(a.statusCode, hidden.url as string).toBe(404);
      expect(a.body).toBe(b.body);
    }
    // Nothing was changed by the refused calls.
    const seen = await as(
      t.app,
      w.actors.clientAdmin.token,
    )({ method: 'GET', url: `/api/v1/users/organizations/${w.orgs.client.id}` });
    expect(seen.json().find((u: { _id: string }) => u._id === clientUser).active).toBe(true);
  });
});
