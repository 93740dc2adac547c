import { occurrencesBetween, SUBSCRIPTION_SEND_ATTEMPTS } from '@tessera/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { Ticker } from '../../platform/ticker.ts';
import { type DashboardRenderer, dashboardSummary } from '../dashboards/index.ts';
import { type Clock, clockOf } from '../triggers/index.ts';
import { subscriptionMail } from './subscriptions.mail.ts';
import {
  advanceCursor,
  claimSendWith,
  dueSubscriptions,
  findSend,
  findSubscription,
  markDelivered,
  type SubscriptionRow,
  settleSend,
  startAttempt,
} from './subscriptions.store.ts';
import { signToken, UNSUBSCRIBE_PURPOSE } from './subscriptions.tokens.ts';

/** The background task that sends one claimed occurrence. */
export const SEND_TASK = 'subscriptionSend';
/** Subscriptions looked at per tick (the most overdue first; the rest on the next tick). */
const BATCH = 100;
/** Occurrences counted at most between a cursor and now. */
const COUNT_LIMIT = 1_000_000;

export interface SubscriptionSchedulerOptions {
  pollMs: number;
  clock: Clock;
}

/**
 * Sends subscriptions on every worker (ROLE all or worker). Each tick reads the subscriptions whose cursor is due
 * and claims, for each, its latest due occurrence by inserting its send row (unique on subscription and time):
 * the worker whose insert lands queues the send task in the same transaction (a crash between the two loses
 * nothing: both are written or neither is), any other finds the row there and does nothing. Older
 * occurrences that no worker was up for are not sent: the latest mail already shows the data app as it is now.
 */
export class SubscriptionScheduler {
  private readonly ticker: Ticker;

  constructor(
    private readonly deps: Pick<AppContext, 'db' | 'jobs'> & { log: FastifyBaseLogger },
    private readonly options: SubscriptionSchedulerOptions,
  ) {
    this.ticker = new Ticker(
      () => this.tick(),
      options.pollMs,
      (err) => this.deps.log.error({ err }, 'the subscriptions tick failed'),
    );
  }

  start(): void {
    this.ticker.start();
  }

  stop(): Promise<void> {
    return this.ticker.stop();
  }

  /** One pass over the due subscriptions; answers the send rows this worker claimed (tests race two of them). */
  async tick(): Promise<string[]> {
    const now = this.options.clock();
    const claimed: string[] = [];
    for (const row of await dueSubscriptions(this.deps.db, now, BATCH)) {
      if (this.ticker.stopped) break;
      const sendId = await this.fireDue(row, now);
      if (sendId) claimed.push(sendId);
    }
    return claimed;
  }

  private async fireDue(row: SubscriptionRow, now: Date): Promise<string | undefined> {
    const cursor = row.nextRunAt;
    if (!cursor) return undefined;
    const due = occurrencesBetween(row.pattern, new Date(cursor.getTime() - 1), now, COUNT_LIMIT);
    const latest = due.at(-1);
    let claimed: string | undefined;
    if (latest && row.recipients.length) {
      const send = { id: newId(), subscriptionId: row.id, scheduledAt: latest, worker: this.deps.jobs.nodeId };
      const queued = await this.deps.jobs.tasks.sendWith(SEND_TASK, { sendId: send.id }, (client) =>
        claimSendWith(this.deps.db, client, send),
      );
      if (queued) claimed = send.id;
    }
    const next = occurrencesBetween(row.pattern, latest ?? now, new Date(8.64e15), 1)[0] ?? null;
    await advanceCursor(this.deps.db, row.id, cursor, next);
    return claimed;
  }
}

/** What sending a subscription's mail uses: the data app's drawing comes from the dashboards' renderer. */
export interface SendDeps {
  db: AppContext['db'];
  mailer: AppContext['mailer'];
  /** The web app's address, for the links in the mail. */
  publicUrl: string;
  renderer: Pick<DashboardRenderer, 'render'>;
  log: FastifyBaseLogger;
}

/**
 * Sends a claimed occurrence to each recipient not yet reached, the data app drawn once per language. A failure
 * throws so that the queue tries again later (SUBSCRIPTION_RETRY_SECONDS, then about twice as long); the last
 * allowed attempt records the failure on the subscription instead (its last error), and a later success clears it.
 */
export async function sendOccurrence(deps: SendDeps, sendId: string): Promise<void> {
  const { db, renderer } = deps;
  const send = await findSend(db, sendId);
  if (!send || send.sentAt) return;
  const row = await findSubscription(db, send.subscriptionId);
  const dashboard = row && (await dashboardSummary(db, row.dashboardId));
  if (!row || !dashboard) return;
  const attempt = await startAttempt(db, send.id);
  try {
    const files = new Map<string, Buffer>();
    const base = deps.publicUrl;
    const dashboardUrl = `${base}/projects/${dashboard.projectId}/dashboards/${dashboard.type === 'Report' ? 'report/' : ''}${dashboard.id}`;
    for (const recipient of row.recipients) {
      if (send.delivered.includes(recipient.email)) continue;
      let file = files.get(recipient.language);
      if (!file) {
        file = await renderer.render({
          dashboardId: dashboard.id,
          format: row.format,
          tabs: row.tabs,
          filters: row.filters ?? null,
          language: recipient.language,
        });
        files.set(recipient.language, file);
      }
      const token = signToken(row.unsubscribeKey, {
        purpose: UNSUBSCRIBE_PURPOSE,
        subscriptionId: row.id,
        email: recipient.email,
      });
      await deps.mailer.send(
        subscriptionMail({
          to: recipient.email,
          language: recipient.language,
          dashboardName: dashboard.name,
          format: row.format,
          file,
          at: send.scheduledAt,
          timezone: row.pattern.timezone,
          dashboardUrl,
          unsubscribeUrl: `${base}/api/v1/subscriptions/unsubscribe/${token}`,
        }),
      );
      await markDelivered(db, send.id, recipient.email);
    }
    await settleSend(db, send, { sentAt: new Date(), error: null }, true);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const final = attempt >= SUBSCRIPTION_SEND_ATTEMPTS;
    await settleSend(db, send, { sentAt: null, error }, final);
    deps.log.warn({ subscriptionId: row.id, attempt, final, error }, 'a subscription mail could not be sent');
    if (!final) throw err;
  }
}

/** The app's subscriptions scheduler, built from what it uses (also how the tests drive one with their own clock). */
export function subscriptionSchedulerOf(app: FastifyInstance, options: SubscriptionSchedulerOptions) {
  const { db, jobs } = app.ctx;
  return new SubscriptionScheduler({ db, jobs, log: app.log }, options);
}

/** The send task (on every role: an API process only sends to it) and, on workers, the scheduler. */
export function installSubscriptions(app: FastifyInstance, renderer: DashboardRenderer): void {
  const { config, db, mailer } = app.ctx;
  app.ctx.jobs.tasks.define<{ sendId: string }>(
    SEND_TASK,
    (data) => sendOccurrence({ db, mailer, publicUrl: config.publicUrl, renderer, log: app.log }, data.sendId),
    {
      retryLimit: SUBSCRIPTION_SEND_ATTEMPTS - 1,
      retryDelay: config.SUBSCRIPTION_RETRY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 600,
    },
  );
  if (!app.ctx.jobs.runsWorkers) return;
  const scheduler = subscriptionSchedulerOf(app, { pollMs: config.SCHEDULER_POLL_MS, clock: clockOf(config) });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
}
