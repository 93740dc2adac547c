import { JOB_MESSAGES } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../platform/realtime.ts';
import { SandboxPool } from '../../runner/index.ts';
import type { ModelsDeps } from './models.deps.ts';
import { announceRun } from './models.presenter.ts';
import { settleOrphanRuns } from './models.store.ts';
import { outputStatsLater, runHandler, runsDirOf } from './run.job.ts';

const sandboxPools = new WeakMap<FastifyInstance, SandboxPool>();
/** The worker's sandboxes kept between runs (tests read how many runs a kept sandbox served). */
export const sandboxPoolOf = (app: FastifyInstance) => sandboxPools.get(app);

/** What the models' services and jobs use, from the app. */
export function modelsDepsOf(app: FastifyInstance): ModelsDeps {
  const { db, storage, config, jobs } = app.ctx;
  return { db, storage, config, jobs, realtime: realtimeOf(app), log: app.log };
}

/** How long a run's job may take beyond its sandbox's wall-time limit (inputs, outputs) before it is failed. */
const RUN_JOB_MARGIN_MS = 60 * 60 * 1000;

/**
 * The models module's work outside requests, on every process: the `modelRun` job type (with its sandboxes kept between runs),
 * and the runs a restart or a dead worker interrupted (their job was failed by the platform's recovery; the run
 * follows, never 'started' for ever): at start-up, and when the recovery fails a run's job.
 */
export function modelsJobs(app: FastifyInstance): void {
  const deps = modelsDepsOf(app);
  const { config } = deps;
  const pool = new SandboxPool({
    dir: runsDirOf(app.ctx.storage.root),
    max: config.MODEL_WARM_SANDBOXES,
    idleMs: config.MODEL_WARM_IDLE_MINUTES * 60_000,
  });
  sandboxPools.set(app, pool);
  app.addHook('onClose', () => pool.close());
  /** Settles the runs left without a job (all of them, or one model's), telling whoever looks at them. */
  const settleOrphans = async (modelId?: string) => {
    const settled = await settleOrphanRuns(app.ctx.db, JOB_MESSAGES.interrupted, modelId);
    for (const run of settled) await announceRun(deps, run);
    return settled;
  };
  const outputStats = outputStatsLater(app.log);
  app.addHook('onClose', async () => outputStats.stop());
  app.ctx.jobs.define('modelRun', runHandler(deps, pool, outputStats), {
    timeoutMs: config.MODEL_RUN_WALL_SECONDS * 1000 + RUN_JOB_MARGIN_MS,
    concurrency: config.MODEL_RUNS_PER_WORKER,
    // Fair shares (docs/security.md): one project's runs never take every worker.
    perProject: config.MODEL_RUNS_PER_PROJECT,
    // Its worker died mid-run (the platform failed the job): the run says so at once.
    abandoned: async (row) => void (await settleOrphans(row.ownerId)),
  });
  app.addHook('onReady', async () => {
    const settled = await settleOrphans();
    if (settled.length) app.log.info({ runs: settled.length }, 'settled the model runs a restart interrupted');
  });
}
