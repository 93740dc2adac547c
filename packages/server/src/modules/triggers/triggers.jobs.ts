import type { FastifyInstance } from 'fastify';
import { modelsDepsOf, queueScheduledRun } from '../models/index.ts';
import { clockOf } from './clock.ts';
import { Scheduler, type SchedulerOptions } from './scheduler.ts';

/** The app's scheduler, built from what it uses (also how the tests drive one with their own clock). */
export function schedulerOf(app: FastifyInstance, options: SchedulerOptions): Scheduler {
  const { db, jobs } = app.ctx;
  return new Scheduler(
    {
      db,
      log: app.log,
      nodeId: jobs.nodeId,
      queueRun: (input, claim) => queueScheduledRun(modelsDepsOf(app), input, claim),
    },
    options,
  );
}

/** Starts a scheduler on processes that run workers, stopped before the job queue closes. */
export function installScheduler(app: FastifyInstance): void {
  if (!app.ctx.jobs.runsWorkers) return;
  const { config } = app.ctx;
  const scheduler = schedulerOf(app, {
    pollMs: config.SCHEDULER_POLL_MS,
    graceMs: config.SCHEDULER_GRACE_SECONDS * 1000,
    clock: clockOf(config),
  });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
}
