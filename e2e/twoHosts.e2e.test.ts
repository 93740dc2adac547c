import { api, projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { clusterUnavailable } from './support/cluster.ts';
import { hostsUnavailable } from './support/hosts.ts';
import { builtPackage, confirmedModel, settledRun } from './support/models.ts';
import { ADMIN } from './support/tessera.ts';
import { startTwoHosts, type TwoHosts } from './support/twoHosts.ts';

/**
 * Nodes that share nothing but PostgreSQL, Redis and S3 (docs/operations.md, "Three nodes: PostgreSQL, Redis and S3"): two nodes, each
 * on a host of its own (a network namespace with its own address and DATA_DIR), reaching the services over their
 * veth links. What one node takes in, the other serves (an upload; a package, its model's runs and a chart of their
 * output; a form response, live); a node killed mid-import (every process of its host, kill -9) loses nothing: the
 * import finishes on the other; the node comes back with an empty DATA_DIR and answers the same. Skipped, saying why, without root (network namespaces) or without PostgreSQL and Redis.
 */
const unavailable = hostsUnavailable() ?? (await clusterUnavailable());
if (unavailable) console.warn(`Skipping the two-host journey: ${unavailable}`);

const CSV_HEAD = 'id,city,amount';
const csvOf = (rows: number) =>
  `${[CSV_HEAD, ...Array.from({ length: rows }, (_, n) => `${n + 1},City ${n % 7},${(n % 1000) * 1.5}`)].join('\n')}\n`;

describe.skipIf(unavailable !== null)('two nodes on hosts of their own', () => {
  let hosts: TwoHosts;
  let token = '';
  let projectId = '';
  const node = (n: 1 | 2) => hosts.nodes[n - 1] as TwoHosts['nodes'][0];
  const call = async <T>(n: 1 | 2, method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${node(n).url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} on node ${n} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const upload = async (n: 1 | 2, datasetId: string, name: string, csv: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), name);
    const res = await fetch(`${node(n).url}/api/v1/datasets/${datasetId}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { _id: string })._id;
  };
  const rowCount = async (n: 1 | 2, datasetId: string) =>
    (await call<{ count: number }>(n, 'POST', `/api/v1/datasets/${datasetId}/data?limit=5`, {})).count;
  const jobOf = async (n: 1 | 2, datasetId: string, jobId: string) =>
    (
      await call<{ jobs: Array<{ _id: string; status: string; message: string | null }> }>(
        n,
        'GET',
        `/api/v1/datasets/${datasetId}/jobs`,
      )
    ).jobs.find((job) => job._id === jobId);
  const until = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe().catch(() => undefined);
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not after ${ms} ms\n${node(2).log().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const finished = (n: 1 | 2, datasetId: string, jobId: string) =>
    until(`the import ${jobId}`, async () => {
      const job = await jobOf(n, datasetId, jobId);
      return job && ['completed', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
    });

  beforeAll(async () => {
    hosts = await startTwoHosts();
    token = await apiSignIn(node(1), ADMIN.email, ADMIN.password);
    projectId = (await callAs(node(1), token, api.createProject, { body: { name: 'Two hosts' } }))._id;
  }, 240_000);
  afterAll(async () => {
    if (process.env.E2E_HOSTS_LOG) {
      const { writeFileSync } = await import('node:fs');
      for (const n of [1, 2] as const) writeFileSync(`${process.env.E2E_HOSTS_LOG}-${n}.log`, node(n).log());
    }
    await hosts?.stop();
  });

  let salesId = '';
  it('imports an upload sent to node 1, and node 2 reads it from the store', async () => {
    salesId = (await call<{ _id: string }>(1, 'POST', '/api/v1/datasets', { name: 'sales', projectId }))._id;
    const jobId = await upload(1, salesId, 'sales.csv', csvOf(5000));
    expect((await finished(2, salesId, jobId)).status).toBe('completed');
    expect(await rowCount(2, salesId)).toBe(5000);
    expect(await rowCount(1, salesId)).toBe(5000);
  }, 180_000);

  it('builds a package sent to node 1, runs its model through node 2, and node 1 reads its output and chart', async () => {
    const files = { 'requirements.txt': '', 'calc.py': 'def square(n: int = 3) -> dict:\n    return {"n": n * n}\n' };
    const pkg = await builtPackage(node(1), token, projectId, 'calc', files);
    const model = await confirmedModel(node(2), token, pkg, 'square');
    const run = await settledRun(node(2), token, model._id, [{ varName: 'n', value: 7 }]);
    expect(run.status, run.error ?? '').toBe('finished');
    const outputId = run.outputs[0]?.dataset._id as string;

    // Node 1 reads the rows the run wrote, wherever it ran: they are in the store.
    const output = await callAs(node(1), token, api.getDataset, { params: { id: outputId } });
    const squared = output.features.find((f) => f.name === 'n');
    if (!squared) throw new Error(`no n in ${JSON.stringify(output.features)}`);
    const rows = await callAs(node(1), token, api.datasetData, { params: { id: outputId }, query: {}, body: {} });
    expect(rows.list.map((row) => row[squared._id])).toEqual([49]);

    // A chart of the output made through node 2 answers the same on node 1, and follows the model's next run.
    const board = await callAs(node(2), token, api.createDashboard, {
      body: { projectId, name: 'Squares', description: '', type: 'Dashboard', tabName: 'Main' },
    });
    const tabId = board.tabs[0] as string;
    const { unit } = await callAs(node(2), token, api.createUnit, {
      params: { id: tabId },
      body: { layoutItem: { x: 0, y: 0, w: 4, h: 2, moved: false, static: false } },
    });
    const kpi = [{ id: 'k', feature: { _id: squared._id, dataset: { _id: outputId } }, operation: 'sum' }];
    await callAs(node(2), token, api.updateUnit, {
      params: { id: unit._id },
      query: { tabId },
      body: { name: 'Square', type: 'kpi', vis: { kpi } as never },
    });
    const cardOn = async (n: 1 | 2) =>
      (
        (await callAs(node(n), token, api.getUnitData, { params: { id: unit._id }, query: { tabId }, body: {} }))
          .data as Record<string, unknown>
      ).k;
    expect(await cardOn(1)).toBe(49);

    const next = await settledRun(node(1), token, model._id, [{ varName: 'n', value: 8 }]);
    expect(next.status, next.error ?? '').toBe('finished');
    expect(await cardOn(2)).toBe(64);
    expect(await cardOn(1)).toBe(64);

    const workerOf = async (jobId: string) => {
      const [row] = await hosts.query<{ worker: string }>('select worker from jobs where id = $1', [jobId]);
      return Number(row?.worker.split(':')[0]) === node(1).pid() ? 'node 1' : 'node 2';
    };
    const [build] = await hosts.query<{ id: string }>(
      "select id from jobs where owner_id = $1 and type = 'packageBuild'",
      [pkg._id],
    );
    console.info(
      `two hosts: the build ran on ${await workerOf(build?.id as string)}, the runs on ${await workerOf(run.jobId as string)} and ${await workerOf(next.jobId as string)}`,
    );
  }, 300_000);

  it('a form response sent to node 1 reaches a viewer connected to node 2, live', async () => {
    const form = await call<{ _id: string }>(1, 'POST', '/api/v1/forms', { projectId, name: 'Visits' });
    await call(1, 'POST', `/api/v1/forms/${form._id}/elements`, {
      element: { type: 'shortText', config: { question: 'Name', required: true } },
    });
    await call(1, 'POST', `/api/v1/forms/${form._id}/publish`);
    const published = await call<{ elements: Array<{ _id: string }>; datasetId?: string }>(
      1,
      'GET',
      `/api/v1/forms/${form._id}`,
    );
    const viewer: Socket = io(`${node(2).url}${projectNamespace(projectId)}`, {
      path: REALTIME_PATH,
      auth: { token },
      transports: ['websocket'],
    });
    try {
      const events: Array<{ name: string; payload: { _id?: string; reason?: string } }> = [];
      viewer.onAny((name: string, payload) => events.push({ name, payload }));
      await new Promise<void>((resolve, reject) => viewer.once('connect', resolve).once('connect_error', reject));
      const answer = { answers: { [published.elements[0]?._id as string]: 'Ann' } };
      const res = await fetch(`${node(1).url}/api/v1/public/forms/${form._id}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(answer),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const seen = await until('the response on node 2', async () =>
        events.find((e) => e.name === 'dataset:updated' && e.payload.reason === 'appended'),
      );
      const datasetId = seen.payload._id as string;
      expect(
        await until('the response readable on node 2', async () =>
          (await rowCount(2, datasetId)) === 1 ? 1 : undefined,
        ),
      ).toBe(1);
    } finally {
      viewer.close();
    }
  }, 180_000);

  it('loses nothing when node 1 dies mid-import: the import finishes on node 2', async () => {
    const rows = 600_000;
    const datasetId = (await call<{ _id: string }>(1, 'POST', '/api/v1/datasets', { name: 'big', projectId }))._id;
    const jobId = await upload(1, datasetId, 'big.csv', csvOf(rows));
    // Node 1 dies (every process of its host) once the import is under way, wherever it runs.
    await until('the import to start', async () =>
      (await jobOf(2, datasetId, jobId))?.status === 'active' ? true : undefined,
    );
    const [held] = await hosts.query<{ worker: string }>('select worker from jobs where id = $1', [jobId]);
    const ranOnNode1 = Number(held?.worker.split(':')[0]) === node(1).pid();
    node(1).host.kill();

    const done = await finished(2, datasetId, jobId);
    expect(done.status, done.message ?? '').toBe('completed');
    expect(await rowCount(2, datasetId)).toBe(rows);
    const [last] = await hosts.query<{ worker: string }>('select worker from jobs where id = $1', [jobId]);
    expect(Number(last?.worker.split(':')[0])).toBe(node(2).pid());
    console.info(
      `two hosts: the import was ${ranOnNode1 ? 'started over on node 2 after node 1 died under it' : 'on node 2 already'}`,
    );
  }, 300_000);

  it('node 1 comes back with an empty DATA_DIR and answers the same', async () => {
    await node(1).restart();
    expect(await rowCount(1, salesId)).toBe(await rowCount(2, salesId));
    type Listed = Array<{ _id: string; rowCount?: number }>;
    const datasets = await call<Listed>(1, 'GET', `/api/v1/datasets?projectId=${projectId}`);
    const other = await call<Listed>(2, 'GET', `/api/v1/datasets?projectId=${projectId}`);
    expect(datasets.map((d) => [d._id, d.rowCount])).toEqual(other.map((d) => [d._id, d.rowCount]));
    expect(datasets.length).toBeGreaterThanOrEqual(3);
    for (const { _id } of datasets) expect(await rowCount(1, _id)).toBe(await rowCount(2, _id));
  }, 180_000);
});
