import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Subscription } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDbKind } from '../../test/harness.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtpReceiver.ts';
import { startWorkerProcess, type WorkerProcess } from '../../test/workerProcess.ts';
import { caller, createDashboard, type World, world } from '../dashboards/dashboards.fixtures.ts';
import { dailyPattern, emailOfPerson } from './subscriptions.fixtures.ts';
import { findSubscription, sendsOf } from './subscriptions.store.ts';

/**
 * One due occurrence, two real worker processes (ROLE=worker, main.ts) on one PostgreSQL database: exactly one mail
 * reaches a real SMTP receiver (docs/data-apps.md "Subscriptions"). This process serves the API and the built web
 * app (packages/web/dist: `npm run build` first) at the workers' PUBLIC_URL, where their Chromium draws the data
 * app; it runs no worker itself (ROLE=api). The workers share a scheduler clock set past the occurrence
 * (SCHEDULER_CLOCK_*, the same in both): the subscription is due the moment it is made, while both are polling
 * every 100 ms, so both try to claim it at once. PGlite is one process's database: this needs TEST_DATABASE_URL.
 */
const WEB_DIST = path.resolve(import.meta.dirname, '../../../../web/dist');
const OCCURRENCE = '2031-06-01T08:00:00.000Z';

let smtp: SmtpReceiver;
let t: TestApp;
let w: World;
const workers: WorkerProcess[] = [];

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) {
      throw new Error(`${what}: not after ${timeoutMs} ms\n${workers.map((x) => x.problems()).join('\n')}`);
    }
    await sleep(200);
  }
}

describe.skipIf(testDbKind !== 'postgres')('subscriptions on two worker processes (needs TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ ROLE: 'api', WEB_DIST });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    w = await world(t);
    const databaseUrl = (t.database.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
    const env = {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tessera <no-reply@tessera.test>',
      SCHEDULER_CLOCK_ORIGIN: '2031-06-01T08:00:20Z',
      SCHEDULER_CLOCK_ANCHOR_MS: String(Date.now()),
    };
    for (let i = 0; i < 2; i++) workers.push(startWorkerProcess({ databaseUrl, dataDir: t.dataDir, env }));
    await Promise.all(workers.map((worker) => worker.ready));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill()));
    await t?.close();
    await smtp?.close();
  });

  it('a due occurrence is claimed by one worker and mailed once', { timeout: 180_000 }, async () => {
    const dashboardId = (await createDashboard(t, w.editor, w.projectId, { name: 'Weekly sales' }))._id;
    const viewer = await emailOfPerson(t, w.viewer);
    const created = await caller(t, w.viewer)('POST', '/api/v1/subscriptions', {
      dashboardId,
      recipients: [{ email: viewer, language: 'en' }],
      pattern: dailyPattern('2031-06-01', 'UTC'),
      format: 'pdf',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sub = created.body as Subscription;
    expect(sub.nextRunAt).toBe(OCCURRENCE);

    const sent = await eventually('the occurrence sent', async () => {
      const row = await findSubscription(t.database.db, sub._id);
      return row?.lastSentAt ? row : undefined;
    });
    expect(sent.lastError).toBeNull();
    // Both workers kept polling meanwhile: a second mail would have come by now.
    await sleep(1500);
    expect(smtp.received.map((m) => [m.to, m.mail.subject])).toEqual([
      [[viewer], 'Weekly sales: your scheduled report'],
    ]);
    expect(smtp.received[0].mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    const sends = await sendsOf(t.database.db, sub._id);
    expect(sends.map((s) => [s.scheduledAt.toISOString(), s.attempts])).toEqual([[OCCURRENCE, 1]]);
    const pids = workers.map((x) => String(x.child.pid));
    expect(pids).toContain(sends[0].worker?.split(':')[0]);
    expect((await findSubscription(t.database.db, sub._id))?.nextRunAt?.toISOString()).toBe('2031-06-02T08:00:00.000Z');
  });
});
