import { existsSync } from 'node:fs';
import { datasetDir } from '@tessera/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboard } from '../dashboards/dashboards.fixtures.ts';
import { previewFile, writePreview } from '../dashboards/index.ts';
import { caller, type DatasetsWorld, datasetsWorld, importCsv } from '../datasets/datasets.fixtures.ts';

/** Deleting a project removes the files its assets had: dataset segments and dashboard preview images. */
let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

describe('deleting a project', () => {
  it("removes its datasets' segments and its dashboards' preview images, and no other project's", async () => {
    const dataDir = w.t.app.ctx.storage.root;
    const dataset = await importCsv(w, 'sales', 'region,amount\nNorth,1\nSouth,2');
    const dashboard = await createDashboard(w.t, w.editor, w.projectId);
    await writePreview(dataDir, dashboard._id, Buffer.from('png bytes'));
    const theirs = await importCsv({ ...w, projectId: w.outsiderProjectId, editor: w.outsider }, 'kept', 'a\n1');
    expect(existsSync(datasetDir(dataDir, dataset._id))).toBe(true);
    expect(existsSync(previewFile(dataDir, dashboard._id))).toBe(true);

    const res = await caller(w, w.editor)('DELETE', `/api/v1/projects/${w.projectId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(existsSync(datasetDir(dataDir, dataset._id))).toBe(false);
    expect(existsSync(previewFile(dataDir, dashboard._id))).toBe(false);
    expect(existsSync(datasetDir(dataDir, theirs._id))).toBe(true);
  });
});
