import { PROJECT_ROLE_PRESETS as P, type ProjectRoles, ROLE_PRESETS } from '@tessera/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { registeredRoutes } from '../../platform/access.ts';
import { newId } from '../../platform/ids.ts';
import { createOrganization } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import type { AssetKind } from './assetKinds.ts';
import { membership, type Person, person, project } from './projects.fixtures.ts';

/**
 * The permission matrix of issue 4: every project route × each preset × a member of another organization.
 * Each cell runs on a fresh project of organization A where the four preset holders are members (and members
 * of a second project B with the same preset, for Transfer Assets); the outsider administers organization O.
 */
const COLUMNS = ['full', 'edit', 'view', 'viewDashboards', 'outsider'] as const;
type Column = (typeof COLUMNS)[number];
type Cell = number | 'listed' | 'absent';

interface Fixture {
  project: string;
  second: string;
  own: string | undefined;
  victim: string;
  widget: string;
}

// One asset kind (dataset area) on a table of this test, so that Transfer Assets moves something real.
const widgets = pgTable('matrix_widgets', { id: text('id').primaryKey(), projectId: text('project_id').notNull() });

// route → [full, edit, view, viewDashboards, outsider]
// biome-ignore format: a table reads best aligned
const MATRIX: Record<string, [Cell, Cell, Cell, Cell, Cell]> = {
  'GET /projects/my (lists it)':              ['listed', 'listed', 'listed', 'listed', 'absent'],
  'GET /projects/:id':                        [200, 200, 200, 200, 404],
  'PUT /projects/:id {name}':                 [200, 403, 403, 403, 404],
  'PUT /projects/:id {public}':               [200, 403, 403, 403, 404],
  'PUT /projects/:id {organizationId}':       [404, 403, 403, 403, 404],
  'DELETE /projects/:id':                     [200, 403, 403, 403, 404],
  'PUT /projects/:id/transferTo/:to':         [200, 200, 403, 403, 404],
  'GET /permissions/projects/:id':            [200, 200, 200, 200, 404],
  'GET /permissions/projects/:id/my':         [200, 200, 200, 200, 404],
  'GET /permissions/projects/:id/candidates': [200, 403, 403, 403, 404],
  'POST /permissions':                        [200, 403, 403, 403, 404],
  'PUT /permissions/:id (another member)':    [200, 403, 403, 403, 404],
  'DELETE /permissions/:id (another member)': [200, 403, 403, 403, 404],
  'DELETE /permissions/:id (own: leave)':     [200, 200, 200, 200, 404],
  'GET /projects/organizations/:orgId':       [404, 404, 404, 404, 404],
};

let t: TestApp;
let orgA: string;
let orgO: string;
let users: Record<Column, Person>;
let candidate: Person;
let victim: Person;

const PRESETS: Record<Exclude<Column, 'outsider'>, ProjectRoles> = {
  full: P.full,
  edit: P.edit,
  view: P.view,
  viewDashboards: P.viewDashboards,
};

