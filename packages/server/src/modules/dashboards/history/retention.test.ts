import type { DashboardVersion } from '@tessera/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { caller, createDashboard, type World, world } from '../dashboards.fixtures.ts';
import { dashboardSteps, dashboardVersions } from './history.tables.ts';
import { HISTORY_RETENTION_TASK, HistoryRetention } from './retention.ts';

/**
 * History retention (docs/data-apps.md "Retention"): versions older than DATA_APP_HISTORY_DAYS (365) go, every
 * younger one stays, each app's newest stays whatever its age, and the oldest kept can still be previewed and
 * restored. Ages are made by moving versions' times back in the database. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let t: TestApp;
let w: World;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await world(t);
});
afterAll(() => t?.close());

/** An app with `names.length + 1` versions: created, then one rename per name (each by another person). */
/** The retention built from what it uses, as the module's index.ts builds it. */
const retentionOf = (test: TestApp) => {
  const { db, config, jobs } = test.app.ctx;
  return new HistoryRetention({ db, config, jobs, log: test.app.log });
};

async function appWithVersions(names: string[]) {
  const d = await createDashboard(t, w.editor, w.projectId, { name: 'Start' });
  // Each version is made an hour old before the next rename: one person's renames in a row would fold into one.
  for (const [i, name] of names.entries()) {
    await t.database.db
      .update(dashboardVersions)
      .set({ timeUpdated: new Date(Date.now() - 3600_000) })
      .where(eq(dashboardVersions.dashboardId, d._id));
    const res = await caller(t, w.editor)('PUT', `/api/v1/dashboards/${d._id}`, { name });
    expect(res.status, `${i}: ${JSON.stringify(res.body)}`).toBe(200);
  }
  return d._id;
}

/** Moves versions `numbers` of the app (and its steps) back to `daysAgo` days before now. */
async function age(dashboardId: string, numbers: number[], daysAgo: number) {
  const when = new Date(Date.now() - daysAgo * DAY);
  const rows = await t.database.db
    .update(dashboardVersions)
    .set({ timeCreated: when, timeUpdated: when })
    .where(and(eq(dashboardVersions.dashboardId, dashboardId), inArray(dashboardVersions.number, numbers)))
    .returning({ id: dashboardVersions.id });
  expect(rows).toHaveLength(numbers.length);
  await t.database.db
    .update(dashboardSteps)
    .set({ timeCreated: when })
    .where(
      inArray(
        dashboardSteps.versionId,
        rows.map((r) => r.id),
      ),
    );
}

async function list(dashboardId: string) {
  const res = await caller(t, w.editor)('GET', `/api/v1/dashboards/${dashboardId}/versions`);
  expect(res.status).toBe(200);
  return res.body as { versions: DashboardVersion[]; total: number };
}
const numbers = async (dashboardId: string) => (await list(dashboardId)).versions.map((v) => v.number);
const byNumber = async (dashboardId: string, n: number) =>
  (await list(dashboardId)).versions.find((v) => v.number === n) as DashboardVersion;
const preview = (dashboardId: string, versionId: string) =>
  caller(t, w.editor)('GET', `/api/v1/dashboards/${dashboardId}/versions/${versionId}`);

describe('history retention', () => {
  it('removes versions older than the setting, keeps younger ones and each app newest, all still rebuildable', async () => {
    // A: versions 1-3 are 400 days old, 4 is 364 days old, 5 and 6 are recent.
    const a = await appWithVersions(['B', 'C', 'D', 'E', 'F']);
    await age(a, [1, 2, 3], 400);
    await age(a, [4], 364);
    // B: every version is old; the newest stays (the app as it is).
    const b = await appWithVersions(['Old one', 'Old two']);
    await age(b, [1, 2, 3], 500);
    // C: nothing old.
    const c = await appWithVersions(['Fresh']);
    const v4 = await byNumber(a, 4);
    const asItWas = (await preview(a, v4._id)).body as { dashboard: { name: string }; differences: unknown[] };
    expect(asItWas.dashboard.name).toBe('D');

    const removed = await retentionOf(t).run(new Date());
    expect(removed).toBeGreaterThanOrEqual(5);

    expect(await numbers(a)).toEqual([6, 5, 4]);
    expect(await numbers(b)).toEqual([3]);
    expect(await numbers(c)).toEqual([2, 1]);
    // The oldest kept version is rebuilt as it was (now from its own snapshot), and can be restored.
    const kept = await preview(a, v4._id);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ dashboard: { name: 'D' }, differences: asItWas.differences });
    const restored = await caller(t, w.editor)('POST', `/api/v1/dashboards/${a}/versions/${v4._id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await caller(t, w.editor)('GET', `/api/v1/dashboards/${a}`)).body.dashboard.name).toBe('D');
    expect((await preview(b, (await byNumber(b, 3))._id)).body).toMatchObject({ dashboard: { name: 'Old two' } });
    // Nothing left of the removed versions: their steps went with them.
    const steps = await t.database.db.select().from(dashboardSteps).where(eq(dashboardSteps.dashboardId, b));
    expect(steps.map((s) => s.versionId)).toEqual([(await byNumber(b, 3))._id]);

    // A second pass finds nothing more.
    expect(await retentionOf(t).run(new Date())).toBe(0);
  });

  it('runs as the dashboards module background task', async () => {
    const d = await appWithVersions(['Two', 'Three']);
    await age(d, [1, 2], 800);
    await t.app.ctx.jobs.tasks.send(HISTORY_RETENTION_TASK, {});
    const deadline = Date.now() + 20_000;
    while ((await list(d)).total !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await numbers(d)).toEqual([3]);
  });
});
