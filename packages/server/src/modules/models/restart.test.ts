import type { AddressInfo } from 'node:net';
import { JOB_MESSAGES, type ModelRun, projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { as, buildNode } from '../../test/harness.ts';
import { insertAbandonedJob } from '../../test/jobs.ts';
import { type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { CANCEL_GRACE_MS } from './models.store.ts';
import { modelRuns, models } from './models.tables.ts';

/**
 * A server that died while a model ran: its job active under a process that is gone, its run 'started', and
 * one run still queued whose queue entry was lost. After the restart both runs are failed, saying why: no run
 * stays 'started' (or queued) for ever.
 */
let w: DatasetsWorld;
let restarted: FastifyInstance | undefined;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(async () => {
  await restarted?.close();
  await w?.t.database.close();
});

describe('a restart during a model run', () => {
  it('fails the interrupted runs', async () => {
    const db = w.t.database.db;
    const modelId = newId();
    await db.insert(models).values({ id: modelId, projectId: w.projectId, name: 'interrupted', userId: w.editor.id });
    const runs = [] as string[];
    for (const status of ['started', 'queued'] as const) {
      const jobId = await insertAbandonedJob(db, {
        projectId: w.projectId,
        name: 'interrupted',
        type: 'modelRun',
        ownerType: 'model',
        ownerId: modelId,
        userId: w.editor.id,
        ...(status === 'queued' ? { status: 'queued', worker: null } : {}),
      });
      const id = newId();
      runs.push(id);
      await db.insert(modelRuns).values({ id, modelId, projectId: w.projectId, jobId, status, userId: w.editor.id });
    }
    await w.t.app.close();

    // The same node starts again: its DATA_DIR, the same database and store.
    restarted = await buildNode(w.t, {}, w.t.dataDir);
    const call = as(restarted, w.editor.token);
    for (const id of runs) {
      const run = (await call({ method: 'GET', url: `/api/v1/model-runs/${id}` })).json() as ModelRun;
      expect(run).toMatchObject({ status: 'failed', failureKind: 'interrupted', error: JOB_MESSAGES.interrupted });
      expect(run.finishedAt).not.toBeNull();
    }
    const model = (await call({ method: 'GET', url: `/api/v1/models/${modelId}` })).json();
    expect(model.running).toBe(false);
    expect(model.sourceMissing).toBe(true);
  });

  /** A model with one run in `run.status` whose job this server no longer runs (`jobStatus`, no worker). */
  async function runOfEndedJob(
    name: string,
    jobStatus: 'failed' | 'cancelled',
    run: Pick<typeof modelRuns.$inferInsert, 'status' | 'cancelRequestedAt'>,
  ): Promise<{ modelId: string; id: string }> {
    const db = w.t.database.db;
    const modelId = newId();
    await db.insert(models).values({ id: modelId, projectId: w.projectId, name, userId: w.editor.id });
    const jobId = await insertAbandonedJob(db, {
      projectId: w.projectId,
      name,
      type: 'modelRun',
      status: jobStatus,
      ...(jobStatus === 'failed' ? { message: JOB_MESSAGES.interrupted } : {}),
      ownerType: 'model',
      ownerId: modelId,
      userId: w.editor.id,
      worker: null,
    });
    const id = newId();
    await db.insert(modelRuns).values({ id, modelId, projectId: w.projectId, jobId, ...run });
    return { modelId, id };
  }

  const listRuns = async (modelId: string) =>
    (await as(restarted!, w.editor.token)({ method: 'GET', url: `/api/v1/models/${modelId}/model-runs` })).json().runs;

  it('fails a queued run whose job the running server failed (the periodic recovery)', async () => {
    const { modelId, id } = await runOfEndedJob('lost', 'failed', { status: 'queued' });
    expect(await listRuns(modelId)).toMatchObject([{ _id: id, status: 'failed', failureKind: 'interrupted' }]);
  });

  it('leaves a run being cancelled to its handler, and cancels it once nobody did (CANCEL_GRACE_MS)', async () => {
    // Cancel settles the job at once; the worker is still stopping the sandbox when the runs are read.
    const { modelId, id } = await runOfEndedJob('stopping', 'cancelled', {
      status: 'started',
      cancelRequestedAt: new Date(),
    });
    expect(await listRuns(modelId)).toMatchObject([{ _id: id, status: 'started' }]);

    // Its handler never settled it (its worker died while stopping it): cancelled, as asked, not failed.
    const asked = new Date(Date.now() - CANCEL_GRACE_MS - 1000);
    await w.t.database.db.update(modelRuns).set({ cancelRequestedAt: asked }).where(eq(modelRuns.id, id));
    const [run] = await listRuns(modelId);
    expect(run).toMatchObject({ _id: id, status: 'cancelled', error: null });
    expect(run.finishedAt).not.toBeNull();
  });

  it('fails a started run whose worker died while this server runs, and tells the project at once', async () => {
    const db = w.t.database.db;
    const modelId = newId();
    await db.insert(models).values({ id: modelId, projectId: w.projectId, name: 'orphan', userId: w.editor.id });
    // Held by a process that is not this one: on PGlite only one process opens the database, so it died.
    const jobId = await insertAbandonedJob(db, {
      projectId: w.projectId,
      name: 'orphan',
      type: 'modelRun',
      ownerType: 'model',
      ownerId: modelId,
      userId: w.editor.id,
      worker: 'a-worker-killed-mid-run',
    });
    const id = newId();
    await db.insert(modelRuns).values({ id, modelId, projectId: w.projectId, jobId, status: 'started' });
    const app = restarted as FastifyInstance;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = io(`http://127.0.0.1:${port}${projectNamespace(w.projectId)}`, {
      path: REALTIME_PATH,
      auth: { token: w.editor.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
      const told = new Promise<ModelRun>((resolve) =>
        socket.on('modelRun:updated', (run: ModelRun) => run._id === id && resolve(run)),
      );
      // The periodic recovery (every heartbeat), as it runs on any process of a cluster.
      const failedJobs = await app.ctx.jobs.sweep();
      expect(failedJobs.map((job) => job.id)).toContain(jobId);
      // Without anyone reading the model's runs, the run is failed and the project hears it.
      const [row] = await db.select().from(modelRuns).where(eq(modelRuns.id, id));
      expect(row).toMatchObject({ status: 'failed', failureKind: 'interrupted', error: JOB_MESSAGES.interrupted });
      expect(await told).toMatchObject({ status: 'failed', error: JOB_MESSAGES.interrupted });
    } finally {
      socket.disconnect();
    }
  });
});
