import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  createDataset,
  type DatasetsWorld,
  datasetsWorld,
  eventually,
  importCsv,
  SALES,
  sendFile,
  waitForJob,
} from './datasets.fixtures.ts';

let w: DatasetsWorld;
const sockets: Socket[] = [];
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await w?.t.close();
});

describe('datasets: create, list, show, update, delete', () => {
  it('creates a file dataset (name required, trimmed) and lists the project’s datasets', async () => {
    const edit = caller(w, w.editor);
    const res = await edit('POST', '/api/v1/datasets', {
      name: '  Leads  ',
      projectId: w.projectId,
      description: 'Q1',
    });
    expect(res.json()).toMatchObject({
      name: 'Leads',
      description: 'Q1',
      type: 'file',
      imported: false,
      user: { id: w.editor.id },
    });
    expect((await edit('POST', '/api/v1/datasets', { name: '', projectId: w.projectId })).json().error.fields).toEqual({
      name: 'Required',
    });
    const list = (await caller(w, w.viewer)('GET', `/api/v1/datasets?projectId=${w.projectId}`)).json();
    expect(list.map((d: { name: string }) => d.name)).toContain('Leads');
    const renamed = await edit('PUT', `/api/v1/datasets/${res.json()._id}`, { name: 'Prospects', description: '' });
    expect(renamed.json()).toMatchObject({ name: 'Prospects', description: '' });
  });

  it('filters the list by imported and by id; a bad filter is a 400', async () => {
    const empty = (
      await caller(w, w.editor)('POST', '/api/v1/datasets', { name: 'Empty', projectId: w.projectId })
    ).json();
    const sales = await importCsv(w, 'listed', SALES);
    const list = async (q: string) => {
      const res = await caller(w, w.viewer)('GET', `/api/v1/datasets?projectId=${w.projectId}${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ _id: string; imported: boolean }>).map((d) => d._id);
    };
    const imported = await list('&imported=true');
    expect(imported).toContain(sales._id);
    expect(imported).not.toContain(empty._id);
    const pending = await list('&imported=false');
    expect(pending).toContain(empty._id);
    expect(pending).not.toContain(sales._id);
    expect(await list(`&id=${sales._id}`)).toEqual([sales._id]);
    expect(await list(`&imported=false&id=${sales._id}`)).toEqual([]);
    // Another tenant's dataset is not listed through one's own project.
    const theirs = (
      await caller(w, w.outsider)('POST', '/api/v1/datasets', { name: 'x', projectId: w.outsiderProjectId })
    ).json();
    expect(await list(`&id=${theirs._id}`)).toEqual([]);
    const bad = await caller(w, w.viewer)('GET', `/api/v1/datasets?projectId=${w.projectId}&imported=yes`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ imported: 'Write true or false' });
  });

  it('deletes a dataset with its features and files', async () => {
    const dataset = await importCsv(w, 'doomed', SALES);
    const folder = path.join(w.t.app.ctx.storage.root, 'datasets', dataset._id);
    expect(existsSync(folder)).toBe(true);
    expect((await caller(w, w.viewer)('DELETE', `/api/v1/datasets/${dataset._id}`)).statusCode).toBe(403);
    expect((await caller(w, w.editor)('DELETE', `/api/v1/datasets/${dataset._id}`)).statusCode).toBe(200);
    expect(existsSync(folder)).toBe(false);
    expect((await caller(w, w.editor)('GET', `/api/v1/datasets/${dataset._id}`)).statusCode).toBe(404);
    expect((await caller(w, w.editor)('GET', `/api/v1/features/${dataset.features[0]._id}/data`)).statusCode).toBe(404);
  });
});

describe('rights', () => {
  it('dataset view reads, dataset edit changes; hidden is 403; another organization gets 404 everywhere', async () => {
    const dataset = await importCsv(w, 'guarded', SALES);
    const id = dataset._id;
    const reads: Array<[string, string, object?]> = [
      ['GET', `/api/v1/datasets/${id}`],
      ['GET', `/api/v1/datasets/${id}/features`],
      ['POST', `/api/v1/datasets/${id}/data`, {}],
      ['GET', `/api/v1/datasets/${id}/download`],
      ['GET', `/api/v1/datasets/${id}/jobs`],
      ['GET', `/api/v1/features/${dataset.features[0]._id}/stats`],
    ];
    for (const [method, url, body] of reads) {
      expect((await caller(w, w.viewer)(method as 'GET', url, body)).statusCode, url).toBe(200);
      expect((await caller(w, w.dashboardsOnly)(method as 'GET', url, body)).statusCode, url).toBe(403);
      expect((await caller(w, w.outsider)(method as 'GET', url, body)).statusCode, url).toBe(404);
    }
    const writes: Array<[string, string, object?]> = [
      ['PUT', `/api/v1/datasets/${id}`, { name: 'x' }],
      ['POST', `/api/v1/datasets/${id}/failJob`, {}],
      ['DELETE', `/api/v1/datasets/${id}`],
      ['PUT', `/api/v1/features/${dataset.features[0]._id}`, { hidden: true }],
    ];
    for (const [method, url, body] of writes) {
      expect((await caller(w, w.viewer)(method as 'PUT', url, body)).statusCode, url).toBe(403);
      expect((await caller(w, w.outsider)(method as 'PUT', url, body)).statusCode, url).toBe(404);
    }
    for (const [method, url] of [
      ['POST', `/api/v1/datasets/${id}/upload`],
      ['PUT', `/api/v1/datasets/${id}/append`],
    ] as const) {
      expect((await sendFile(w, w.viewer, method, url, 'a.csv', SALES)).statusCode).toBe(403);
      expect((await sendFile(w, w.outsider, method, url, 'a.csv', SALES)).statusCode).toBe(404);
    }
    expect(
      (await caller(w, w.viewer)('POST', '/api/v1/datasets', { name: 'x', projectId: w.projectId })).statusCode,
    ).toBe(403);
    expect(
      (await caller(w, w.outsider)('POST', '/api/v1/datasets', { name: 'x', projectId: w.projectId })).statusCode,
    ).toBe(404);
    expect((await caller(w, w.outsider)('GET', `/api/v1/datasets?projectId=${w.projectId}`)).statusCode).toBe(404);
    // Nothing changed.
    expect((await caller(w, w.editor)('GET', `/api/v1/datasets/${id}`)).json()).toMatchObject({
      name: 'guarded',
      rowCount: 5,
    });
  });

  it('moves with Transfer Assets (with its jobs), leaving its folders behind', async () => {
    const dataset = await importCsv(w, 'travelling', SALES);
    const edit = caller(w, w.editor);
    const folder = (await edit('POST', '/api/v1/collections', { projectId: w.projectId, name: 'Stays' })).json();
    await edit('PUT', `/api/v1/datasets/${dataset._id}`, { collections: [folder._id] });
    const target = (await edit('POST', '/api/v1/projects', { name: 'Target' })).json();
    const res = await edit('PUT', `/api/v1/projects/${w.projectId}/transferTo/${target._id}`, {
      datasets: [dataset._id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().moved).toEqual({ datasets: 1 });
    const moved = (await edit('GET', `/api/v1/datasets/${dataset._id}`)).json();
    expect(moved).toMatchObject({ projectId: target._id, collections: [], rowCount: 5 });
    const jobs = (await edit('GET', `/api/v1/datasets/${dataset._id}/jobs`)).json().jobs;
    expect(jobs[0].projectId).toBe(target._id);
    // The viewer is not a member of the target project.
    expect((await caller(w, w.viewer)('GET', `/api/v1/datasets/${dataset._id}`)).statusCode).toBe(404);
  });
});

describe('live channel', () => {
  it('streams the import job’s statuses and dataset:updated to members who see datasets', async () => {
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.t.app.server.address() as AddressInfo;
    const connect = async (token: string) => {
      const socket = io(`http://127.0.0.1:${port}${projectNamespace(w.projectId)}`, {
        path: REALTIME_PATH,
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const events: Array<[string, { _id: string; status?: string; reason?: string }]> = [];
      socket.onAny((event, payload) => events.push([event, payload]));
      return events;
    };
    const seen = await connect(w.viewer.token);
    const unseen = await connect(w.dashboardsOnly.token);
    const dataset = await createDataset(w, 'live');
    const res = await sendFile(w, w.editor, 'POST', `/api/v1/datasets/${dataset._id}/upload`, 'live.csv', SALES);
    const jobId = res.json()._id;
    await waitForJob(w, dataset._id, jobId);
    const jobEvents = () => seen.filter(([e, p]) => e === 'job:updated' && p._id === jobId);
    await eventually(
      () =>
        seen.some(([e, p]) => e === 'dataset:updated' && p.reason === 'imported') &&
        jobEvents().some(([, p]) => p.status === 'completed'),
      'the imported and completed events',
    );
    const statuses = seen.filter(([e, p]) => e === 'job:updated' && p._id === jobId).map(([, p]) => p.status);
    expect(statuses[0]).toBe('continue');
    expect(statuses.at(-1)).toBe('completed');
    expect(statuses).toContain('queued');
    expect(seen).toContainEqual(['dataset:updated', { _id: dataset._id, reason: 'created' }]);
    expect(seen).toContainEqual(['dataset:updated', { _id: dataset._id, reason: 'imported' }]);
    expect(unseen.filter(([e]) => e.startsWith('dataset:') || e.startsWith('job:'))).toEqual([]);
  });
});
