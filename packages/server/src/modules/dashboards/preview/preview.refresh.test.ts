import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../platform/jobs/jobs.tables.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addUnit, caller, createDashboard, type World, world } from '../dashboards.fixtures.ts';
import { dashboards } from '../dashboards.tables.ts';

/**
 * A dashboard's image follows its content: after cards change it is rendered again, once the changes settle
 * (PREVIEW_REFRESH_SECONDS after the last one), not once per change and not only while the dashboard is new.
 * An API-only process (ROLE=api) queues the render and runs nothing, so the queued jobs are counted as they are.
 */
let t: TestApp;
let w: World;
const SETTLE_MS = 300;
beforeAll(async () => {
  t = await createTestApp({ ROLE: 'api', PREVIEW_REFRESH_SECONDS: String(SETTLE_MS / 1000) });
  w = await world(t);
});
afterAll(() => t?.close());

const renders = async (dashboardId: string) =>
  (
    await t.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.ownerId, dashboardId), eq(jobs.type, 'dashboardPreview')))
  ).length;
const status = async (dashboardId: string) =>
  (await t.database.db.select().from(dashboards).where(eq(dashboards.id, dashboardId)))[0]?.previewStatus;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the dashboard image after changes', () => {
  it('is rendered again once a burst of card changes has settled: one render for the burst', async () => {
    const d = await createDashboard(t, w.editor, w.projectId, { name: 'Grows' });
    // Its first render (asked for by the creation) is done: the image shows the empty dashboard.
    await sleep(SETTLE_MS * 2);
    expect(await renders(d._id)).toBe(1);
    await t.database.db.update(dashboards).set({ previewStatus: 'ready' }).where(eq(dashboards.id, d._id));

    const { unit } = await addUnit(t, w.editor, d.tabs[0]!);
    const answers = await Promise.all(
      ['Sales', 'Sales by month', 'Sales by month (sum)'].map((name) =>
        caller(t, w.editor)('PUT', `/api/v1/units/${unit._id}`, { name }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await expect.poll(() => status(d._id), { timeout: 60_000, interval: 50 }).toBe('pending');
    await sleep(SETTLE_MS * 3);
    expect(await renders(d._id)).toBe(2);
  }, 180_000);

  it('asks nothing for a dashboard nobody changes', async () => {
    const d = await createDashboard(t, w.editor, w.projectId, { name: 'Still' });
    await sleep(SETTLE_MS * 3);
    expect(await renders(d._id)).toBe(1);
  }, 120_000);
});
