import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DATASET_MESSAGES, MAX_UPLOAD_BYTES, UNSAFE_TEXT_MESSAGE } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../test/harness.ts';
import { multipartFile } from '../../test/multipart.ts';
import {
  caller,
  createDataset,
  type DatasetsWorld,
  datasetsWorld,
  importCsv,
  rowsByName,
  SALES,
  sendFile,
  waitForJob,
} from './datasets.fixtures.ts';

let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

const uploads = () => readdirSync(path.join(w.t.app.ctx.storage.root, 'uploads'));

describe('POST /api/v1/datasets/:id/upload', () => {
  it('imports a CSV: features with types, stats, precision and preview; the dataset is imported', async () => {
    const dataset = await createDataset(w, 'sales');
    expect(dataset).toMatchObject({ name: 'sales', type: 'file', imported: false, features: [], collections: [] });
    const res = await sendFile(w, w.editor, 'POST', `/api/v1/datasets/${dataset._id}/upload`, 'sales.csv', SALES);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'sales.csv',
      type: 'featureDetection',
      ownerType: 'dataset',
      ownerId: dataset._id,
    });
    expect(['queued', 'active', 'completed']).toContain(res.json().status);
    const job = await waitForJob(w, dataset._id, res.json()._id);
    expect(job).toMatchObject({
      status: 'completed',
      kind: 'upload',
      fileName: 'sales.csv',
      rowCount: 5,
      bytes: SALES.length,
    });

    const shown = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${dataset._id}`)).json();
    expect(shown).toMatchObject({
      imported: true,
      rowCount: 5,
      source: { originalFileName: 'sales.csv', estSize: SALES.length },
    });
    const byName = Object.fromEntries(shown.features.map((f: { name: string }) => [f.name, f]));
    expect(Object.keys(byName)).toEqual(['order_id', 'region', 'amount', 'day']);
    expect(byName.order_id).toMatchObject({ type: 'id', listIndex: 0, db: { name: 'c0' }, hidden: false });
    expect(byName.region).toMatchObject({ type: 'category', preview: ['North', 'South', 'North', 'East', 'South'] });
    expect(byName.amount).toMatchObject({ type: 'number', stats: { min: 3, max: 20, avg: 10.1875 } });
    expect(byName.day).toMatchObject({
      type: 'date',
      precision: 'day',
      stats: { min: '2024-01-03', max: '2024-03-01' },
    });
    // The uploaded file is gone once imported.
    expect(uploads()).toEqual([]);
    expect(await rowsByName(w, shown)).toEqual([
      { order_id: 1, region: 'North', amount: 10.5, day: '2024-01-03' },
      { order_id: 2, region: 'South', amount: 20, day: '2024-01-04' },
      { order_id: 3, region: 'North', amount: 7.25, day: '2024-02-10' },
      { order_id: 4, region: 'East', amount: null, day: '2024-02-11' },
      { order_id: 5, region: 'South', amount: 3, day: '2024-03-01' },
    ]);
    // The sidebar's upload queue lists it, newest first.
    const queue = await caller(w, w.viewer)('GET', `/api/v1/datasets/jobs?projectId=${w.projectId}&limit=3`);
    expect(queue.json()[0]).toMatchObject({ _id: job._id, status: 'completed', fileName: 'sales.csv', kind: 'upload' });
    expect(
      (await caller(w, w.dashboardsOnly)('GET', `/api/v1/datasets/jobs?projectId=${w.projectId}`)).statusCode,
    ).toBe(403);
    // A second upload is refused: more data goes through an append.
    const again = await sendFile(w, w.editor, 'POST', `/api/v1/datasets/${dataset._id}/upload`, 'sales.csv', SALES);
    expect(again.statusCode).toBe(409);
  });

  it('reads real-world CSV: quotes with commas and line breaks, escaped quotes, CRLF, a BOM, empty fields', async () => {
    const csv = '\uFEFFname,comment,score\r\n"Smith, J.","said ""hi""\r\nthen left",3\r\nDoe,,\r\n';
    const dataset = await importCsv(w, 'quoted', csv);
    expect(dataset.features.map((f) => f.name)).toEqual(['name', 'comment', 'score']);
    expect(await rowsByName(w, dataset)).toEqual([
      { name: 'Smith, J.', comment: 'said "hi"\r\nthen left', score: 3 },
      { name: 'Doe', comment: null, score: null },
    ]);
  });

  it('names duplicate and empty columns, reads ragged rows, and imports a header-only file with no rows', async () => {
    const ragged = await importCsv(w, 'ragged', 'a,b,a,\n1,2,3,4\n5,6\n');
    expect(ragged.features.map((f) => f.name)).toEqual(['a', 'b', 'a_2', 'column_4']);
    expect(await rowsByName(w, ragged)).toEqual([
      { a: 1, b: 2, a_2: 3, column_4: 4 },
      { a: 5, b: 6, a_2: null, column_4: null },
    ]);
    const headerOnly = await importCsv(w, 'header only', 'x,y\n');
    expect(headerOnly).toMatchObject({ imported: true, rowCount: 0 });
    expect(headerOnly.features.map((f) => f.name)).toEqual(['x', 'y']);
    expect(await rowsByName(w, headerOnly)).toEqual([]);
  });

  it('fails the job with a clear message on a file that is not CSV, and leaves the dataset as it was', async () => {
    const dataset = await createDataset(w, 'binary');
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2, 3]);
    const res = await sendFile(w, w.editor, 'POST', `/api/v1/datasets/${dataset._id}/upload`, 'binary.csv', bytes);
    expect(res.statusCode).toBe(200);
    const job = await waitForJob(w, dataset._id, res.json()._id);
    expect(job).toMatchObject({
      status: 'failed',
      message: 'This is not a CSV file: it contains binary data.',
      messageCode: 'ingest.binary',
    });
    const shown = (await caller(w, w.editor)('GET', `/api/v1/datasets/${dataset._id}`)).json();
    expect(shown).toMatchObject({ imported: false, features: [], rowCount: 0 });
    expect(existsSync(path.join(w.t.app.ctx.storage.root, 'datasets', dataset._id))).toBe(false);
    expect(uploads()).toEqual([]);
    // The dataset can take another upload after a failed one.
    const retry = await sendFile(w, w.editor, 'POST', `/api/v1/datasets/${dataset._id}/upload`, 'binary.csv', SALES);
    expect((await waitForJob(w, dataset._id, retry.json()._id)).status).toBe('completed');
  });

  it("refuses a file that does not end in .csv: 'wrong file type', nothing stored", async () => {
    const dataset = await createDataset(w, 'wrong');
    for (const name of ['sales.xlsx', 'sales.csv.zip', 'csv']) {
      const res = await sendFile(w, w.editor, 'POST', `/api/v1/datasets/${dataset._id}/upload`, name, SALES);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: DATASET_MESSAGES.wrongFileType,
        fields: { file: 'wrong file type' },
      });
    }
    expect((await caller(w, w.editor)('GET', `/api/v1/datasets/${dataset._id}/jobs`)).json().jobs).toEqual([]);
    const upper = await sendFile(w, w.editor, 'POST', `/api/v1/datasets/${dataset._id}/upload`, 'SALES.CSV', SALES);
    expect(upper.statusCode).toBe(200);
    await waitForJob(w, dataset._id, upper.json()._id);
  });

  it('refuses a file name holding a NUL character with 400, nothing stored', async () => {
    const dataset = await createDataset(w, 'nul');
    const res = await sendFile(w, w.editor, 'POST', `/api/v1/datasets/${dataset._id}/upload`, 'sa\u0000les.csv', SALES);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({ file: UNSAFE_TEXT_MESSAGE });
    expect((await caller(w, w.editor)('GET', `/api/v1/datasets/${dataset._id}/jobs`)).json().jobs).toEqual([]);
  });

  it("refuses a declared size of 2 GB or more before reading the body: 413 'file too large'", async () => {
    const dataset = await createDataset(w, 'huge');
    const body = multipartFile('file', 'huge.csv', 'text/csv', Buffer.from(SALES));
    const res = await as(
      w.t.app,
      w.editor.token,
    )({
      method: 'POST',
      url: `/api/v1/datasets/${dataset._id}/upload`,
      payload: body.payload,
      headers: { ...body.headers, 'content-length': String(MAX_UPLOAD_BYTES + 2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'too-large',
      message: 'file too large',
      fields: { file: 'file too large' },
    });
    expect((await caller(w, w.editor)('GET', `/api/v1/datasets/${dataset._id}/jobs`)).json().jobs).toEqual([]);
  });

  it('needs a multipart body with the file field', async () => {
    const dataset = await createDataset(w, 'empty');
    const json = await caller(w, w.editor)('POST', `/api/v1/datasets/${dataset._id}/upload`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    const other = multipartFile('document', 'a.csv', 'text/csv', Buffer.from(SALES));
    const res = await as(
      w.t.app,
      w.editor.token,
    )({
      method: 'POST',
      url: `/api/v1/datasets/${dataset._id}/upload`,
      ...other,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ file: 'Required' });
  });
});
