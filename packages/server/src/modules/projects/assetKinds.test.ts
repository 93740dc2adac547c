import { PROJECT_ROLE_PRESETS as P, type ProjectRoles, SERVER_ERRORS } from '@tessera/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { createOrganization } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { membership, type Person, person, project } from './projects.fixtures.ts';

const SAME_PROJECT = SERVER_ERRORS['project.sameProject'];

/**
 * Transfer Assets on its extension point: this test creates two small tables of its own and plugs a kind on
 * each into the app (createTestApp's `assetKinds`): widgets (dataset area) and gadgets (model area).
 */
const assetTable = (name: string) =>
  pgTable(name, { id: text('id').primaryKey(), projectId: text('project_id').notNull() });
const widgets = assetTable('test_widgets');
const gadgets = assetTable('test_gadgets');
type Table = ReturnType<typeof assetTable>;

const mover = (table: Table) => async (tx: Db, ids: string[], from: string, to: string) => {
  const moved = await tx
    .update(table)
    .set({ projectId: to })
    .where(and(eq(table.projectId, from), inArray(table.id, ids)))
    .returning({ id: table.id });
  return moved.length;
};

let t: TestApp;
let org: string;
let user: Person;
let a: string;
let b: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      assetKinds: [
        { key: 'widgets', area: 'dataset', move: mover(widgets) },
        { key: 'gadgets', area: 'model', move: mover(gadgets) },
      ],
    },
  );
  const db = t.database.db;
  for (const name of ['test_widgets', 'test_gadgets']) {
    await db.execute(
      sql.raw(
        `create table ${name} (id text primary key, project_id text not null references projects(id) on delete cascade)`,
      ),
    );
  }
  org = (await createOrganization(db)).id;
  user = await person(db, org);
});
afterAll(async () => {
  await t?.close();
});

/** Two projects, each with two widgets and two gadgets; the user holds `onA` and `onB` on them. */
async function setUp(onA: ProjectRoles, onB: ProjectRoles) {
  const db = t.database.db;
  a = await project(db, org);
  b = await project(db, org);
  await membership(db, user.id, a, onA);
  await membership(db, user.id, b, onB);
  for (const table of [widgets, gadgets]) {
    for (const p of [a, b])
      await db.insert(table).values([
        { id: newId(), projectId: p },
        { id: newId(), projectId: p },
      ]);
  }
}
const idsIn = async (table: Table, projectId: string) =>
  (await t.database.db.select().from(table).where(eq(table.projectId, projectId))).map((r) => r.id).sort();
const transfer = (from: string, to: string, body: object) =>
  as(t.app, user.token)({ method: 'PUT', url: `/api/v1/projects/${from}/transferTo/${to}`, payload: body });

/** Runs a refused transfer and checks that nothing moved at all. */
async function expectNothingMoved(body: object, status: number) {
  const before = [await idsIn(widgets, a), await idsIn(widgets, b), await idsIn(gadgets, a), await idsIn(gadgets, b)];
  const res = await transfer(a, b, body);
  expect(res.statusCode).toBe(status);
  expect([await idsIn(widgets, a), await idsIn(widgets, b), await idsIn(gadgets, a), await idsIn(gadgets, b)]).toEqual(
    before,
  );
  return res.json();
}

describe('Transfer Assets', () => {
  it('moves each requested asset where the caller holds edit on its area in both projects', async () => {
    await setUp(P.edit, P.edit);
    const [w1, w2] = await idsIn(widgets, a);
    const [g1] = await idsIn(gadgets, a);
    const res = await transfer(a, b, { widgets: [w1, w2, w1], gadgets: [g1], datasets: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ moved: { widgets: 2, gadgets: 1 } });
    expect(await idsIn(widgets, a)).toEqual([]);
    expect(await idsIn(widgets, b)).toContain(w1);
    expect((await idsIn(gadgets, a)).length).toBe(1);
    expect((await idsIn(gadgets, b)).length).toBe(3);
  });

  it('refuses a kind without edit on its area in the target (or the source), moving nothing', async () => {
    await setUp(P.edit, { ...P.edit, model: 'view' });
    const w = await idsIn(widgets, a);
    const g = await idsIn(gadgets, a);
    const body = await expectNothingMoved({ widgets: w, gadgets: g }, 403);
    expect(body.error.message).toBe('You need edit rights on models in both projects to transfer gadgets.');
    // The kind allowed on both sides alone goes through.
    expect((await transfer(a, b, { widgets: w })).json()).toEqual({ moved: { widgets: 2 } });

    await setUp({ ...P.edit, dataset: 'view' }, P.full);
    await expectNothingMoved({ widgets: await idsIn(widgets, a) }, 403);
  });

  it('answers 404 and moves nothing when an id is not in the source project', async () => {
    await setUp(P.edit, P.edit);
    const w = await idsIn(widgets, a);
    const [elsewhere] = await idsIn(gadgets, b);
    await expectNothingMoved({ widgets: w, gadgets: [elsewhere] }, 404);
    await expectNothingMoved({ widgets: [...w, newId()] }, 404);
  });

  it('answers 400 for the same project and for an unknown kind, 404 for a project the caller cannot reach', async () => {
    await setUp(P.edit, P.edit);
    const same = await transfer(a, a, {});
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe(SAME_PROJECT);
    const unknown = await expectNothingMoved({ spaceships: [newId()] }, 400);
    expect(unknown.error.fields).toEqual({ spaceships: 'Unknown asset kind' });
    const foreign = await project(t.database.db, (await createOrganization(t.database.db)).id);
    expect((await transfer(a, foreign, { widgets: await idsIn(widgets, a) })).statusCode).toBe(404);
    expect((await transfer(foreign, a, {})).statusCode).toBe(404);
  });

  it('moves nothing for empty lists', async () => {
    await setUp(P.viewDashboards, P.viewDashboards);
    expect((await transfer(a, b, {})).json()).toEqual({ moved: {} });
    await expectNothingMoved({ widgets: [] }, 200);
  });
});
