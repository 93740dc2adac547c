import type { DatasetDetail, DatasetUses } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { type DatasetsWorld, datasetsWorld, importCsv } from '../datasets/datasets.fixtures.ts';
import { models } from '../models/index.ts';
import { addUnit, caller, createDashboard } from './dashboards.fixtures.ts';

/**
 * The Delete Dataset dialog names what uses the dataset (GET datasets/{id}/uses): the cards that draw on it with
 * their dashboard, the models that read it (a dataframe input) or write it (an output). For dataset editors only;
 * another tenant's dataset is 404. The delete itself goes on: the cards and models stay, without their data.
 */
let w: DatasetsWorld;
let sales: DatasetDetail;
let other: DatasetDetail;
let dashboardId: string;
let unitId: string;
const modelId = newId();

beforeAll(async () => {
  w = await datasetsWorld();
  sales = await importCsv(w, 'sales', ['city,price', 'Lyon,10', 'Paris,20'].join('\n'));
  other = await importCsv(w, 'other', ['a', '1'].join('\n'));
  const d = await createDashboard(w.t, w.editor, w.projectId, { name: 'Sales board' });
  dashboardId = d._id;
  unitId = (await addUnit(w.t, w.editor, d.tabs[0]!)).unit._id;
  const price = sales.features.find((f) => f.name === 'price')!._id;
  const saved = await caller(w.t, w.editor)('PUT', `/api/v1/units/${unitId}`, {
    name: 'Total price',
    type: 'kpi',
    vis: { kpi: [{ feature: { _id: price, dataset: { _id: sales._id } }, aggregation: 'sum' }], filters: [] },
  });
  expect(saved.status).toBe(200);
  await w.t.database.db.insert(models).values({
    id: modelId,
    projectId: w.projectId,
    name: 'Forecast',
    inputs: [
      {
        _id: newId(),
        name: 'Data',
        varName: 'df',
        dataType: 'dataframe',
        defaultValue: sales._id,
        value: null,
        description: '',
        options: null,
        display: { modelBar: true, modelPanel: 'primary', inputType: 'dataset', config: {} },
      },
    ],
  });
});
afterAll(() => w?.t.close());

describe('what uses a dataset', () => {
  it('names the cards with their dashboard and the models, and nothing for an unused dataset', async () => {
    const { status, body } = await caller(w.t, w.editor)('GET', `/api/v1/datasets/${sales._id}/uses`);
    expect(status).toBe(200);
    expect(body).toEqual({
      cards: [
        { _id: unitId, name: 'Total price', dashboard: { _id: dashboardId, name: 'Sales board', type: 'Dashboard' } },
      ],
      models: [{ _id: modelId, name: 'Forecast' }],
      datasets: [],
    } satisfies DatasetUses);
    const unused = await caller(w.t, w.editor)('GET', `/api/v1/datasets/${other._id}/uses`);
    expect(unused.body).toEqual({ cards: [], models: [], datasets: [] });
  });

  it('answers dataset editors only, and 404 across tenants', async () => {
    expect((await caller(w.t, w.viewer)('GET', `/api/v1/datasets/${sales._id}/uses`)).status).toBe(403);
    const outsider = await caller(w.t, w.outsider)('GET', `/api/v1/datasets/${sales._id}/uses`);
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.body)).not.toContain('Forecast');
    expect((await caller(w.t, w.editor)('GET', `/api/v1/datasets/${newId()}/uses`)).status).toBe(404);
  });

  it('deletes a used dataset: the card and the model stay, and nothing names the dataset any more', async () => {
    expect((await caller(w.t, w.editor)('DELETE', `/api/v1/datasets/${sales._id}`)).status).toBe(200);
    expect((await caller(w.t, w.editor)('GET', `/api/v1/datasets/${sales._id}/uses`)).status).toBe(404);
    expect((await caller(w.t, w.editor)('GET', `/api/v1/units/${unitId}`)).status).toBe(200);
  });
});
