import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { emitToProject } from '../realtime.ts';
import { presentJob } from './jobs.presenter.ts';
import type { JobRow } from './jobs.store.ts';
import { JobService } from './service.ts';

export type { SqlClient } from './boss.ts';
export { fromBossId, toBossId } from './bossIds.ts';
export { codedMessage, failureOf, type JobMessage, textMessage } from './jobMessage.ts';
export { presentJob } from './jobs.presenter.ts';
export { type JobRow, moveJobsToProject } from './jobs.store.ts';
export type { DefineOptions, JobContext, JobHandler } from './runner.ts';
export { type EnqueueInput, type HoldInput, JobService, type JobServiceOptions } from './service.ts';
export type { BackgroundTasks, TaskHandler, TaskOptions } from './tasks.ts';

declare module '../context.ts' {
  interface AppContext {
    /** Long work: define handlers, enqueue, hold/release uploads, cancel, fail, read; `tasks` (platform/jobs). */
    jobs: JobService;
  }
}

/** Sends a job's state to its project's live channel, to the members who see its owner's area. */
export function publisher(app: FastifyInstance): (row: JobRow) => void {
  return (row) => emitToProject(app, row.projectId, 'job:updated', presentJob(row), { area: row.ownerType });
}

/**
 * The job service for `app.ctx.jobs` (modules define their handlers while they register); starts the queue
 * when the app is ready (start-up recovery first, then the workers when ROLE is all or worker) and stops it
 * gracefully when the app closes, before the live channel and the database. Call before installRealtime, so
 * that the jobs failed by a shutdown still reach the project's sockets.
 */
export function installJobs(app: FastifyInstance, config: Config, database: Database): JobService {
  const service = new JobService({
    database,
    log: app.log.child({ component: 'jobs' }),
    role: config.ROLE,
    pollingSeconds: config.JOBS_POLLING_SECONDS,
    heartbeatSeconds: config.JOBS_HEARTBEAT_SECONDS,
    stopSeconds: config.JOBS_STOP_SECONDS,
    publish: publisher(app),
  });
  app.addHook('onReady', async () => service.start());
  app.addHook('preClose', async () => service.stop());
  return service;
}
