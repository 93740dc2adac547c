import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../platform/realtime.ts';
import { SegmentClustering } from './cluster.job.ts';
import { abandonedImport, importHandler } from './import.job.ts';
import { sweepDatasetFiles } from './startup.ts';

/** An import takes at most this long (a 2 GB file imports in well under a minute on the reference machine). */
const IMPORT_TIMEOUT_MS = 2 * 60 * 60 * 1000;
/**
 * An import whose process died (a node lost) starts over on another, at most this many times: its upload is in
 * the store and a fresh run redoes a half-written segment (the metadata commit is what makes it count).
 */
const IMPORT_RESTARTS = 2;

/**
 * The datasets module's work outside requests, on every process: the import job types (`featureDetection` for
 * an upload, `append`), the clustered-copies background task, and the start-up sweep of files left by
 * interrupted work.
 */
export function datasetsJobs(app: FastifyInstance): void {
  const { db, storage, config, jobs } = app.ctx;
  const clustering = new SegmentClustering({ db, storage, config, jobs, log: app.log });
  clustering.install();
  app.addHook('onReady', async () => {
    // In the background: a start-up does not wait for it.
    void clustering.catchUp().catch((err) => app.log.warn({ err }, 'could not queue the missing clustered copies'));
  });
  const handler = importHandler({ db, storage, realtime: realtimeOf(app), log: app.log }, clustering);
  const abandoned = abandonedImport({ db, storage });
  const options = { timeoutMs: IMPORT_TIMEOUT_MS, abandoned, restartWhenLost: IMPORT_RESTARTS };
  app.ctx.jobs.define('featureDetection', handler, options);
  app.ctx.jobs.define('append', handler, options);
  app.addHook('onReady', async () => {
    const removed = await sweepDatasetFiles({ db, storage });
    if (Object.values(removed).some((n) => n > 0)) app.log.info({ removed }, 'removed files left by interrupted work');
  });
}
