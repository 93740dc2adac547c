import { JOB_MESSAGES } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { freshDatabase } from '../../test/harness.ts';
import { toBossId } from './bossIds.ts';
import {
  appWithJobsStopped,
  bossState,
  jobInput,
  scenarioHandler,
  type Team,
  team,
  waitFor,
  workers,
} from './jobs.fixtures.ts';
import type { JobService } from './service.ts';

/**
 * A job whose process died mid-way, of a type that may start over (`restartWhenLost`, e.g. an import: its upload
 * is in the store): back in the queue for any process, told to the project as "Started again", while its
 * allowance lasts; after that, failed as any other lost job. The app's own job service is stopped, so that only
 * the services of this test sweep.
 */
let database: Database;
let app: FastifyInstance;
let crew: Team;
beforeAll(async () => {
  database = await freshDatabase();
  crew = await team(database.db);
  app = await appWithJobsStopped(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** What a process that died while running the job leaves: the row and its queue entry active, no heartbeat since. */
async function dieHolding(id: string): Promise<void> {
  await database.db.execute(
    sql`update jobs set status = 'active', worker = 'a-process-that-died', heartbeat_at = now() - interval '1 hour' where id = ${id}`,
  );
  await database.db.execute(
    sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour' where name = 'featureDetection' and id = ${toBossId(id)}::uuid`,
  );
}

async function service(role: 'all' | 'api', scenario = scenarioHandler()): Promise<JobService> {
  const jobs = workers(app, database, role);
  jobs.define('featureDetection', scenario.handler, { restartWhenLost: 1 });
  await jobs.start();
  return jobs;
}

describe('a lost job of a type that may start over', () => {
  it('goes back to the queue, saying so, and a live worker runs it from the start', async () => {
    const enqueuer = await service('api');
    const job = await enqueuer.enqueue(jobInput(crew, 'featureDetection', { mode: 'complete' }));
    await dieHolding(job.id);
    expect(await enqueuer.sweep()).toEqual([]);
    expect(await enqueuer.get(job.id)).toMatchObject({
      status: 'queued',
      message: JOB_MESSAGES.restarted,
      messageCode: 'job.restarted',
    });
    expect(await bossState(database, 'featureDetection', job.id)).toBe('created');

    const scenario = scenarioHandler();
    const worker = await service('all', scenario);
    const done = await waitFor(
      () => worker.get(job.id),
      (row) => row.status === 'completed',
    );
    expect(done.worker).not.toBe('a-process-that-died');
    expect(scenario.started.map((s) => s.id)).toEqual([job.id]);
    await worker.stop();
    await enqueuer.stop();
  });

  it('is failed as any lost job once it has started over as often as its type allows', async () => {
    const enqueuer = await service('api');
    const job = await enqueuer.enqueue(jobInput(crew, 'featureDetection', { mode: 'complete' }));
    await dieHolding(job.id);
    await enqueuer.sweep();
    expect((await enqueuer.get(job.id)).status).toBe('queued');
    // Its second process dies too: the allowance (1) is spent.
    await dieHolding(job.id);
    const failed = await enqueuer.sweep();
    expect(failed.map((row) => row.id)).toEqual([job.id]);
    expect(await enqueuer.get(job.id)).toMatchObject({
      status: 'failed',
      message: JOB_MESSAGES.interrupted,
      messageCode: 'job.interrupted',
    });
    expect(await bossState(database, 'featureDetection', job.id)).toBe('failed');
    await enqueuer.stop();
  });
});
