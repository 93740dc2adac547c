import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../platform/realtime.ts';
import { prepareRunner } from '../../runner/index.ts';
import { buildHandler } from './build.job.ts';
import type { PackagesDeps } from './packages.deps.ts';
import { failInterruptedBuilds } from './startup.ts';

/** A cold build of a large set of requirements (pandas + pyarrow) takes ~20 s here; a slow index, minutes. */
const BUILD_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * The packages module's work outside requests, on every process: the `packageBuild` job type, the start-up
 * sweep of builds a crash interrupted, and the runner's preparation (interpreters, sandbox probe, pip settings).
 */
/** What the packages' service, build job and start-up sweep use, from the app. */
export function packagesDepsOf(app: FastifyInstance): PackagesDeps {
  const { db, storage, config, jobs } = app.ctx;
  return { db, storage, config, jobs, realtime: realtimeOf(app), log: app.log };
}

export function packagesJobs(app: FastifyInstance): void {
  const deps = packagesDepsOf(app);
  app.ctx.jobs.define('packageBuild', buildHandler(deps), {
    timeoutMs: BUILD_TIMEOUT_MS,
    // Its worker died mid-build (the platform failed the job): the package says so at once.
    abandoned: (row) => failInterruptedBuilds(deps, row.ownerId),
  });
  app.addHook('onReady', async () => {
    await failInterruptedBuilds(deps);
    // Interpreters, sandbox probe and pip settings found once, in the background: the first build pays nothing.
    void prepareRunner().then(
      ({ interpreters, sandbox }) => {
        const versions = interpreters.filter((i) => i.available).map((i) => i.fullVersion);
        const log = { versions, sandbox: sandbox.mode, sandboxActive: sandbox.active, reason: sandbox.reason };
        if (sandbox.active) app.log.info(log, 'python runner ready');
        else app.log.warn(log, 'python runner ready WITHOUT a sandbox: package code runs unisolated');
      },
      (err) => app.log.error({ err }, 'python runner could not be prepared'),
    );
  });
}
