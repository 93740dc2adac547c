import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { datasetDir } from '@tessera/analytics';
import { JOB_MESSAGES } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { toBossId } from '../../platform/jobs/bossIds.ts';
import { as, buildNode } from '../../test/harness.ts';
import { insertAbandonedJob } from '../../test/jobs.ts';
import { createDataset, type DatasetsWorld, datasetsWorld, SALES, sendFile, waitForJob } from './datasets.fixtures.ts';
import { datasetJobs } from './datasets.tables.ts';
import { clusteredKey, datasetPrefix, segmentKey, uploadKey } from './files.ts';

/**
 * A server that died during an import: its job was active, the upload still on disk, and the segment already
 * renamed into place but never committed (the worst moment). After the restart the job is failed for all to
 * see, the dataset is as it was, and the leftover files are gone.
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

describe('another process dying during an import (PostgreSQL: several servers share the jobs)', () => {
  it('the live server that fails the job removes its upload and uncommitted segment at once', async () => {
    const dataset = await createDataset(w, 'orphaned');
    const db = w.t.database.db;
    const jobId = await insertAbandonedJob(db, {
      projectId: w.projectId,
      name: 'orphaned.csv',
      type: 'featureDetection',
      ownerType: 'dataset',
      ownerId: dataset._id,
      userId: w.editor.id,
      worker: 'another-process-that-died',
    });
    await db
      .insert(datasetJobs)
      .values({ jobId, datasetId: dataset._id, kind: 'upload', fileName: 'orphaned.csv', bytes: 10 });
    // What the dead process had stored: the upload, and the segment it put before its commit.
    const { storage } = w.t.app.ctx;
    await storage.putStream(uploadKey(jobId), Readable.from([SALES]));
    await storage.putStream(segmentKey(dataset._id, jobId), Readable.from(['not committed']));

    // The live server's heartbeat sweep (no restart): the job is failed, and its files go with it.
    const failed = await w.t.app.ctx.jobs.sweep();
    expect(failed.map((row) => row.id)).toContain(jobId);
    expect(await storage.exists(uploadKey(jobId))).toBe(false);
    expect(await storage.exists(segmentKey(dataset._id, jobId))).toBe(false);
    const history = (
      await as(w.t.app, w.editor.token)({ method: 'GET', url: `/api/v1/datasets/${dataset._id}/jobs` })
    ).json();
    expect(history.jobs).toMatchObject([{ _id: jobId, status: 'failed', message: JOB_MESSAGES.interrupted }]);
  });
});

describe('a node lost during an import (PostgreSQL: another node takes over)', () => {
  it('starts the import over from its stored upload, and the dataset is imported once', async () => {
    const dataset = await createDataset(w, 'taken over');
    const db = w.t.database.db;
    const { storage } = w.t.app.ctx;
    const jobId = await insertAbandonedJob(db, {
      projectId: w.projectId,
      name: 'taken-over.csv',
      type: 'featureDetection',
      ownerType: 'dataset',
      ownerId: dataset._id,
      userId: w.editor.id,
      worker: 'a-node-that-was-lost',
    });
    await db
      .insert(datasetJobs)
      .values({ jobId, datasetId: dataset._id, kind: 'upload', fileName: 'taken-over.csv', bytes: SALES.length });
    await storage.putStream(`uploads/${jobId}.csv`, Readable.from([SALES]));
    // The lost node had taken the job's queue entry when it died.
    await db.execute(
      sql`insert into pgboss.job (id, name, data, state, started_on) values (${toBossId(jobId)}::uuid, 'featureDetection',
        ${JSON.stringify({ datasetId: dataset._id, kind: 'upload' })}::jsonb, 'active', now() - interval '1 hour')`,
    );

    await w.t.app.ctx.jobs.sweep();
    const done = await waitForJob(w, dataset._id, jobId);
    expect(done).toMatchObject({ status: 'completed', rowCount: 5 });
    const history = (
      await as(w.t.app, w.editor.token)({ method: 'GET', url: `/api/v1/datasets/${dataset._id}/jobs` })
    ).json();
    expect(history.jobs).toMatchObject([{ _id: jobId, status: 'completed' }]);
    const data = (
      await as(w.t.app, w.editor.token)({ method: 'POST', url: `/api/v1/datasets/${dataset._id}/data`, payload: {} })
    ).json();
    expect(data.count).toBe(5);
  });
});

describe('a restart during an import', () => {
  it('fails the interrupted job and leaves the dataset unchanged', async () => {
    const dataset = await createDataset(w, 'interrupted');
    const db = w.t.database.db;
    const jobId = await insertAbandonedJob(db, {
      projectId: w.projectId,
      name: 'interrupted.csv',
      type: 'featureDetection',
      ownerType: 'dataset',
      ownerId: dataset._id,
      userId: w.editor.id,
    });
    await db
      .insert(datasetJobs)
      .values({ jobId, datasetId: dataset._id, kind: 'upload', fileName: 'interrupted.csv', bytes: 10 });
    // What the process left when it stopped: in the store, the upload, the segment it put before its commit and a
    // clustered copy of it (cluster.job.ts), and a dataset no row names (a deleted project's); in its local folder,
    // a segment and a clustered copy interrupted mid-write (temporaries), and an empty folder of a dataset gone.
    const { storage } = w.t.app.ctx;
    await w.t.app.close();
    const stored = [uploadKey(jobId), segmentKey(dataset._id, jobId), clusteredKey(dataset._id, jobId)];
    for (const key of stored) await storage.putStream(key, Readable.from(['left by the process']));
    const orphanId = newId();
    await storage.putStream(segmentKey(orphanId, newId()), Readable.from(['rows of a dataset gone']));
    const segmentDir = datasetDir(storage.root, dataset._id);
    mkdirSync(segmentDir, { recursive: true });
    writeFileSync(path.join(segmentDir, `${newId()}.parquet.tmp`), 'half written');
    writeFileSync(path.join(segmentDir, `${newId()}.clustered.0123456789ab.parquet.tmp`), 'half a copy');
    const orphan = datasetDir(storage.root, newId());
    mkdirSync(orphan);

    // The same node starts again: its DATA_DIR, the same database and store.
    restarted = await buildNode(w.t, {}, w.t.dataDir);
    const call = as(restarted, w.editor.token);

    const history = (await call({ method: 'GET', url: `/api/v1/datasets/${dataset._id}/jobs` })).json();
    expect(history.jobs).toMatchObject([{ _id: jobId, status: 'failed', message: JOB_MESSAGES.interrupted }]);
    const shown = (await call({ method: 'GET', url: `/api/v1/datasets/${dataset._id}` })).json();
    expect(shown).toMatchObject({ imported: false, features: [], rowCount: 0 });
    const data = (await call({ method: 'POST', url: `/api/v1/datasets/${dataset._id}/data`, payload: {} })).json();
    expect(data.list).toEqual([]);
    for (const key of stored) expect(await restarted.ctx.storage.exists(key)).toBe(false);
    expect(await restarted.ctx.storage.list(datasetPrefix(orphanId))).toEqual([]);
    expect(existsSync(segmentDir) ? readdirSync(segmentDir) : []).toEqual([]);
    expect(existsSync(orphan)).toBe(false);

    // The dataset takes a new upload after the restart.
    const after = { ...w, t: { ...w.t, app: restarted } };
    const again = await sendFile(after, w.editor, 'POST', `/api/v1/datasets/${dataset._id}/upload`, 'again.csv', SALES);
    expect(again.statusCode, again.body).toBe(200);
    const done = await waitForJob(after, dataset._id, again.json()._id);
    expect(done).toMatchObject({ status: 'completed', rowCount: 5 });
  });
});
