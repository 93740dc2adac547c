import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../platform/realtime.ts';
import { Ticker } from '../../platform/ticker.ts';
import { unitDataServiceOf } from '../dashboards/index.ts';
import { AlertChecker, alertIdsOfDataset } from './alerts.check.ts';

/** The alerts' checks, a background task of the jobs platform (platform/jobs/tasks.ts). */
export const ALERTS_CHECK_TASK = 'alertsCheck';

/** What one run checks: the alerts on a dataset's cards, one alert, or (neither) every alert. */
export interface AlertsCheckData {
  datasetId?: string;
  alertId?: string;
}

/** The app's alert checker, built from what it uses. */
export function alertCheckerOf(app: FastifyInstance): AlertChecker {
  const { db, mailer, config } = app.ctx;
  return new AlertChecker({
    db,
    mailer,
    publicUrl: config.publicUrl,
    cards: unitDataServiceOf(app),
    realtime: realtimeOf(app),
    log: app.log,
  });
}

/**
 * Alerts are checked (docs/data-apps.md "Alerts"):
 * - after every change of a dataset's rows or features: whichever write path announces `dataset:updated` (an
 *   import, an append, a model's outputs, form responses...), this process hears it once (`onEmit`) and queues a
 *   check of the alerts on the cards drawing on that dataset;
 * - on a schedule: each worker queues a check of every alert every ALERTS_CHECK_MINUTES;
 * - once when an alert is set or its condition changes.
 * Workers run the checks; an API process only queues them.
 */
export function installAlertChecks(app: FastifyInstance): AlertChecker {
  const { jobs, config } = app.ctx;
  const checker = alertCheckerOf(app);
  jobs.tasks.define<AlertsCheckData>(
    ALERTS_CHECK_TASK,
    async (data, signal) => {
      if (data.alertId) await checker.check(data.alertId);
      else if (data.datasetId) await checker.checkDataset(data.datasetId);
      else await checker.checkAll(signal);
    },
    { retryLimit: 1, retryDelay: 30, expireInSeconds: 30 * 60 },
  );
  realtimeOf(app).onEmit((_projectId, event, payload) => {
    if (event !== 'dataset:updated') return;
    const datasetId = (payload as { _id: string })._id;
    // Most datasets feed no alert: a check is queued only for one that does (two small reads, no task).
    void alertIdsOfDataset(app.ctx.db, datasetId)
      .then((ids) => (ids.length > 0 ? queueAlertsCheck(app, { datasetId }) : undefined))
      .catch((err) => app.log.warn({ err, datasetId }, 'could not look up the alerts of a dataset'));
  });
  if (jobs.runsWorkers) {
    const periodMs = config.ALERTS_CHECK_MINUTES * 60_000;
    // queueAlertsCheck logs its own failures: the ticker's handler sees none.
    const ticker = new Ticker(
      () => queueAlertsCheck(app, {}),
      periodMs,
      (err) => app.log.error({ err }, 'the alerts tick failed'),
    );
    app.addHook('onReady', async () => ticker.start(periodMs));
    app.addHook('preClose', async () => ticker.stop());
  }
  return checker;
}

/** Queues a check; a failure to queue is logged (the next scheduled pass checks again). */
export async function queueAlertsCheck(app: FastifyInstance, data: AlertsCheckData): Promise<void> {
  try {
    await app.ctx.jobs.tasks.send(ALERTS_CHECK_TASK, data);
  } catch (err) {
    app.log.warn({ err, ...data }, 'could not queue an alerts check');
  }
}