async function fixture(db: Db, column: Column): Promise<Fixture> {
  const id = await project(db, orgA);
  const second = await project(db, orgA);
  let own: string | undefined;
  for (const [name, roles] of Object.entries(PRESETS)) {
    const permission = await membership(db, users[name as Column].id, id, roles);
    await membership(db, users[name as Column].id, second, roles);
    if (name === column) own = permission;
  }
  const victimPermission = await membership(db, victim.id, id, P.view);
  const widget = newId();
  await db.insert(widgets).values({ id: widget, projectId: id });
  return { project: id, second, own: own ?? victimPermission, victim: victimPermission, widget };
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const REQUESTS: Record<string, (f: Fixture) => Call> = {
  'GET /projects/my (lists it)': () => ({ method: 'GET', url: '/api/v1/projects/my' }),
  'GET /projects/:id': (f) => ({ method: 'GET', url: `/api/v1/projects/${f.project}` }),
  'PUT /projects/:id {name}': (f) => ({
    method: 'PUT',
    url: `/api/v1/projects/${f.project}`,
    payload: { name: 'Renamed' },
  }),
  'PUT /projects/:id {public}': (f) => ({
    method: 'PUT',
    url: `/api/v1/projects/${f.project}`,
    payload: { public: true },
  }),
  'PUT /projects/:id {organizationId}': (f) => ({
    method: 'PUT',
    url: `/api/v1/projects/${f.project}`,
    payload: { organizationId: orgO },
  }),
  'DELETE /projects/:id': (f) => ({ method: 'DELETE', url: `/api/v1/projects/${f.project}` }),
  'PUT /projects/:id/transferTo/:to': (f) => ({
    method: 'PUT',
    url: `/api/v1/projects/${f.project}/transferTo/${f.second}`,
    payload: { widgets: [f.widget] },
  }),
  'GET /permissions/projects/:id': (f) => ({ method: 'GET', url: `/api/v1/permissions/projects/${f.project}` }),
  'GET /permissions/projects/:id/my': (f) => ({ method: 'GET', url: `/api/v1/permissions/projects/${f.project}/my` }),
  'GET /permissions/projects/:id/candidates': (f) => ({
    method: 'GET',
    url: `/api/v1/permissions/projects/${f.project}/candidates`,
  }),
  'POST /permissions': (f) => ({
    method: 'POST',
    url: '/api/v1/permissions',
    payload: { projectId: f.project, userId: candidate.id },
  }),
  'PUT /permissions/:id (another member)': (f) => ({
    method: 'PUT',
    url: `/api/v1/permissions/${f.victim}`,
    payload: { roles: P.viewDashboards },
  }),
  'DELETE /permissions/:id (another member)': (f) => ({ method: 'DELETE', url: `/api/v1/permissions/${f.victim}` }),
  'DELETE /permissions/:id (own: leave)': (f) => ({ method: 'DELETE', url: `/api/v1/permissions/${f.own}` }),
  'GET /projects/organizations/:orgId': () => ({ method: 'GET', url: `/api/v1/projects/organizations/${orgA}` }),
};

const widgetKind: AssetKind = {
  key: 'widgets',
  area: 'dataset',
  move: async (tx, ids, from, to) =>
    (
      await tx
        .update(widgets)
        .set({ projectId: to })
        .where(and(eq(widgets.projectId, from), inArray(widgets.id, ids)))
        .returning()
    ).length,
};

beforeAll(async () => {
  t = await createTestApp({}, { assetKinds: [widgetKind] });
  const db = t.database.db;
  await db.execute(
    sql.raw(
      'create table matrix_widgets (id text primary key, project_id text not null references projects(id) on delete cascade)',
    ),
  );
  orgA = (await createOrganization(db, { name: 'A', publicSharing: true })).id;
  orgO = (await createOrganization(db, { name: 'O' })).id;
  users = {
    full: await person(db, orgA),
    edit: await person(db, orgA),
    view: await person(db, orgA),
    viewDashboards: await person(db, orgA),
    // A member of another organization, and an administrator there: still nothing here.
    outsider: await person(db, orgO, ROLE_PRESETS.organizationAdmin),
  };
  candidate = await person(db, orgA);
  victim = await person(db, orgA);
});
afterAll(async () => {
  await t?.close();
});

describe('permission matrix', () => {
  it('answers every project route as the table says, for each preset and an outsider', async () => {
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(MATRIX).sort());
    const got: Record<string, Cell[]> = {};
    for (const route of Object.keys(MATRIX)) {
      got[route] = [];
      for (const column of COLUMNS) {
        const f = await fixture(t.database.db, column);
        const res = await as(t.app, users[column].token)(REQUESTS[route](f));
        if (route.startsWith('GET /projects/my')) {
          const listed = (res.json() as Array<{ _id: string }>).some((p) => p._id === f.project);
          got[route].push(listed ? 'listed' : 'absent');
        } else {
          got[route].push(res.statusCode);
        }
      }
    }
    expect(got).toEqual(MATRIX);
  });

  it('covers every project and permission route the app registers', async () => {
    const paths = new Set(
      registeredRoutes(t.app)
        .map((r) => `${r.method} ${r.url}`)
        // HEAD routes are Fastify's automatic twins of the GET routes.
        .filter((r) => /^(GET|POST|PUT|DELETE) \/api\/v1\/(projects|permissions)/.test(r))
        // The assistant's routes sit under a project but belong to the assistant module, whose own tests walk
        // its rule (model view, 404 across tenants).
        .filter((r) => !r.includes('/assistant'))
        .map((r) =>
          r
            .replace('/api/v1', '')
            .replace(':projectId', ':id')
            .replace(':toProjectId', ':to')
            .replace(':organizationId', ':orgId'),
        ),
    );
    const covered = new Set(Object.keys(MATRIX).map((k) => k.split(' ').slice(0, 2).join(' ')));
    expect([...paths].filter((p) => !covered.has(p))).toEqual(['POST /projects']);
  });
});
