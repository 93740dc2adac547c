import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendCsv,
  caller,
  createDataset,
  type DatasetsWorld,
  datasetsWorld,
  importCsv,
  rowsByName,
  sendFile,
} from './datasets.fixtures.ts';

let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

const segment = (datasetId: string, jobId: string) =>
  path.join(w.t.app.ctx.storage.root, 'datasets', datasetId, `${jobId}.parquet`);

describe('PUT /api/v1/datasets/:id/append and the history', () => {
  it('appends a file whose columns match (in any order); each append is a job and a segment', async () => {
    const dataset = await importCsv(w, 'people', 'name,age\nAda,36\nAlan,41\n');
    const job = await appendCsv(w, dataset._id, 'age,name\n28,Grace\n', 'april.csv');
    expect(job).toMatchObject({
      status: 'completed',
      kind: 'append',
      type: 'append',
      fileName: 'april.csv',
      rowCount: 1,
    });
    expect(existsSync(segment(dataset._id, job._id))).toBe(true);
    expect(await rowsByName(w, dataset)).toEqual([
      { name: 'Ada', age: 36 },
      { name: 'Alan', age: 41 },
      { name: 'Grace', age: 28 },
    ]);
    const shown = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${dataset._id}`)).json();
    expect(shown.rowCount).toBe(3);
    const age = shown.features.find((x: { name: string }) => x.name === 'age');
    expect(age.stats).toEqual({ min: 28, max: 41, avg: 35 });

    const history = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${dataset._id}/jobs`)).json();
    expect(history.originalFileName).toBe('people.csv');
    expect(history.timeCreated).toBe(shown.timeCreated);
    expect(Date.parse(history.lastUpdated)).toBeGreaterThanOrEqual(Date.parse(history.timeCreated));
    expect(history.jobs.map((j: { fileName: string; kind: string }) => [j.fileName, j.kind])).toEqual([
      ['april.csv', 'append'],
      ['people.csv', 'upload'],
    ]);
  });

  it('matches the original names even after a feature was renamed; a mismatch is a 400 naming the difference', async () => {
    const dataset = await importCsv(w, 'stock', 'sku,qty\nA1,3\n');
    const qty = dataset.features.find((x) => x.name === 'qty')!;
    await caller(w, w.editor)('PUT', `/api/v1/features/${qty._id}`, { name: 'Quantity' });
    const bad = await sendFile(
      w,
      w.editor,
      'PUT',
      `/api/v1/datasets/${dataset._id}/append`,
      'x.csv',
      'sku,Quantity,extra\nB2,1,0\n',
    );
    expect(bad.statusCode).toBe(400);
    const message = 'Missing columns: qty; unexpected columns: Quantity, extra';
    // The names as the code's params too, by which the web says the refusal in the user's language.
    const params = { missing: 'qty', unexpected: 'Quantity, extra' };
    expect(bad.json().error).toEqual({
      code: 'validation',
      message,
      reason: 'ingest.columnsMismatch',
      params,
      fields: { file: message },
      fieldReasons: { file: 'ingest.columnsMismatch' },
      fieldParams: { file: params },
    });
    const onlyMissing = await sendFile(
      w,
      w.editor,
      'PUT',
      `/api/v1/datasets/${dataset._id}/append`,
      'y.csv',
      'sku\nB3\n',
    );
    expect(onlyMissing.json().error).toMatchObject({
      message: 'Missing columns: qty',
      reason: 'ingest.missingColumns',
      params: { missing: 'qty' },
    });
    const jobs = (await caller(w, w.editor)('GET', `/api/v1/datasets/${dataset._id}/jobs`)).json().jobs;
    // The failed job keeps the refusal by its code and params beside its English text, and the API answers them.
    expect(jobs[1]).toMatchObject({
      status: 'failed',
      message,
      messageCode: 'ingest.columnsMismatch',
      messageParams: params,
      kind: 'append',
    });
    expect(jobs[0]).toMatchObject({ messageCode: 'ingest.missingColumns', messageParams: { missing: 'qty' } });
    expect(await w.t.app.ctx.jobs.get(jobs[1]._id)).toMatchObject({
      message,
      messageCode: 'ingest.columnsMismatch',
      messageParams: params,
    });
    expect(existsSync(segment(dataset._id, jobs[1]._id))).toBe(false);
    expect((await appendCsv(w, dataset._id, 'qty,sku\n5,B2\n')).status).toBe('completed');
    const wrongType = await sendFile(
      w,
      w.editor,
      'PUT',
      `/api/v1/datasets/${dataset._id}/append`,
      'x.txt',
      'sku,qty\n',
    );
    expect(wrongType.json().error.message).toBe('wrong file type');
  });

  it('widens a column when an append brings text into numbers', async () => {
    const dataset = await importCsv(w, 'codes', 'code,n\n10,1\n20,2\n');
    expect(dataset.features[0]).toMatchObject({ type: 'number', db: { type: 'BIGINT' } });
    expect((await appendCsv(w, dataset._id, 'code,n\nX30,3\n')).status).toBe('completed');
    const shown = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${dataset._id}`)).json();
    expect(shown.features[0]).toMatchObject({ type: 'number', db: { type: 'VARCHAR' } });
    expect((await rowsByName(w, shown)).map((r) => r.code)).toEqual([10, 20, null]);
    await caller(w, w.editor)('PUT', `/api/v1/features/${shown.features[0]._id}`, { type: 'text' });
    expect((await rowsByName(w, shown)).map((r) => r.code)).toEqual(['10', '20', 'X30']);
  });

  it('refuses an append before the first upload', async () => {
    const empty = await createDataset(w, 'nothing yet');
    const res = await sendFile(w, w.editor, 'PUT', `/api/v1/datasets/${empty._id}/append`, 'a.csv', 'a\n1\n');
    expect(res.statusCode).toBe(409);
  });

  it('DELETE deleteData/:jobId removes exactly that job’s rows', async () => {
    const dataset = await importCsv(w, 'log', 'id,v\n1,a\n2,b\n');
    const first = await appendCsv(w, dataset._id, 'id,v\n3,c\n4,d\n');
    const second = await appendCsv(w, dataset._id, 'id,v\n5,e\n');
    expect(
      await caller(w, w.viewer)('DELETE', `/api/v1/datasets/${dataset._id}/deleteData/${first._id}`),
    ).toMatchObject({
      statusCode: 403,
    });
    const res = await caller(w, w.editor)('DELETE', `/api/v1/datasets/${dataset._id}/deleteData/${first._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: dataset._id, rowCount: 3 });
    expect((await rowsByName(w, dataset)).map((r) => r.v)).toEqual(['a', 'b', 'e']);
    expect(existsSync(segment(dataset._id, first._id))).toBe(false);
    expect(existsSync(segment(dataset._id, second._id))).toBe(true);
    const jobs = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${dataset._id}/jobs`)).json().jobs;
    expect(jobs.find((j: { _id: string }) => j._id === first._id)).toMatchObject({
      status: 'completed',
      dataDeleted: true,
    });
    expect(jobs.find((j: { _id: string }) => j._id === second._id)).toMatchObject({ dataDeleted: false });
    // Once deleted, its rows are gone for good; another dataset's job is unknown here.
    expect(
      (await caller(w, w.editor)('DELETE', `/api/v1/datasets/${dataset._id}/deleteData/${first._id}`)).statusCode,
    ).toBe(404);
    const other = await importCsv(w, 'other', 'id\n1\n');
    const otherJob = (await caller(w, w.editor)('GET', `/api/v1/datasets/${other._id}/jobs`)).json().jobs[0];
    expect(
      (await caller(w, w.editor)('DELETE', `/api/v1/datasets/${dataset._id}/deleteData/${otherJob._id}`)).statusCode,
    ).toBe(404);
  });
});
