import { JOB_MESSAGES } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { announceRun } from './models.presenter.ts';
import { failOrphanRuns } from './models.store.ts';
import { runHandler } from './run.job.ts';

/** How long one run may take before its job is failed (the sandbox has its own wall-time limit, shorter). */
const RUN_TIMEOUT_MS = 2 * 60 * 60 * 1000;

/**
 * The models module's work outside requests, on every process: the `modelRun` job type, and at start-up the runs a
 * restart interrupted (their job was failed by the platform's recovery; the run follows, never 'started' for ever).
 */
export function modelsJobs(app: FastifyInstance): void {
  app.ctx.jobs.define('modelRun', runHandler(app), { timeoutMs: RUN_TIMEOUT_MS, concurrency: 2 });
  app.addHook('onReady', async () => {
    const failed = await failOrphanRuns(app.ctx.db, JOB_MESSAGES.interrupted);
    for (const run of failed) await announceRun(app, run);
    if (failed.length) app.log.info({ runs: failed.length }, 'failed the model runs a restart interrupted');
  });
}
