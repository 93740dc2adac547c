import { setTimeout as sleep } from 'node:timers/promises';
import { JOB_MESSAGES, PROJECT_ROLE_PRESETS } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, MemoryMailer, ROOT, type TestApp } from '../../test/harness.ts';
import { HttpError } from '../errors.ts';
import { textMessage } from './jobMessage.ts';
import {
  bossState,
  FAST_JOBS,
  jobInput,
  listen,
  member,
  scenarioHandler,
  type Team,
  team,
  waitFor,
  workers,
} from './jobs.fixtures.ts';
import type { JobService } from './service.ts';

describe('jobs', () => {
  let t: TestApp;
  let jobs: JobService;
  let crew: Team;
  const scenarios = scenarioHandler();
  const slow = scenarioHandler();
  const statusOf = (id: string) => jobs.get(id).then((row) => row.status);
  beforeAll(async () => {
    t = await createTestApp(FAST_JOBS);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    jobs = workers(t.app, t.database);
    jobs.define('featureDetection', scenarios.handler, { concurrency: 2 });
    jobs.define('append', slow.handler, { timeoutMs: 300 });
    await jobs.start();
    crew = await team(t.database.db);
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  it('runs a job: queued, active, progress, completed, each sent to the members who see its area', async () => {
    const live = await listen(t.app, crew.projectId, crew.owner.token);
    const outsider = await member(t.database.db, crew, PROJECT_ROLE_PRESETS.viewDashboards);
    const dashboardsOnly = await listen(t.app, crew.projectId, outsider.token);
    const job = await jobs.enqueue(
      jobInput(crew, 'featureDetection', { mode: 'progress', steps: [0.25, 0.5, 0.75], pauseMs: 150 }, 'sales.csv'),
    );
    expect(job).toMatchObject({ status: 'queued', name: 'sales.csv', userId: crew.owner.id, progress: null });
    await waitFor(
      () => live.of(job.id),
      (events) => events.at(-1)?.status === 'completed',
    );
    const events = live.of(job.id);
    expect(events.map((e) => [e.status, e.progress])).toEqual([
      ['queued', null],
      ['active', null],
      ['active', 0.25],
      ['active', 0.5],
      ['active', 0.75],
      ['completed', 1],
    ]);
    expect(events.at(-1)).toMatchObject({
      _id: job.id,
      projectId: crew.projectId,
      name: 'sales.csv',
      type: 'featureDetection',
      ownerType: 'dataset',
      ownerId: jobInput(crew, 'featureDetection', { mode: 'wait' }).ownerId,
      user: { id: crew.owner.id },
      message: null,
    });
    const row = await jobs.get(job.id);
    expect(row).toMatchObject({ status: 'completed', progress: 1, heartbeatAt: null });
    expect(row.lastUpdated.getTime()).toBeGreaterThanOrEqual(row.timeCreated.getTime());
    // pg-boss marks its entry done after our row and event: on a busy machine a moment later.
    await waitFor(
      () => bossState(t.database, 'featureDetection', job.id),
      (s) => s === 'completed',
    );
    await sleep(100);
    expect(dashboardsOnly.events).toEqual([]);
    live.close();
    dashboardsOnly.close();
  });

  it("fails a job whose handler throws, with the error's message and no stack", async () => {
    const live = await listen(t.app, crew.projectId, crew.owner.token);
    const job = await jobs.enqueue(
      jobInput(crew, 'featureDetection', { mode: 'fail', message: 'The file has no header row' }),
    );
    await waitFor(
      () => statusOf(job.id),
      (s) => s === 'failed',
    );
    // Text no code of ours wrote is kept as text only.
    expect(await jobs.get(job.id)).toMatchObject({
      message: 'The file has no header row',
      messageCode: null,
      messageParams: null,
    });
    const last = await waitFor(
      () => live.of(job.id).at(-1),
      (e) => e?.status === 'failed',
    );
    expect(last?.message).toBe('The file has no header row');
    expect(last).not.toHaveProperty('messageCode');
    expect(JSON.stringify(live.events)).not.toMatch(/\bat .*\.ts:\d+/);
    await waitFor(
      () => bossState(t.database, 'featureDetection', job.id),
      (s) => s === 'failed',
    );
    live.close();
  });

  it('keeps the message a completed handler answers', async () => {
    const job = await jobs.enqueue(
      jobInput(crew, 'featureDetection', { mode: 'complete', message: '120 rows imported' }),
    );
    await waitFor(
      () => statusOf(job.id),
      (s) => s === 'completed',
    );
    expect((await jobs.get(job.id)).message).toBe('120 rows imported');
  });

  it('cancels a running job: its signal aborts, it is cancelled for good, and a second cancel changes nothing', async () => {
    const live = await listen(t.app, crew.projectId, crew.owner.token);
    const job = await jobs.enqueue(jobInput(crew, 'featureDetection', { mode: 'wait' }));
    await waitFor(
      () => statusOf(job.id),
      (s) => s === 'active',
    );
    // Cancelled through the app's own service: the one running it is told.
    const cancelled = await t.app.ctx.jobs.cancel(job.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', message: null });
    expect(scenarios.aborted.has(job.id)).toBe(true);
    expect(await bossState(t.database, 'featureDetection', job.id)).toBe('cancelled');
    // The handler rejected with the abort: the job stays cancelled, not failed.
    await sleep(300);
    expect(await statusOf(job.id)).toBe('cancelled');
    expect((await jobs.cancel(job.id))?.status).toBe('cancelled');
    await waitFor(
      () => live.of(job.id),
      (events) => events.at(-1)?.status === 'cancelled',
    );
    expect(live.of(job.id).map((e) => e.status)).toEqual(['queued', 'active', 'cancelled']);
    expect(await jobs.cancel('0123456789abcdef0123ffff')).toBeUndefined();
    live.close();
  });

  it('cancels a queued job before any worker takes it', async () => {
    const idle = workers(t.app, t.database, 'api');
    idle.define('modelRun', scenarios.handler);
    await idle.start();
    try {
      const job = await idle.enqueue(jobInput(crew, 'modelRun', { mode: 'complete' }));
      expect((await idle.cancel(job.id))?.status).toBe('cancelled');
      expect(await bossState(t.database, 'modelRun', job.id)).toBe('cancelled');
    } finally {
      await idle.stop();
    }
  });

  it('fails a job that takes too long, aborting its signal', async () => {
    const job = await jobs.enqueue(jobInput(crew, 'append', { mode: 'wait' }));
    await waitFor(
      () => statusOf(job.id),
      (s) => s === 'failed',
    );
    expect(await jobs.get(job.id)).toMatchObject({ message: JOB_MESSAGES.timeout, messageCode: 'job.timeout' });
    expect(slow.aborted.has(job.id)).toBe(true);
  });

  it('fails a job that takes too long even when its handler ignores the signal', async () => {
    const started = Date.now();
    const job = await jobs.enqueue(jobInput(crew, 'append', { mode: 'deaf' }));
    await waitFor(
      () => statusOf(job.id),
      (s) => s === 'failed',
    );
    expect((await jobs.get(job.id)).message).toBe('The job took too long');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('holds a job while its input arrives, then queues it; fail() ends a held job and it cannot be released', async () => {
    const live = await listen(t.app, crew.projectId, crew.owner.token);
    const { data: _data, ...input } = jobInput(crew, 'featureDetection', { mode: 'complete' });
    const held = await jobs.hold(input);
    expect(held).toMatchObject({ status: 'continue', worker: jobs.nodeId });
    // Heartbeats keep it: the sweeps (of both services) leave a held job alone.
    await sleep(800);
    expect(await statusOf(held.id)).toBe('continue');
    const released = await jobs.release(held.id, { mode: 'complete', message: 'imported' });
    expect(released.status).toBe('queued');
    await waitFor(
      () => statusOf(held.id),
      (s) => s === 'completed',
    );
    expect((await jobs.get(held.id)).message).toBe('imported');
    await waitFor(
      () => live.of(held.id),
      (events) => events.at(-1)?.status === 'completed',
    );
    expect(live.of(held.id).map((e) => e.status)).toEqual(['continue', 'queued', 'active', 'completed']);

    const abandoned = await jobs.hold(input);
    expect(await t.app.ctx.jobs.fail(abandoned.id, textMessage('The upload was abandoned'))).toMatchObject({
      status: 'failed',
      message: 'The upload was abandoned',
    });
    const refused = await jobs.release(abandoned.id, { mode: 'complete' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(409);
    expect(await bossState(t.database, 'featureDetection', abandoned.id)).toBeUndefined();
    live.close();
  });

  it('lists the jobs of an owner and of a project, newest first; get answers 404 for an unknown job', async () => {
    const ownerId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const first = await jobs.enqueue({ ...jobInput(crew, 'featureDetection', { mode: 'complete' }), ownerId });
    await sleep(5);
    const second = await jobs.enqueue({ ...jobInput(crew, 'featureDetection', { mode: 'complete' }), ownerId });
    expect((await t.app.ctx.jobs.listForOwner('dataset', ownerId)).map((j) => j.id)).toEqual([second.id, first.id]);
    expect(await t.app.ctx.jobs.listForOwner('model', ownerId)).toEqual([]);
    expect((await t.app.ctx.jobs.listForProject(crew.projectId, 2)).map((j) => j.id)).toEqual([second.id, first.id]);
    await waitFor(
      () => Promise.all([first, second].map((j) => statusOf(j.id))),
      (all) => all.every((s) => s === 'completed'),
    );
    const missing = await t.app.ctx.jobs.get('0123456789abcdef0123ffff').catch((err: unknown) => err);
    expect((missing as HttpError).status).toBe(404);
  });

  it('refuses an undefined type and a second definition of a type', async () => {
    await expect(jobs.enqueue(jobInput(crew, 'packageBuild', { mode: 'complete' }))).rejects.toThrow(/not defined/);
    expect(() => jobs.define('append', slow.handler)).toThrow(/already defined/);
  });

  it('runs several jobs of a type at once, up to its concurrency', async () => {
    scenarios.load.max = 0;
    const batch = await Promise.all(
      [1, 2, 3, 4].map(() => jobs.enqueue(jobInput(crew, 'featureDetection', { mode: 'sleep', ms: 400 }))),
    );
    await waitFor(
      () => Promise.all(batch.map((j) => statusOf(j.id))),
      (all) => all.every((s) => s === 'completed'),
    );
    const ids = batch.map((j) => j.id).sort();
    expect(
      scenarios.started
        .map((s) => s.id)
        .filter((id) => ids.includes(id))
        .sort(),
    ).toEqual(ids);
    expect(scenarios.load.max).toBe(2);
  });
});

describe('roles', () => {
  it('an API-only process enqueues but runs nothing; a worker process on the same database runs the job', async () => {
    const t = await createTestApp(FAST_JOBS);
    const api = workers(t.app, t.database, 'api');
    const worker = workers(t.app, t.database, 'worker');
    try {
      expect(t.app.ctx.jobs.runsWorkers).toBe(false);
      const crew = await team(t.database.db);
      const onApi = scenarioHandler('api');
      api.define('featureDetection', onApi.handler);
      await api.start();
      const job = await api.enqueue(jobInput(crew, 'featureDetection', { mode: 'complete' }));
      await sleep(1500);
      expect(await api.get(job.id)).toMatchObject({ status: 'queued' });
      expect(onApi.started).toEqual([]);

      const onWorker = scenarioHandler('worker');
      worker.define('featureDetection', onWorker.handler);
      await worker.start();
      await waitFor(
        () => api.get(job.id).then((r) => r.status),
        (s) => s === 'completed',
      );
      expect(onWorker.started.map((s) => s.id)).toEqual([job.id]);
      expect(onApi.started).toEqual([]);
    } finally {
      await worker.stop();
      await api.stop();
      await t.close();
    }
  });

  it('an app runs workers when ROLE is all or worker', async () => {
    const t = await createTestApp(FAST_JOBS);
    try {
      expect(t.app.ctx.jobs.runsWorkers).toBe(false);
      for (const ROLE of ['all', 'worker'] as const) {
        const app = await buildApp({
          config: loadConfig({ ...FAST_JOBS, ROLE, DATA_DIR: t.dataDir, ADMIN_EMAIL: ROOT.email, LOG_LEVEL: 'silent' }),
          database: t.database,
          mailer: new MemoryMailer(),
        });
        await app.ready();
        expect(app.ctx.jobs.runsWorkers).toBe(true);
        await app.close();
      }
    } finally {
      await t.close();
    }
  });
});
