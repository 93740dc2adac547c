import { existsSync } from 'node:fs';
import { PROJECT_ROLE_PRESETS } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../platform/tenancy.tables.ts';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { membership, project } from '../projects/projects.fixtures.ts';
import { PURE_PACKAGE, uploadPackage, waitForBuild } from './packages.fixtures.ts';
import { packageSourcesOf } from './packages.sources.ts';

/** Packages and their project: Transfer Assets moves them with their functions; deleting a project removes their files. */

let w: DatasetsWorld;
let otherProjectId = '';
beforeAll(async () => {
  w = await datasetsWorld();
  const db = w.t.database.db;
  const [row] = await db.select({ org: projects.organizationId }).from(projects).where(eq(projects.id, w.projectId));
  otherProjectId = await project(db, row.org);
  await membership(db, w.editor.id, otherProjectId, PROJECT_ROLE_PRESETS.full);
});
afterAll(() => w?.t.close());

describe('packages and their project', () => {
  it('moves a package with its functions by Transfer Assets', { timeout: 60_000 }, async () => {
    const edit = caller(w, w.editor);
    const pkg = await waitForBuild(
      w,
      (await uploadPackage(w, w.editor, 'Mover', '3.9', PURE_PACKAGE, otherProjectId)).json()._id,
    );
    expect(pkg.status, pkg.errorLog).toBe('built');
    const moved = await edit('PUT', `/api/v1/projects/${otherProjectId}/transferTo/${w.projectId}`, {
      packages: [pkg._id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().moved).toMatchObject({ packages: 1 });
    expect((await edit('GET', `/api/v1/packages/${pkg._id}`)).json().projectId).toBe(w.projectId);
    const here = (await edit('GET', `/api/v1/algorithms?projectId=${w.projectId}`)).json();
    expect(here.map((a: { packageId: string }) => a.packageId)).toEqual([pkg._id, pkg._id]);
    expect((await edit('GET', `/api/v1/algorithms?projectId=${otherProjectId}`)).json()).toEqual([]);
  });

  it('removes the package files when its project is deleted', { timeout: 60_000 }, async () => {
    const pkg = await waitForBuild(
      w,
      (await uploadPackage(w, w.editor, 'Gone', '3.9', PURE_PACKAGE, otherProjectId)).json()._id,
    );
    const { storage } = w.t.app.ctx;
    const folder = packageSourcesOf(w.t.app.ctx).localDir(pkg._id);
    expect(existsSync(folder)).toBe(true);
    expect((await storage.list(`packages/${pkg._id}/`)).length).toBeGreaterThan(0);
    expect((await caller(w, w.editor)('DELETE', `/api/v1/projects/${otherProjectId}`)).statusCode).toBe(200);
    expect(existsSync(folder)).toBe(false);
    expect(await storage.list(`packages/${pkg._id}/`)).toEqual([]);
    expect((await caller(w, w.editor)('GET', `/api/v1/packages/${pkg._id}`)).statusCode).toBe(404);
  });
});
