import { setTimeout as sleep } from 'node:timers/promises';
import {
  type DatasetDetail,
  type DatasetJob,
  PROJECT_ROLE_PRESETS,
  type ProjectRoles,
  ROLE_PRESETS,
} from '@tessera/shared';
import { expect } from 'vitest';
import { createOrganization } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { multipartFile } from '../../test/multipart.ts';
import { membership, type Person, person, project } from '../projects/projects.fixtures.ts';

/**
 * Test set-up for the datasets tests: an app, a project with an editor (Full Access), a viewer (Viewer) and a
 * View Dashboards member, and an outsider of another organization (who has a project of their own).
 */
export interface DatasetsWorld {
  t: TestApp;
  projectId: string;
  editor: Person;
  viewer: Person;
  dashboardsOnly: Person;
  outsider: Person;
  outsiderProjectId: string;
}

/** `env`: settings for the app (e.g. a lower CLUSTER_MIN_ROWS). */
export async function datasetsWorld(env: Record<string, string> = {}): Promise<DatasetsWorld> {
  const t = await createTestApp(env);
  const db = t.database.db;
  const org = (await createOrganization(db)).id;
  const other = (await createOrganization(db)).id;
  const projectId = await project(db, org);
  const outsiderProjectId = await project(db, other);
  const editor = await person(db, org, ROLE_PRESETS.standard, 'Editor');
  const viewer = await person(db, org, ROLE_PRESETS.standard, 'Viewer');
  const dashboardsOnly = await person(db, org, ROLE_PRESETS.standard, 'Dashboards');
  const outsider = await person(db, other, ROLE_PRESETS.standard, 'Outsider');
  await membership(db, editor.id, projectId, PROJECT_ROLE_PRESETS.full);
  await membership(db, viewer.id, projectId, PROJECT_ROLE_PRESETS.view as ProjectRoles);
  await membership(db, dashboardsOnly.id, projectId, PROJECT_ROLE_PRESETS.viewDashboards as ProjectRoles);
  await membership(db, outsider.id, outsiderProjectId, PROJECT_ROLE_PRESETS.full);
  return { t, projectId, editor, viewer, dashboardsOnly, outsider, outsiderProjectId };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(w: DatasetsWorld, who: Person) {
  return (method: Method, url: string, payload?: object) =>
    as(w.t.app, who.token)({ method, url, ...(payload ? { payload } : {}) });
}

/** Sends a CSV as the multipart `file` field of an upload or an append. */
export function sendFile(
  w: DatasetsWorld,
  who: Person,
  method: Method,
  url: string,
  fileName: string,
  content: string | Buffer,
) {
  const body = multipartFile('file', fileName, 'text/csv', Buffer.isBuffer(content) ? content : Buffer.from(content));
  return as(w.t.app, who.token)({ method, url, payload: body.payload, headers: body.headers });
}

const FINISHED = new Set(['completed', 'failed', 'cancelled']);

/** Waits until the job has finished; answers it as the history presents it. */
export async function waitForJob(
  w: DatasetsWorld,
  datasetId: string,
  jobId: string,
  timeoutMs = 20_000,
): Promise<DatasetJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await w.t.app.ctx.jobs.find(jobId);
    if (row && FINISHED.has(row.status)) break;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${row?.status} after ${timeoutMs} ms`);
    await sleep(25);
  }
  const history = await caller(w, w.editor)('GET', `/api/v1/datasets/${datasetId}/jobs`);
  const job = (history.json().jobs as DatasetJob[]).find((j) => j._id === jobId);
  if (!job) throw new Error(`job ${jobId} is not in the history`);
  return job;
}

export async function createDataset(w: DatasetsWorld, name: string, who = w.editor): Promise<DatasetDetail> {
  const res = await caller(w, who)('POST', '/api/v1/datasets', { name, projectId: w.projectId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Creates a dataset, uploads `csv` and waits for the import; answers the imported dataset with its features. */
export async function importCsv(w: DatasetsWorld, name: string, csv: string): Promise<DatasetDetail> {
  const dataset = await createDataset(w, name);
  const res = await sendFile(w, w.editor, 'POST', `/api/v1/datasets/${dataset._id}/upload`, `${name}.csv`, csv);
  expect(res.statusCode, res.body).toBe(200);
  const job = await waitForJob(w, dataset._id, res.json()._id);
  expect(job.status, job.message ?? '').toBe('completed');
  return (await caller(w, w.editor)('GET', `/api/v1/datasets/${dataset._id}`)).json();
}

/** Appends `csv` and waits; answers the finished job. */
export async function appendCsv(
  w: DatasetsWorld,
  datasetId: string,
  csv: string,
  fileName = 'more.csv',
): Promise<DatasetJob> {
  const res = await sendFile(w, w.editor, 'PUT', `/api/v1/datasets/${datasetId}/append`, fileName, csv);
  expect(res.statusCode, res.body).toBe(200);
  return waitForJob(w, datasetId, res.json()._id);
}

/** All rows of a dataset (or of one job), by feature name. */
export async function rowsByName(w: DatasetsWorld, dataset: DatasetDetail, query = '', body: object = {}) {
  const res = await caller(w, w.editor)('POST', `/api/v1/datasets/${dataset._id}/data?limit=1000${query}`, body);
  expect(res.statusCode, res.body).toBe(200);
  const names = new Map(dataset.features.map((f) => [f._id, f.name]));
  return (res.json().list as Record<string, unknown>[]).map((row) =>
    Object.fromEntries(Object.entries(row).map(([id, v]) => [names.get(id) ?? id, v])),
  );
}

export const SALES = [
  'order_id,region,amount,day',
  '1,North,10.5,2024-01-03',
  '2,South,20,2024-01-04',
  '3,North,7.25,2024-02-10',
  '4,East,,2024-02-11',
  '5,South,3,2024-03-01',
].join('\n');

/** Waits until `done()` holds, checking every 25 ms, for at most `timeoutMs` (generous: CI machines are shared). */
export async function eventually(
  done: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`still waiting, after ${timeoutMs} ms, for ${what}`);
    await sleep(25);
  }
}
