import type { DatasetDetail, UnitData } from '@tessera/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUnit, createDashboard, caller as dashboardCaller } from '../dashboards/dashboards.fixtures.ts';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { datasets, features } from '../datasets/index.ts';
import { makeForm, submit } from './forms.fixtures.ts';
import { responsesFlusherOf } from './index.ts';
import { elementColumn } from './responsesDataset.ts';

/**
 * A yes/no question's answers are a BOOLEAN column of the Form Responses dataset, which cards read like any other
 * column; a form published while yes/no answers were text keeps its text column and keeps taking responses.
 */
let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

const ELEMENTS = [
  { type: 'shortText' as const, config: { question: 'Name' } },
  { type: 'binary' as const, config: { question: 'Remote' } },
  { type: 'number' as const, config: { question: 'Hours', allowDecimal: true } },
];
const ANSWERS: Array<[string, boolean, number]> = [
  ['Ann', true, 7.5],
  ['Bob', false, 4],
  ['Cy', true, 2],
];
let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;

async function answered(name: string): Promise<{ formId: string; dataset: DatasetDetail }> {
  const form = await makeForm(w, name, { publish: true, elements: ELEMENTS });
  const [nameQ, remote, hours] = form.elements;
  for (const [who, yes, h] of ANSWERS) {
    const res = await submit(w, form._id, { [nameQ._id]: who, [remote._id]: yes, [hours._id]: h }, address());
    expect(res.statusCode, res.body).toBe(201);
  }
  await responsesFlusherOf(w.t.app).settle();
  const dataset = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${form.dataset!._id}`)).json();
  return { formId: form._id, dataset };
}

const feature = (dataset: DatasetDetail, name: string) => dataset.features.find((f) => f.name === name)!;

/** A bar chart of the sum of Hours by Remote over the dataset, saved on a new dashboard; answers its data. */
async function hoursByRemote(dataset: DatasetDetail): Promise<Map<string, number>> {
  const dashboard = await createDashboard(w.t, w.editor, w.projectId, { name: `Card over ${dataset.name}` });
  const { unit } = await addUnit(w.t, w.editor, dashboard.tabs[0]);
  const ref = (name: string) => ({ _id: feature(dataset, name)._id, dataset: { _id: dataset._id } });
  const vis = {
    chartType: 'bar',
    independent: [{ series: [{ id: 'remote', feature: ref('Remote'), operation: '' }] }],
    dependent: [{ series: [{ id: 'hours', feature: ref('Hours'), operation: 'sum' }] }],
  };
  const call = dashboardCaller(w.t, w.editor);
  const saved = await call('PUT', `/api/v1/units/${unit._id}`, { type: 'chart', vis });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const res = await dashboardCaller(w.t, w.viewer)('POST', `/api/v1/units/${unit._id}/data`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const answer = res.body as UnitData;
  expect(answer.error).toBeNull();
  return new Map((answer.data as Array<Record<string, string | number>>).map((r) => [String(r.remote), +r.hours]));
}

describe('yes/no answers', () => {
  it('land as a BOOLEAN column, and a card groups by it', async () => {
    const { dataset } = await answered('Booleans');
    expect(feature(dataset, 'Remote')).toMatchObject({ type: 'category', db: { type: 'BOOLEAN' } });
    expect(dataset.rowCount).toBe(3);
    const rows = (await caller(w, w.viewer)('POST', `/api/v1/datasets/${dataset._id}/data?limit=10`, {})).json().list;
    const remote = feature(dataset, 'Remote');
    const values = rows.map((r: Record<string, unknown>) => String(r[remote._id] ?? r[remote.name]));
    expect(values.sort()).toEqual(['false', 'true', 'true']);
    const sums = await hoursByRemote(dataset);
    expect([...sums.keys()].sort()).toEqual(['false', 'true']);
    expect(sums.get('true')).toBeCloseTo(9.5, 6);
    expect(sums.get('false')).toBeCloseTo(4, 6);
  });

  it('keep a text column working for a form published when yes/no was text: its texts, no broken append', async () => {
    const form = await makeForm(w, 'Text column', { publish: true, elements: ELEMENTS });
    const remote = form.elements[1];
    const datasetId = form.dataset!._id;
    // The column as it was made before yes/no answers were booleans: VARCHAR, in the dataset and its feature.
    const db = w.t.database.db;
    const [row] = await db.select({ columns: datasets.columns }).from(datasets).where(eq(datasets.id, datasetId));
    const column = elementColumn(remote._id);
    const columns = row.columns.map((c) => (c.dbName === column ? { ...c, physicalType: 'VARCHAR' } : c));
    await db.update(datasets).set({ columns }).where(eq(datasets.id, datasetId));
    await db
      .update(features)
      .set({ physicalType: 'VARCHAR' })
      .where(and(eq(features.datasetId, datasetId), eq(features.dbName, column)));
    const [nameQ, , hours] = form.elements;
    for (const [who, yes, h] of ANSWERS) {
      const res = await submit(w, form._id, { [nameQ._id]: who, [remote._id]: yes, [hours._id]: h }, address());
      expect(res.statusCode, res.body).toBe(201);
    }
    await responsesFlusherOf(w.t.app).settle();
    const dataset = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${datasetId}`)).json() as DatasetDetail;
    expect(dataset.rowCount).toBe(3);
    expect(feature(dataset, 'Remote').db.type).toBe('VARCHAR');
    const sums = await hoursByRemote(dataset);
    expect([...sums.keys()].sort()).toEqual(['False', 'True']);
    expect(sums.get('True')).toBeCloseTo(9.5, 6);
  });
});
