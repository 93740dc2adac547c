import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DATASET_ERRORS } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  createDataset,
  type DatasetsWorld,
  datasetsWorld,
  eventually,
  waitForJob,
} from './datasets.fixtures.ts';

/** Uploads over a real socket, left unfinished: the client goes away, or the user leaves the page (failJob). */

let w: DatasetsWorld;
let port: number;
beforeAll(async () => {
  w = await datasetsWorld();
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (w.t.app.server.address() as AddressInfo).port;
});
const open: http.ClientRequest[] = [];
afterAll(async () => {
  for (const request of open) request.destroy();
  await w?.t.close();
});

const boundary = '----tesseraAbortTest';
const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`;
const tail = `\r\n--${boundary}--\r\n`;

/** Starts an upload that declares 10 MB and sends only its first rows; answers the open request. */
function startUpload(datasetId: string) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/v1/datasets/${datasetId}/upload`,
    headers: {
      authorization: `Bearer ${w.editor.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(10_000_000),
    },
  });
  const answer = new Promise<{ status: number; body: string } | 'closed'>((resolve) => {
    request.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.on('error', () => resolve('closed'));
  });
  open.push(request);
  request.write(head);
  request.write('a,b\n'.concat('1,2\n'.repeat(20_000)));
  return { request, answer };
}

async function waitForStatus(datasetId: string, status: string) {
  let job: { _id: string; kind: string; status: string } | undefined;
  await eventually(async () => {
    job = (await caller(w, w.editor)('GET', `/api/v1/datasets/${datasetId}/jobs`)).json().jobs[0];
    return job?.status === status;
  }, `a job ${status}`);
  return job as { _id: string; kind: string; status: string };
}

/** The uploads folder's files (none when the folder itself is gone). */
const uploads = () => {
  const dir = path.join(w.t.app.ctx.storage.root, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('an upload left unfinished', () => {
  it('is failed when the client goes away, and its partial file is removed', async () => {
    const dataset = await createDataset(w, 'aborted');
    const { request } = startUpload(dataset._id);
    const job = await waitForStatus(dataset._id, 'continue');
    expect(job.kind).toBe('upload');
    await eventually(() => uploads().includes(`${job._id}.csv`), 'the partial upload file');
    request.destroy();
    const failed = await waitForJob(w, dataset._id, job._id);
    expect(failed).toMatchObject({ status: 'failed', message: DATASET_ERRORS.cancelledByUser });
    await eventually(() => uploads().length === 0, 'the partial upload file to be removed');
    expect((await caller(w, w.editor)('GET', `/api/v1/datasets/${dataset._id}`)).json().imported).toBe(false);
  });

  it('is failed by POST failJob when the user leaves the page; the rest of the file is then refused', async () => {
    const dataset = await createDataset(w, 'left');
    const { request, answer } = startUpload(dataset._id);
    const job = await waitForStatus(dataset._id, 'continue');
    const viewerTry = await caller(w, w.viewer)('POST', `/api/v1/datasets/${dataset._id}/failJob`, {});
    expect(viewerTry.statusCode).toBe(403);
    const res = await caller(w, w.editor)('POST', `/api/v1/datasets/${dataset._id}/failJob`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([
      {
        _id: job._id,
        status: 'failed',
        message: DATASET_ERRORS.cancelledByUser,
        messageCode: 'dataset.cancelledByUser',
      },
    ]);
    // The browser was still sending: the end of the file arrives, but the job is no longer waiting for it.
    request.end(tail);
    const settled = await answer;
    if (settled !== 'closed') expect(settled.status).toBe(409);
    request.destroy(); // it declared more bytes than it sent
    await eventually(() => uploads().length === 0, 'the partial upload file to be removed');
    expect((await waitForJob(w, dataset._id, job._id)).status).toBe('failed');
    // Nothing left to fail.
    expect((await caller(w, w.editor)('POST', `/api/v1/datasets/${dataset._id}/failJob`, {})).json()).toEqual([]);
  });
});
