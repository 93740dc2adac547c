import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp, testDbKind } from '../../test/harness.ts';
import { FAST_JOBS, jobInput, scenarioHandler, type Team, team, waitFor, workers } from './jobs.fixtures.ts';
import type { JobService } from './service.ts';

/**
 * A job starts as soon as it is queued, not at a worker's next poll: the worker here polls once a minute (the
 * longest JOBS_POLLING_SECONDS allows), so only the wake-up can start the jobs within the test's wait. The app
 * (ROLE=api) queues them. On PGlite the worker shares the app's database (one process: a direct wake-up); on
 * PostgreSQL it has a pool of its own, as another process would, and hears the NOTIFY sent with the job.
 */
describe('job wake-ups', () => {
  let t: TestApp;
  let own: Database | undefined;
  let worker: JobService;
  let crew: Team;
  const handled = scenarioHandler('worker');

  beforeAll(async () => {
    t = await createTestApp(FAST_JOBS);
    const url = t.database.pool?.options.connectionString;
    if (testDbKind === 'postgres') {
      if (!url) throw new Error('the PostgreSQL test app has no connection string');
      own = await openDatabase({ url, pgliteDir: '' });
    }
    worker = workers(t.app, own ?? t.database, 'worker', 60);
    worker.define('featureDetection', handled.handler);
    await worker.start();
    crew = await team(t.database.db);
  });
  afterAll(async () => {
    await worker?.stop();
    await own?.close();
    await t?.close();
  });

  it('runs jobs queued by another job service without waiting for its poll (one minute)', async () => {
    // The second job is queued once the worker has looked again after the first and gone back to its poll.
    for (const name of ['first.csv', 'second.csv']) {
      const job = await t.app.ctx.jobs.enqueue(jobInput(crew, 'featureDetection', { mode: 'complete' }, name));
      const row = await waitFor(
        () => worker.get(job.id),
        (r) => r.status === 'completed',
        20_000,
      );
      expect(row.worker).toBe(worker.nodeId);
    }
    expect(handled.started.map((s) => s.node)).toEqual(['worker', 'worker']);
  });
});
