import { setTimeout as sleep } from 'node:timers/promises';
import type { Model, TriggerPattern } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { testDbKind } from '../../test/harness.ts';
import { startWorkerProcess, type WorkerProcess } from '../../test/workerProcess.ts';
import { caller, type DatasetsWorld, datasetsWorld, eventually } from '../datasets/datasets.fixtures.ts';
import { clockOf } from './clock.ts';
import { createTrigger, pingModel } from './triggers.fixtures.ts';
import { firesOf } from './triggers.store.ts';

/**
 * Real worker processes (ROLE=worker, main.ts) on a fresh PostgreSQL database, sharing a scheduler clock that runs
 * 30 times faster (one simulated minute every 2 s; SCHEDULER_CLOCK_*, the same in every process): an every-minute
 * trigger fires a dozen times in half a minute. The grace is an hour of simulated time (2 min real), so a worker
 * slowed by a loaded machine still fires every occurrence. Nothing is mocked: the workers claim occurrences through
 * the database, queue the runs with pg-boss and run them in the sandbox.
 */

const MINUTE = 60_000;
const SCALE = 30;
/** Real milliseconds for `n` simulated minutes. */
const realMs = (n: number) => (n * MINUTE) / SCALE;
const CLOCK = {
  SCHEDULER_CLOCK_ORIGIN: '2032-01-01T00:00:00Z',
  SCHEDULER_CLOCK_ANCHOR_MS: String(Date.now()),
  SCHEDULER_CLOCK_SCALE: String(SCALE),
};
const simNow = clockOf(loadConfig(CLOCK));

let w: DatasetsWorld;
let model: Model;
let databaseUrl: string;
const children: WorkerProcess[] = [];

function startWorker(env: Record<string, string> = {}): WorkerProcess {
  const worker = startWorkerProcess({
    databaseUrl,
    dataDir: w.t.dataDir,
    env: { SCHEDULER_GRACE_SECONDS: '3600', ...CLOCK, ...env },
  });
  children.push(worker);
  return worker;
}

/** Every minute from the next simulated minute on, all day. */
function everyMinuteFromSoon(): TriggerPattern {
  const at = new Date(Math.ceil((simNow().getTime() + 2 * MINUTE) / MINUTE) * MINUTE);
  const iso = at.toISOString();
  return {
    timezone: 'UTC',
    start: {
      effective_startdate: iso.slice(0, 10),
      scheduled_starttime: iso.slice(11, 19),
      scheduled_endtime: '23:59:00',
      until_datetime: '2033-01-01T23:59:59',
    },
    repeat: { unit: 'minutes', value: 1 },
    filter: { day_of_the_week: [], day_of_the_month: [] },
  };
}

const minutes = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / MINUTE);

describe.skipIf(testDbKind !== 'postgres')('scheduled runs on two worker processes (PostgreSQL)', () => {
  let workers: Array<ReturnType<typeof startWorker>> = [];
  beforeAll(async () => {
    // This process keeps the real clock: its own scheduler never finds the simulated-time trigger due (its first
    // occurrence is years ahead in real time), so only the two workers fire it.
    w = await datasetsWorld();
    databaseUrl = (w.t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    workers = [startWorker(), startWorker()];
    ({ model } = await pingModel(w));
    await Promise.all(workers.map((worker) => worker.ready));
  }, 480_000);
  afterAll(async () => {
    await Promise.all(children.map((child) => child.kill()));
    await w?.t.close();
  });

  it('fires every occurrence exactly once over many fires, then after a restart runs the missed one once', {
    timeout: 240_000,
  }, async () => {
    const t = await createTrigger(w, model, everyMinuteFromSoon());
    const db = w.t.database.db;
    await eventually(async () => (await firesOf(db, t._id)).length >= 12, '12 fires', realMs(12) + 60_000).catch(
      async (err) => {
        const fires = await firesOf(db, t._id);
        throw new Error(
          `${err.message}: ${fires.length} fires; next ${t.nextRunAt}, now ${simNow().toISOString()}\n${workers.map((x) => x.problems()).join('\n')}`,
        );
      },
    );
    await Promise.all(workers.map((worker) => worker.kill()));
    const before = await firesOf(db, t._id);
    const first = before[0].scheduledAt;
    expect(first.toISOString()).toBe(t.nextRunAt);
    // No miss: one fire per minute from the first to the last, none standing for missed ones.
    expect(before.map((f) => minutes(first, f.scheduledAt))).toEqual(before.map((_, i) => i));
    expect(before.every((f) => f.missed === 0 && f.runId && !f.error)).toBe(true);
    // No duplicate: one run per occurrence, each marked with its trigger and time.
    const rows = await w.t.database.pool!.query(
      'select scheduled_at, count(*)::int as n from model_runs where trigger_id = $1 group by scheduled_at',
      [t._id],
    );
    expect(rows.rows.length).toBe(before.length);
    expect(rows.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    // Both workers took part.
    expect(new Set(before.map((f) => f.worker)).size).toBe(2);

    // Down for six simulated minutes, then one worker comes back with a one-minute grace: the most recent missed
    // occurrence runs once, its fire counting the others; then every minute again.
    await sleep(realMs(6));
    const restarted = startWorker({ SCHEDULER_GRACE_SECONDS: '60' });
    workers = [restarted];
    await restarted.ready;
    const last = before.at(-1)!.scheduledAt;
    await eventually(
      async () => (await firesOf(db, t._id)).filter((f) => f.scheduledAt > last).length >= 3,
      'fires after the restart',
      120_000,
    );
    await restarted.kill('SIGTERM');
    const after = (await firesOf(db, t._id)).filter((f) => f.scheduledAt > last);
    const gap = minutes(last, after[0].scheduledAt);
    expect(gap).toBeGreaterThan(4);
    expect(after[0].missed).toBe(gap - 1);
    expect(after[0].runId).toBeTruthy();
    const runs = await caller(w, w.editor)('GET', `/api/v1/models/${model._id}/model-runs?limit=100`);
    expect(runs.json().runs.filter((r: { triggerId: string }) => r.triggerId === t._id).length).toBe(
      before.length + after.length,
    );
  });
});
