import type { Subscription } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOSS_SCHEMA } from '../../platform/jobs/boss.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { caller, createDashboard, type World, world } from '../dashboards/dashboards.fixtures.ts';
import { dailyPattern, emailOfPerson } from './subscriptions.fixtures.ts';
import { SEND_TASK, subscriptionSchedulerOf } from './subscriptions.jobs.ts';
import { findSubscription, sendsOf } from './subscriptions.store.ts';

/**
 * Claiming an occurrence (docs/data-apps.md "Subscriptions"): its send row and its send task's queue entry are
 * written in one transaction, so the task is queued if and only if the row exists. ROLE=api: the entries stay in
 * the queue (nothing sends here), where the test reads them. The queue write is made to fail for real by deleting
 * the task's pg-boss queue: the claim is rolled back with it and the occurrence is claimed again on the next tick.
 */
let t: TestApp;
let w: World;
let sub: Subscription;

beforeAll(async () => {
  t = await createTestApp({ ROLE: 'api' });
  w = await world(t);
  const dashboardId = (await createDashboard(t, w.editor, w.projectId, { name: 'Weekly sales' }))._id;
  const created = await caller(t, w.viewer)('POST', '/api/v1/subscriptions', {
    dashboardId,
    recipients: [{ email: await emailOfPerson(t, w.viewer), language: 'en' }],
    pattern: dailyPattern('2031-05-01', 'UTC'),
    format: 'pdf',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  sub = created.body as Subscription;
});
afterAll(() => t?.close());

async function rows(query: ReturnType<typeof sql>) {
  return ((await t.database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

/** The send rows queued in the send task's queue (their ids, in order). */
async function queuedSends(): Promise<string[]> {
  const entries = await rows(
    sql`select data->>'sendId' as "sendId" from ${sql.raw(BOSS_SCHEMA)}.job where name = ${SEND_TASK} order by created_on`,
  );
  return entries.map((e) => String(e.sendId));
}

const tickAt = (iso: string) => subscriptionSchedulerOf(t.app, { pollMs: 60_000, clock: () => new Date(iso) }).tick();

describe('subscriptions: claiming an occurrence', () => {
  it('two workers at once: one send row, and exactly one queued task for it', async () => {
    const claims = await Promise.all([tickAt('2031-05-01T08:00:05Z'), tickAt('2031-05-01T08:00:05Z')]);
    const sends = await sendsOf(t.database.db, sub._id);
    expect(sends.map((s) => s.scheduledAt.toISOString())).toEqual(['2031-05-01T08:00:00.000Z']);
    expect(claims.flat()).toEqual([sends[0].id]);
    expect(await queuedSends()).toEqual([sends[0].id]);
  });

  it('when the task cannot be queued, the claim is undone too and the occurrence is claimed on the next tick', async () => {
    // A queue is deleted only empty: the first occurrence's entry goes first (the previous test checked it).
    await t.database.db.execute(sql`delete from ${sql.raw(BOSS_SCHEMA)}.job where name = ${SEND_TASK}`);
    await t.database.db.execute(sql`select ${sql.raw(BOSS_SCHEMA)}.delete_queue(${SEND_TASK})`);
    await expect(tickAt('2031-05-02T08:00:05Z')).rejects.toThrow(/refused/);
    expect((await sendsOf(t.database.db, sub._id)).length).toBe(1);
    expect((await findSubscription(t.database.db, sub._id))?.nextRunAt?.toISOString()).toBe('2031-05-02T08:00:00.000Z');

    await t.database.db.execute(
      sql`select ${sql.raw(BOSS_SCHEMA)}.create_queue(${SEND_TASK}, ${JSON.stringify({ policy: 'standard' })}::json)`,
    );
    const [claimed] = await tickAt('2031-05-02T08:00:10Z');
    const sends = await sendsOf(t.database.db, sub._id);
    expect(sends.map((s) => s.scheduledAt.toISOString())).toEqual([
      '2031-05-01T08:00:00.000Z',
      '2031-05-02T08:00:00.000Z',
    ]);
    expect(claimed).toBe(sends[1].id);
    expect(await queuedSends()).toEqual([sends[1].id]);
  });
});
