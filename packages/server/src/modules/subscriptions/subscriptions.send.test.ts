import path from 'node:path';
import { SUBSCRIPTION_SEND_ATTEMPTS, type Subscription } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type ReceivedMessage, type SmtpReceiver, startSmtpReceiver } from '../../test/smtpReceiver.ts';
import { caller, createDashboard, type World, world } from '../dashboards/dashboards.fixtures.ts';
import { dailyPattern, emailOfPerson, memberAt } from './subscriptions.fixtures.ts';
import { subscriptionSchedulerOf } from './subscriptions.jobs.ts';
import { findSubscription, sendsOf } from './subscriptions.store.ts';

/**
 * Sending (docs/data-apps.md "Subscriptions"), with every real part: the app listens and serves the built web app
 * (packages/web/dist: `npm run build` first), the send task draws the data app in the server's Chromium, and the
 * mail goes over SMTP to a real receiver (smtp-server). Two schedulers race on one due occurrence, with a clock of
 * their own (the subscription's schedule is years ahead of the real clock, so the app's own scheduler never
 * finds it due): exactly one claims it. The receiver can be told to refuse the next messages, for the retries.
 */
const WEB_DIST = path.resolve(import.meta.dirname, '../../../../web/dist');

let smtp: SmtpReceiver;
let received: ReceivedMessage[] = [];
let refuseNext = 0;
let t: TestApp;
let w: World;
let dashboardId = '';

beforeAll(async () => {
  smtp = await startSmtpReceiver({
    refuse: () => {
      if (refuseNext <= 0) return false;
      refuseNext -= 1;
      return true;
    },
  });
  received = smtp.received;
  t = await createTestApp(
    {
      ROLE: 'all',
      JOBS_POLLING_SECONDS: '0.5',
      SUBSCRIPTION_RETRY_SECONDS: '1',
      WEB_DIST,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tessera <no-reply@tessera.test>',
    },
    { deliverMail: true },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  w = await world(t);
  dashboardId = (await createDashboard(t, w.editor, w.projectId, { name: 'Weekly sales' }))._id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Two schedulers (two workers) ticking at once at `now`: the send rows each claimed. */
async function race(now: Date): Promise<string[][]> {
  const workers = [0, 1].map(() => subscriptionSchedulerOf(t.app, { pollMs: 60_000, clock: () => now }));
  return Promise.all(workers.map((s) => s.tick()));
}

describe('subscriptions: sending', () => {
  it('one occurrence, two workers: sent once, a PDF to each recipient in their language', {
    timeout: 180_000,
  }, async () => {
    const viewer = await emailOfPerson(t, w.viewer);
    const boss = await memberAt(t, w.org, 'acme.test');
    const created = await caller(t, w.editor)('POST', '/api/v1/subscriptions', {
      dashboardId,
      recipients: [
        { email: viewer, language: 'en' },
        { email: boss, language: 'fr' },
      ],
      pattern: dailyPattern('2031-03-01', 'Europe/Paris'),
      format: 'pdf',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sub = created.body as Subscription;

    const claims = await race(new Date('2031-03-01T07:00:30Z'));
    expect(claims.flat().length).toBe(1);
    // The same occurrence again, later, on both: nothing more.
    expect((await race(new Date('2031-03-01T07:05:00Z'))).flat()).toEqual([]);

    const mails = await eventually('two mails', async () => (received.length >= 2 ? received : undefined));
    const byTo = (to: string) => mails.find((m) => m.to.includes(to))?.mail;
    expect(byTo(viewer)?.subject).toBe('Weekly sales: your scheduled report');
    expect(byTo(boss)?.subject).toBe('Weekly sales : votre rapport programmé');
    for (const to of [viewer, boss]) {
      const mail = byTo(to);
      const pdf = mail?.attachments.find((a) => a.contentType === 'application/pdf');
      expect(pdf?.filename).toBe('Weekly sales.pdf');
      expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(mail?.text).toContain('/api/v1/subscriptions/unsubscribe/');
      const listUnsubscribe = mail?.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
      expect(listUnsubscribe).toContain('/api/v1/subscriptions/unsubscribe/');
    }
    expect(byTo(boss)?.text).toContain('1 mars 2031 à 08:00');

    const after = await eventually('sent', async () => {
      const row = await findSubscription(t.database.db, sub._id);
      return row?.lastSentAt ? row : undefined;
    });
    expect(after.lastError).toBeNull();
    expect(after.nextRunAt?.toISOString()).toBe('2031-03-02T07:00:00.000Z');
    const sends = await sendsOf(t.database.db, sub._id);
    expect(sends.map((s) => [s.scheduledAt.toISOString(), s.attempts, [...s.delivered].sort()])).toEqual([
      ['2031-03-01T07:00:00.000Z', 1, [boss, viewer].sort()],
    ]);

    // The unsubscribe link of the mail works without signing in.
    const link = /https?:\/\/\S+\/api\/v1\/subscriptions\/unsubscribe\/\S+/.exec(byTo(boss)?.text ?? '')?.[0] ?? '';
    const page = await t.app.inject({ method: 'GET', url: new URL(link).pathname, headers: { accept: 'text/html' } });
    expect(page.body).toContain('Vous êtes désabonné');
    expect((await findSubscription(t.database.db, sub._id))?.recipients.map((r) => r.email)).toEqual([viewer]);
    expect((await caller(t, w.editor)('DELETE', `/api/v1/subscriptions/${sub._id}`)).status).toBe(200);
  });

  it('a failed send is tried again; after the last try the failure shows on the subscription', {
    timeout: 180_000,
  }, async () => {
    const viewer = await emailOfPerson(t, w.viewer);
    const created = await caller(t, w.viewer)('POST', '/api/v1/subscriptions', {
      dashboardId,
      recipients: [{ email: viewer, language: 'en' }],
      pattern: dailyPattern('2031-04-01', 'UTC'),
      format: 'pdf',
    });
    expect(created.status).toBe(200);
    const sub = created.body as Subscription;
    const before = received.length;

    // Refused once, then accepted: sent on the second try.
    refuseNext = 1;
    await race(new Date('2031-04-01T08:00:10Z'));
    expect((await sendsOf(t.database.db, sub._id)).length).toBe(1);
    const sent = await eventually('sent on a retry', async () => {
      const [send] = await sendsOf(t.database.db, sub._id);
      return send?.sentAt ? send : undefined;
    });
    expect(sent.attempts).toBe(2);
    expect(received.length).toBe(before + 1);

    // Refused every time: after SUBSCRIPTION_SEND_ATTEMPTS tries, the last error is on the subscription.
    refuseNext = 1000;
    await race(new Date('2031-04-02T08:00:10Z'));
    expect((await sendsOf(t.database.db, sub._id)).length).toBe(2);
    const failed = await eventually('the failure recorded', async () => {
      const row = await findSubscription(t.database.db, sub._id);
      return row?.lastError ? row : undefined;
    });
    refuseNext = 0;
    expect(failed.lastError).toContain('Mailbox busy');
    expect(failed.lastSentAt?.toISOString()).toBe(sent.sentAt?.toISOString());
    const sends = await sendsOf(t.database.db, sub._id);
    expect(sends[1]).toMatchObject({ attempts: SUBSCRIPTION_SEND_ATTEMPTS, sentAt: null });
    expect(received.length).toBe(before + 1);
    const listed = await caller(t, w.viewer)('GET', `/api/v1/subscriptions?dashboardId=${dashboardId}`);
    const shown = (listed.body as Subscription[]).find((s) => s._id === sub._id);
    expect(shown?.lastError).toContain('Mailbox busy');
  });
});
