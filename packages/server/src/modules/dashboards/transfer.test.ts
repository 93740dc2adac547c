import { PROJECT_ROLE_PRESETS as P } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { createOrganization } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { membership, type Person, person, project } from '../projects/projects.fixtures.ts';
import { addTab, addUnit, caller, createDashboard, detail } from './dashboards.fixtures.ts';

/** Dashboards join Transfer Assets: they move with their tabs and cards, all or nothing. */
let t: TestApp;
let user: Person;
let from: string;
let to: string;
let viewOnly: string;

beforeAll(async () => {
  t = await createTestApp({ ROLE: 'api' });
  const db = t.database.db;
  const org = (await createOrganization(db)).id;
  user = await person(db, org);
  [from, to, viewOnly] = [await project(db, org), await project(db, org), await project(db, org)];
  await membership(db, user.id, from, P.edit);
  await membership(db, user.id, to, P.edit);
  await membership(db, user.id, viewOnly, P.view);
});
afterAll(() => t?.close());

const transfer = (source: string, target: string, body: object) =>
  caller(t, user)('PUT', `/api/v1/projects/${source}/transferTo/${target}`, body);
const listed = async (projectId: string) =>
  ((await caller(t, user)('GET', `/api/v1/dashboards?projectId=${projectId}`)).body as Array<{ _id: string }>).map(
    (d) => d._id,
  );

describe('Transfer Assets: dashboards', () => {
  it('moves dashboards with their tabs and cards to the other project', async () => {
    const d = await createDashboard(t, user, from, { name: 'Moving' });
    const second = await addTab(t, user, d._id);
    const unit = (await addUnit(t, user, second._id)).unit;
    const stays = await createDashboard(t, user, from, { name: 'Staying' });
    const res = await transfer(from, to, { dashboards: [d._id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ moved: { dashboards: 1 } });
    expect(await listed(to)).toEqual([d._id]);
    expect(await listed(from)).toEqual([stays._id]);
    const moved = await detail(t, user, d._id);
    expect(moved.dashboard.projectId).toBe(to);
    expect(moved.tabs.map((x) => x._id)).toEqual([d.tabs[0], second._id]);
    expect(moved.units.map((u) => u._id)).toEqual([unit._id]);
    expect((await caller(t, user)('GET', `/api/v1/units/${unit._id}`)).status).toBe(200);
    // Its preview job's record follows it.
    const [job] = await t.app.ctx.jobs.listForOwner('dashboard', d._id);
    expect(job.projectId).toBe(to);
  });

  it('moves nothing when an id is not in the source project, or without dashboard edit in the target', async () => {
    const here = await createDashboard(t, user, from);
    const there = await createDashboard(t, user, to);
    expect((await transfer(from, to, { dashboards: [here._id, there._id] })).status).toBe(404);
    expect((await transfer(from, to, { dashboards: [here._id, newId()] })).status).toBe(404);
    expect((await transfer(from, viewOnly, { dashboards: [here._id] })).status).toBe(403);
    expect(await listed(from)).toContain(here._id);
  });
});
