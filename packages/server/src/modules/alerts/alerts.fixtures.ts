import type { Dashboard, DatasetDetail, Unit } from '@tessera/shared';
import { expect } from 'vitest';
import { addUnit, createDashboard, caller as dashboardCaller } from '../dashboards/dashboards.fixtures.ts';
import { type DatasetsWorld, datasetsWorld, importCsv } from '../datasets/datasets.fixtures.ts';

/** The datasets world with a small sales dataset imported and a dashboard of the editor's project. */
export interface AlertsWorld extends DatasetsWorld {
  sales: DatasetDetail;
  dashboard: Dashboard;
  tabId: string;
}

export const SALES_CSV = ['region,amount', 'North,10', 'South,20', 'North,7.5', 'East,3'].join('\n');

export async function alertsWorld(): Promise<AlertsWorld> {
  const w = await datasetsWorld();
  const sales = await importCsv(w, 'sales', SALES_CSV);
  const dashboard = await createDashboard(w.t, w.editor, w.projectId);
  return { ...w, sales, dashboard, tabId: dashboard.tabs[0] };
}

/** A feature reference as the mapping editor stores it. */
export function ref(dataset: DatasetDetail, name: string) {
  const feature = dataset.features.find((f) => f.name === name);
  if (!feature) throw new Error(`no feature ${name}`);
  return { _id: feature._id, dataset: { _id: dataset._id } };
}

/** A new card on the world's tab, saved with `type` and `vis`. */
export async function savedCard(w: AlertsWorld, type: 'chart' | 'kpi' | 'table', vis: object): Promise<Unit> {
  const { unit } = await addUnit(w.t, w.editor, w.tabId);
  const res = await dashboardCaller(w.t, w.editor)('PUT', `/api/v1/units/${unit._id}`, { type, vis });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Unit;
}

/** A bar chart of the sum of amount by region (series 'reg' and 'amt'). */
export const sumByRegion = (dataset: DatasetDetail) => ({
  chartType: 'bar',
  independent: [{ series: [{ id: 'reg', feature: ref(dataset, 'region'), operation: '' }] }],
  dependent: [{ series: [{ id: 'amt', feature: ref(dataset, 'amount'), operation: 'sum' }] }],
});
