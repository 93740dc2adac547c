import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOSS_SCHEMA } from '../../platform/jobs/boss.ts';
import { FAST_JOBS } from '../../platform/jobs/jobs.fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ALERTS_CHECK_TASK } from './alerts.jobs.ts';

/**
 * The alerts' periodic check (docs/data-apps.md "Alerts"): a worker queues a check of every alert each
 * ALERTS_CHECK_MINUTES (here 0.01, 600 ms), the first one period after it starts, none once it has stopped.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...FAST_JOBS, ROLE: 'all', ALERTS_CHECK_MINUTES: '0.01' });
});
afterAll(() => t?.database.close());

async function periodicChecks(): Promise<number> {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from ${sql.raw(BOSS_SCHEMA)}.job where name = ${ALERTS_CHECK_TASK} and data = '{}'::jsonb`,
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0].n;
}

describe('alerts: the periodic check', () => {
  it('is queued every period while the worker runs, and no more once it stopped', async () => {
    expect(await periodicChecks()).toBe(0);
    const until = Date.now() + 20_000;
    while ((await periodicChecks()) < 3 && Date.now() < until) await sleep(100);
    expect(await periodicChecks()).toBeGreaterThanOrEqual(3);
    await t.app.close();
    const stopped = await periodicChecks();
    await sleep(1500);
    expect(await periodicChecks()).toBe(stopped);
  });
});
