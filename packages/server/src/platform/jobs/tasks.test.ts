import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { FAST_JOBS, waitFor } from './jobs.fixtures.ts';

/**
 * Background tasks (tasks.ts) on real apps and real pg-boss: the app's own job service runs them (ROLE all) or
 * only queues them (ROLE api). They are defined after the app started, as the service allows, so that each test
 * has its own queue.
 */
const ALL = { ...FAST_JOBS, ROLE: 'all' } as const;
const retries = { retryLimit: 0, retryDelay: 0, expireInSeconds: 60 };

async function rows(database: Database, query: ReturnType<typeof sql>) {
  return ((await database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}
/** The state and retry count of a task's pg-boss entry. */
async function entry(database: Database, name: string, id: string) {
  const [row] = await rows(
    database,
    sql`select state::text as state, retry_count as "retryCount" from pgboss.job where name = ${name} and id = ${id}::uuid`,
  );
  return row as { state: string; retryCount: number } | undefined;
}

describe('background tasks on a worker app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ALL);
  });
  afterAll(() => t?.close());
  const tasks = () => t.app.ctx.jobs.tasks;

  it('runs a sent task with its data, and leaves no row in jobs', async () => {
    const seen: Array<{ file: string }> = [];
    tasks().define<{ file: string }>(
      'testTidy',
      async (data) => {
        seen.push(data);
      },
      retries,
    );
    const id = await tasks().send('testTidy', { file: 'a.tmp' });
    await waitFor(
      () => entry(t.database, 'testTidy', id).then((e) => e?.state),
      (state) => state === 'completed',
    );
    expect(seen).toEqual([{ file: 'a.tmp' }]);
    expect(await rows(t.database, sql`select id from jobs`)).toEqual([]);
  });

  it('retries a failing task up to its retryLimit, then leaves it failed', async () => {
    let attempts = 0;
    tasks().define(
      'testFlaky',
      async () => {
        attempts += 1;
        throw new Error(`attempt ${attempts} failed`);
      },
      { ...retries, retryLimit: 2 },
    );
    const id = await tasks().send('testFlaky', {});
    await waitFor(
      () => entry(t.database, 'testFlaky', id).then((e) => e?.state),
      (state) => state === 'failed',
    );
    // Past another polling interval: nothing runs it a fourth time.
    await sleep(700);
    expect(attempts).toBe(3);
    expect(await entry(t.database, 'testFlaky', id)).toEqual({ state: 'failed', retryCount: 2 });
  });

  it('refuses a job type or a second definition, and sends only to defined tasks', async () => {
    expect(() => tasks().define('append', async () => {}, retries)).toThrow(/job type/);
    expect(() => tasks().define('testTidy', async () => {}, retries)).toThrow(/already defined/);
    await expect(tasks().send('testUnknown', {})).rejects.toThrow(/not defined/);
  });
});

describe('background tasks on an api app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(FAST_JOBS);
  });
  afterAll(() => t?.close());

  it('queues a sent task but runs nothing', async () => {
    let ran = 0;
    t.app.ctx.jobs.tasks.define(
      'testTidy',
      async () => {
        ran += 1;
      },
      retries,
    );
    const id = await t.app.ctx.jobs.tasks.send('testTidy', { file: 'a.tmp' });
    // Three polling intervals: a worker would have taken it.
    await sleep(1500);
    expect(ran).toBe(0);
    expect(await entry(t.database, 'testTidy', id)).toEqual({ state: 'created', retryCount: 0 });
  });
});

describe('stopping an app with a running task', () => {
  it('aborts the task, waits for it to wind down, and leaves it to pg-boss to retry', async () => {
    const t = await createTestApp(ALL);
    try {
      let started = false;
      let wound = false;
      t.app.ctx.jobs.tasks.define(
        'testLong',
        async (_data, signal) => {
          started = true;
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          // A task cleans up after its signal aborts; the stop waits for it, longer than the jobs' grace and
          // pg-boss's own wait (1 s each): pg-boss records its end after it, which must come before the database
          // closes.
          await sleep(2500);
          wound = true;
          throw signal.reason;
        },
        { ...retries, retryLimit: 1, retryDelay: 30 },
      );
      const id = await t.app.ctx.jobs.tasks.send('testLong', {});
      await waitFor(
        () => started,
        (s) => s,
      );
      await t.app.close();
      expect(wound).toBe(true);
      // pg-boss writes the failure without awaiting it: it lands in a moment (before the database closes).
      await waitFor(
        () => entry(t.database, 'testLong', id),
        (e) => e?.state === 'retry',
      );
      expect(await entry(t.database, 'testLong', id)).toEqual({ state: 'retry', retryCount: 0 });
    } finally {
      await t.database.close();
    }
  });
});
