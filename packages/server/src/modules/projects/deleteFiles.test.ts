import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboard } from '../dashboards/dashboards.fixtures.ts';
import { previewKey, writePreview } from '../dashboards/index.ts';
import { caller, type DatasetsWorld, datasetsWorld, importCsv } from '../datasets/datasets.fixtures.ts';

/** Deleting a project removes the files its assets had: dataset segments and dashboard preview images. */
let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

describe('deleting a project', () => {
  it("removes its datasets' segments and its dashboards' preview images, and no other project's", async () => {
    const { storage } = w.t.app.ctx;
    const segments = async (datasetId: string) => (await storage.list(`datasets/${datasetId}/`)).length;
    const dataset = await importCsv(w, 'sales', 'region,amount\nNorth,1\nSouth,2');
    const dashboard = await createDashboard(w.t, w.editor, w.projectId);
    await writePreview(storage, dashboard._id, Buffer.from('png bytes'));
    const theirs = await importCsv({ ...w, projectId: w.outsiderProjectId, editor: w.outsider }, 'kept', 'a\n1');
    expect(await segments(dataset._id)).toBeGreaterThan(0);
    expect(await storage.exists(previewKey(dashboard._id))).toBe(true);

    const res = await caller(w, w.editor)('DELETE', `/api/v1/projects/${w.projectId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await segments(dataset._id)).toBe(0);
    expect(await storage.exists(previewKey(dashboard._id))).toBe(false);
    expect(await segments(theirs._id)).toBeGreaterThan(0);
  });
});
