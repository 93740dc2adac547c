import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { freshDatabase, testDbKind } from '../../test/harness.ts';
import { newId } from '../ids.ts';
import { appWithJobsStopped, jobInput, scenarioHandler, type Team, team, waitFor, workers } from './jobs.fixtures.ts';
import { jobs as jobsTable } from './jobs.tables.ts';
import type { JobService } from './service.ts';

/**
 * A process's heartbeat is what tells the other processes that its jobs are still its own: a holder silent for
 * three beats is gone, and its jobs are failed by whichever process sweeps next (docs/operations.md). So the
 * beat must go on whatever the same process's sweep is waiting for: a job type's clean-up of a lost job, or a
 * lock on pg-boss's table taken by another process (a node starting up creates its queues there).
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

/** A service running one job that waits for its signal; answers the service and the job's id once it is active. */
async function nodeRunningAJob(define: (service: JobService) => void = () => {}) {
  const service = workers(app, database);
  service.define('modelRun', scenarioHandler().handler);
  define(service);
  await service.start();
  const job = await service.enqueue(jobInput(crew, 'modelRun', { mode: 'wait' }));
  await waitFor(
    () => service.get(job.id),
    (row) => row.status === 'active',
  );
  return { service, jobId: job.id };
}

/** The job's heartbeat, then again until it is later than that one: the holder said it still holds the job. */
async function beatsAgain(service: JobService, jobId: string): Promise<void> {
  const before = (await service.get(jobId)).heartbeatAt?.getTime() ?? 0;
  await waitFor(
    async () => (await service.get(jobId)).heartbeatAt?.getTime() ?? 0,
    (at) => at > before,
  );
}

describe("a process's heartbeat", () => {
  it("goes on while its sweep waits for a job type's clean-up of a lost job", async () => {
    let entered = () => {};
    const cleaning = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { service, jobId } = await nodeRunningAJob((s) =>
      s.define('featureDetection', scenarioHandler().handler, {
        abandoned: async () => {
          entered();
          await released;
        },
      }),
    );
    try {
      // A job of a process that died an hour ago: the next sweep fails it and waits for its clean-up.
      const lost = newId();
      await database.db.insert(jobsTable).values({
        ...jobInput(crew, 'featureDetection', { mode: 'complete' }),
        id: lost,
        status: 'active',
        worker: 'a-process-that-died',
        heartbeatAt: new Date(Date.now() - 3_600_000),
      });
      await cleaning;
      expect((await service.get(lost)).status).toBe('failed');

      await beatsAgain(service, jobId);
      expect((await service.get(jobId)).status).toBe('active');
    } finally {
      release();
      await service.stop();
    }
  });

  it.skipIf(testDbKind !== 'postgres')(
    "goes on while pg-boss's table is locked by another process (PostgreSQL)",
    async () => {
      const { service, jobId } = await nodeRunningAJob();
      // Another process holds pg-boss's job table (as creating a queue does): the sweep's read of it waits.
      const other = await database.pool?.connect();
      if (!other) throw new Error('PostgreSQL has a pool');
      try {
        await other.query('begin');
        await other.query('lock table pgboss.job in access exclusive mode');
        await waitFor(
          async () => {
            const waiting = (await database.db.execute(
              sql`select count(*)::int as n from pg_locks where not granted and relation = 'pgboss.job'::regclass`,
            )) as unknown as { rows: Array<{ n: number }> };
            return waiting.rows[0]?.n ?? 0;
          },
          (n) => n > 0,
        );
        await beatsAgain(service, jobId);
      } finally {
        await other.query('rollback');
        other.release();
        await service.stop();
      }
    },
  );
});
