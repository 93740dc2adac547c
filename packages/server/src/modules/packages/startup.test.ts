import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAbandonedJob } from '../../test/jobs.ts';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { PURE_PACKAGE, uploadPackage, waitForBuild } from './packages.fixtures.ts';
import { packagesDepsOf } from './packages.jobs.ts';
import { packages } from './packages.tables.ts';
import { failInterruptedBuilds } from './startup.ts';

let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

describe('builds a restart interrupted', () => {
  it('fails a package left building with no unfinished build job, and only that one', { timeout: 60_000 }, async () => {
    const done = await waitForBuild(w, (await uploadPackage(w, w.editor, 'Left', '3.9', PURE_PACKAGE)).json()._id);
    const kept = await waitForBuild(w, (await uploadPackage(w, w.editor, 'Kept', '3.9', PURE_PACKAGE)).json()._id);
    const db = w.t.database.db;
    // As a crash mid-build leaves it: the package says installing, its job was failed by the jobs' recovery.
    await db.update(packages).set({ status: 'installing' }).where(eq(packages.id, done._id));
    await failInterruptedBuilds(packagesDepsOf(w.t.app));
    const pkg = (await caller(w, w.editor)('GET', `/api/v1/packages/${done._id}`)).json();
    expect(pkg).toMatchObject({ status: 'failed', errorLog: 'Interrupted by a server restart' });
    expect((await caller(w, w.editor)('GET', `/api/v1/packages/${kept._id}`)).json().status).toBe('built');
  });

  it('fails the package of a build whose worker died while this server runs (the periodic recovery)', {
    timeout: 60_000,
  }, async () => {
    const pkg = await waitForBuild(w, (await uploadPackage(w, w.editor, 'Orphan', '3.9', PURE_PACKAGE)).json()._id);
    const db = w.t.database.db;
    // As a worker killed mid-build leaves it: the package installing, its job active under a process that is gone.
    await db.update(packages).set({ status: 'installing' }).where(eq(packages.id, pkg._id));
    const jobId = await insertAbandonedJob(db, {
      projectId: w.projectId,
      name: 'Orphan',
      type: 'packageBuild',
      ownerType: 'package',
      ownerId: pkg._id,
      userId: w.editor.id,
      worker: 'a-worker-killed-mid-build',
    });
    const failedJobs = await w.t.app.ctx.jobs.sweep();
    expect(failedJobs.map((job) => job.id)).toContain(jobId);
    const [row] = await db.select().from(packages).where(eq(packages.id, pkg._id));
    expect(row).toMatchObject({ status: 'failed', errorLog: 'Interrupted by a server restart' });
  });
});
