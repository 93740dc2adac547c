import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createDataset, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';

let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

const base = '/api/v1/collections';

describe('folders of datasets', () => {
  it('creates, lists by name, renames and deletes a folder (dataset edit)', async () => {
    const edit = caller(w, w.editor);
    const created = await edit('POST', base, { projectId: w.projectId, name: ' Sales ', description: 'Monthly' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      name: 'Sales',
      description: 'Monthly',
      projectId: w.projectId,
      user: { id: w.editor.id },
    });
    await edit('POST', base, { projectId: w.projectId, name: 'archive' });
    const list = (await caller(w, w.viewer)('GET', `${base}?projectId=${w.projectId}`)).json();
    expect(list.map((c: { name: string }) => c.name)).toEqual(['archive', 'Sales']);
    const renamed = await edit('PUT', `${base}/${created.json()._id}`, { name: 'Revenue', description: '' });
    expect(renamed.json()).toMatchObject({ name: 'Revenue', description: '' });
    expect((await edit('DELETE', `${base}/${created.json()._id}`)).statusCode).toBe(200);
    expect((await edit('DELETE', `${base}/${created.json()._id}`)).statusCode).toBe(404);
  });

  it('answers field errors on name and description', async () => {
    const edit = caller(w, w.editor);
    expect((await edit('POST', base, { projectId: w.projectId, name: '  ' })).json().error.fields).toEqual({
      name: 'Required',
    });
    expect((await edit('POST', base, { projectId: w.projectId })).json().error.fields).toEqual({ name: 'Required' });
    const long = await edit('POST', base, { projectId: w.projectId, name: 'x', description: 'd'.repeat(1001) });
    expect(long.json().error.fields).toEqual({ description: 'At most 1000 characters' });
    await edit('POST', base, { projectId: w.projectId, name: 'Unique' });
    const twice = await edit('POST', base, { projectId: w.projectId, name: 'UNIQUE' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({ name: 'A folder with this name already exists' });
    const other = (await edit('POST', base, { projectId: w.projectId, name: 'Other' })).json();
    expect((await edit('PUT', `${base}/${other._id}`, { name: 'unique' })).json().error.fields).toEqual({
      name: 'A folder with this name already exists',
    });
  });

  it('puts a dataset in folders and out; deleting a folder sends its datasets back', async () => {
    const edit = caller(w, w.editor);
    const folder = (await edit('POST', base, { projectId: w.projectId, name: 'Drag here' })).json();
    const dataset = await createDataset(w, 'moved');
    const into = await edit('PUT', `/api/v1/datasets/${dataset._id}`, { collections: [folder._id] });
    expect(into.json().collections).toEqual([folder._id]);
    const listed = (await caller(w, w.viewer)('GET', `/api/v1/datasets?projectId=${w.projectId}`)).json();
    expect(listed.find((d: { _id: string }) => d._id === dataset._id).collections).toEqual([folder._id]);
    const out = await edit('PUT', `/api/v1/datasets/${dataset._id}`, { collections: [] });
    expect(out.json().collections).toEqual([]);
    await edit('PUT', `/api/v1/datasets/${dataset._id}`, { collections: [folder._id] });
    await edit('DELETE', `${base}/${folder._id}`);
    expect((await edit('GET', `/api/v1/datasets/${dataset._id}`)).json().collections).toEqual([]);
    // A folder of another project is not one of this dataset's.
    const theirs = (
      await caller(w, w.outsider)('POST', base, { projectId: w.outsiderProjectId, name: 'Theirs' })
    ).json();
    const foreign = await edit('PUT', `/api/v1/datasets/${dataset._id}`, { collections: [theirs._id] });
    expect(foreign.json().error.fields).toEqual({ collections: 'Folder not found' });
  });

  it('needs dataset view to list and dataset edit to change; another organization gets 404', async () => {
    const folder = (await caller(w, w.editor)('POST', base, { projectId: w.projectId, name: 'Rights' })).json();
    expect((await caller(w, w.viewer)('POST', base, { projectId: w.projectId, name: 'No' })).statusCode).toBe(403);
    expect((await caller(w, w.viewer)('PUT', `${base}/${folder._id}`, { name: 'No' })).statusCode).toBe(403);
    expect((await caller(w, w.viewer)('DELETE', `${base}/${folder._id}`)).statusCode).toBe(403);
    expect((await caller(w, w.dashboardsOnly)('GET', `${base}?projectId=${w.projectId}`)).statusCode).toBe(403);
    expect((await caller(w, w.outsider)('GET', `${base}?projectId=${w.projectId}`)).statusCode).toBe(404);
    expect((await caller(w, w.outsider)('PUT', `${base}/${folder._id}`, { name: 'Mine' })).statusCode).toBe(404);
  });
});
