import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bossState, FAST_JOBS, jobInput, scenarioHandler, type Team, team, waitFor, workers } from './jobs.fixtures.ts';
import type { JobService } from './service.ts';

/**
 * Fair shares (fair.ts): a type capped at one active job per project, served by two job services on one database
 * (two pg-boss instances, two sets of workers, as two worker processes), two workers each. One project's jobs that
 * never end take one worker in all; another project's job queued after them is taken at once.
 */
describe('jobs capped per project', () => {
  let t: TestApp;
  let nodes: JobService[];
  let p: Team;
  let q: Team;
  const handlers = [scenarioHandler('first'), scenarioHandler('second')];
  const started = () => handlers.flatMap((h) => h.started.map((s) => s.id));
  const statuses = (ids: string[]) => Promise.all(ids.map((id) => nodes[0].get(id).then((row) => row.status)));

  beforeAll(async () => {
    t = await createTestApp(FAST_JOBS);
    nodes = handlers.map((h) => {
      const node = workers(t.app, t.database);
      node.define('modelRun', h.handler, { concurrency: 2, perProject: 1 });
      return node;
    });
    await Promise.all(nodes.map((node) => node.start()));
    p = await team(t.database.db);
    q = await team(t.database.db);
  });
  afterAll(async () => {
    for (const node of nodes ?? []) await node.stop();
    await t?.close();
  });

  it("never runs more than the cap of one project, and takes another project's job before its waiting ones", async () => {
    const long: string[] = [];
    for (let i = 0; i < 4; i++) {
      long.push((await nodes[i % 2].enqueue(jobInput(p, 'modelRun', { mode: 'wait' }, `never ${i}`))).id);
    }
    await waitFor(
      () => statuses(long),
      (s) => s.includes('active'),
    );
    const quick = await nodes[1].enqueue(jobInput(q, 'modelRun', { mode: 'complete' }, 'quick'));
    await waitFor(
      () => statuses([quick.id]),
      ([s]) => s === 'completed',
    );
    // Taken while the project's first job still runs and its three others still wait.
    expect(await statuses(long)).toEqual(['active', 'queued', 'queued', 'queued']);
    expect(started().filter((id) => long.includes(id))).toEqual([long[0]]);
    expect(await Promise.all(long.map((id) => bossState(t.database, 'modelRun', id)))).toEqual([
      'active',
      'created',
      'created',
      'created',
    ]);

    // The first ends: the project's oldest waiting job is taken next, and still only one at a time.
    await nodes[0].cancel(long[0]);
    await waitFor(
      () => statuses(long),
      (s) => s[1] === 'active',
    );
    expect(await statuses(long)).toEqual(['cancelled', 'active', 'queued', 'queued']);
    // The waiting ones first: cancelling the running one first would free the cap for the next before its cancel.
    for (const id of long.slice(1).reverse()) await nodes[1].cancel(id);
    expect(started().filter((id) => long.includes(id))).toEqual(long.slice(0, 2));
  });

  it('leaves jobs of a type without a cap to the oldest first (no project recorded)', async () => {
    const open = scenarioHandler('open');
    const node = workers(t.app, t.database);
    node.define('append', open.handler, { concurrency: 1 });
    await node.start();
    try {
      const job = await node.enqueue(jobInput(p, 'append', { mode: 'complete' }));
      await waitFor(
        () => node.get(job.id).then((row) => row.status),
        (s) => s === 'completed',
      );
      const key = (await t.database.db.execute(
        sql`select singleton_key from pgboss.job where name = 'append'`,
      )) as unknown as { rows: Array<{ singleton_key: string | null }> };
      expect(key.rows).toEqual([{ singleton_key: null }]);
    } finally {
      await node.stop();
    }
  });
});
