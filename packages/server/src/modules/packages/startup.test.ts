import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../../db/schema.ts';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { PURE_PACKAGE, uploadPackage, waitForBuild } from './packages.fixtures.ts';
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
    await failInterruptedBuilds(w.t.app);
    const pkg = (await caller(w, w.editor)('GET', `/api/v1/packages/${done._id}`)).json();
    expect(pkg).toMatchObject({ status: 'failed', errorLog: 'Interrupted by a server restart' });
    expect((await caller(w, w.editor)('GET', `/api/v1/packages/${kept._id}`)).json().status).toBe('built');
  });
});
