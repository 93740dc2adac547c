import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { lockDashboard } from '../dashboards.store.ts';
import {
  appsWithPrunableVersions,
  deleteVersionsBelow,
  latestVersion,
  oldVersionNumbers,
  updateVersion,
  versionByNumber,
} from './history.store.ts';
import { stateBefore } from './recorder.ts';

/** The data apps' history retention, a background task of the jobs platform (platform/jobs/tasks.ts). */
export const HISTORY_RETENTION_TASK = 'dataAppHistoryRetention';
/** How often each worker queues a retention pass (and once as it starts). */
export const HISTORY_RETENTION_EVERY_MS = 6 * 60 * 60 * 1000;
/** Apps pruned per transaction batch read. */
const BATCH = 50;

/**
 * History retention (docs/data-apps.md "Retention"): a data app's versions whose last change is older than
 * DATA_APP_HISTORY_DAYS go; every version younger than that stays, and so does each app's newest version (the app
 * as it is, whatever its age). The oldest version kept gets a snapshot of the app as it was before it first, so
 * that every kept version can still be previewed and restored.
 */
export class HistoryRetention {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: Pick<AppContext, 'db' | 'config' | 'jobs'> & { log: FastifyBaseLogger }) {}

  /** Defines the task (while the module registers). */
  install(): void {
    this.deps.jobs.tasks.define(
      HISTORY_RETENTION_TASK,
      (_data, signal) => this.run(new Date(), signal).then(() => undefined),
      { retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
    );
  }

  /** On a worker once the app is ready: a pass is queued now, then periodically until `stopQueueing`. */
  startQueueing(): void {
    const queue = () =>
      this.deps.jobs.tasks
        .send(HISTORY_RETENTION_TASK, {})
        .catch((err) => this.deps.log.warn({ err }, 'could not queue the data app history retention'));
    void queue();
    this.timer = setInterval(queue, HISTORY_RETENTION_EVERY_MS);
    this.timer.unref();
  }

  stopQueueing(): void {
    clearInterval(this.timer);
  }

  /** One pass over every app with prunable versions as of `now`; answers how many versions went. */
  async run(now: Date, signal?: AbortSignal): Promise<number> {
    const cutoff = new Date(now.getTime() - this.deps.config.DATA_APP_HISTORY_DAYS * 86_400_000);
    const { db } = this.deps;
    let removed = 0;
    for (;;) {
      const apps = await appsWithPrunableVersions(db, cutoff, BATCH);
      if (!apps.length) break;
      for (const dashboardId of apps) {
        signal?.throwIfAborted();
        removed += await db.transaction((tx) => pruneHistory(tx, dashboardId, cutoff));
      }
      if (apps.length < BATCH) break;
    }
    if (removed) this.deps.log.info({ removed }, 'data app history retention: old versions removed');
    return removed;
  }
}

/**
 * Removes the app's versions last changed before `cutoff`, except its newest, in the app's lock (as any change
 * of the app: a change recorded meanwhile waits); answers how many went.
 */
export async function pruneHistory(tx: Db, dashboardId: string, cutoff: Date): Promise<number> {
  if (!(await lockDashboard(tx, dashboardId))) return 0;
  const newest = await latestVersion(tx, dashboardId);
  if (!newest) return 0;
  const old = (await oldVersionNumbers(tx, dashboardId, cutoff)).filter((n) => n < newest.number);
  if (!old.length) return 0;
  const keepFrom = old[old.length - 1] + 1;
  const kept = await versionByNumber(tx, dashboardId, keepFrom);
  if (!kept) return 0;
  if (!kept.snapshot) await updateVersion(tx, kept.id, { snapshot: await stateBefore(tx, dashboardId, keepFrom) });
  return deleteVersionsBelow(tx, dashboardId, keepFrom);
}
