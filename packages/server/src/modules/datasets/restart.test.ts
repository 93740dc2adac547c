import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { JOB_MESSAGES } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { datasetJobs } from '../../db/schema.ts';
import { newId } from '../../platform/ids.ts';
import { toBossId } from '../../platform/jobs/bossIds.ts';
import { as, ROOT } from '../../test/harness.ts';
import { insertAbandonedJob } from '../../test/jobs.ts';
import { createDataset, type DatasetsWorld, datasetsWorld, SALES, sendFile, waitForJob } from './datasets.fixtures.ts';

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
    const upload = path.join(w.t.dataDir, 'uploads', `${jobId}.csv`);
    const segment = path.join(w.t.dataDir, 'datasets', dataset._id, `${jobId}.parquet`);
    mkdirSync(path.dirname(upload), { recursive: true });
    mkdirSync(path.dirname(segment), { recursive: true });
    writeFileSync(upload, SALES);
    writeFileSync(segment, 'not committed');

    // The live server's heartbeat sweep (no restart): the job is failed, and its files go with it.
    const failed = await w.t.app.ctx.jobs.sweep();
    expect(failed.map((row) => row.id)).toContain(jobId);
    expect(existsSync(upload)).toBe(false);
    expect(existsSync(segment)).toBe(false);
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
    await w.t.app.close();

    const dir = w.t.dataDir;
    const upload = path.join(dir, 'uploads', `${jobId}.csv`);
    const segmentDir = path.join(dir, 'datasets', dataset._id);
    mkdirSync(path.dirname(upload), { recursive: true });
    mkdirSync(segmentDir, { recursive: true });
    writeFileSync(upload, SALES);
    writeFileSync(path.join(segmentDir, `${jobId}.parquet`), 'not committed');
    writeFileSync(path.join(segmentDir, `${newId()}.parquet.tmp`), 'half written');
    // A clustered copy of the uncommitted segment, and one interrupted mid-write (cluster.job.ts).
    writeFileSync(path.join(segmentDir, `${jobId}.clustered.parquet`), 'copy of rows never committed');
    writeFileSync(path.join(segmentDir, `${newId()}.clustered.0123456789ab.parquet.tmp`), 'half a copy');
    const orphan = path.join(dir, 'datasets', newId());
    mkdirSync(orphan);

    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ROOT.email,
      ADMIN_PASSWORD: ROOT.password,
    });
    restarted = await buildApp({ config, database: w.t.database });
    await restarted.ready();
    const call = as(restarted, w.editor.token);

    const history = (await call({ method: 'GET', url: `/api/v1/datasets/${dataset._id}/jobs` })).json();
    expect(history.jobs).toMatchObject([{ _id: jobId, status: 'failed', message: JOB_MESSAGES.interrupted }]);
    const shown = (await call({ method: 'GET', url: `/api/v1/datasets/${dataset._id}` })).json();
    expect(shown).toMatchObject({ imported: false, features: [], rowCount: 0 });
    const data = (await call({ method: 'POST', url: `/api/v1/datasets/${dataset._id}/data`, payload: {} })).json();
    expect(data.list).toEqual([]);
    expect(existsSync(upload)).toBe(false);
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
