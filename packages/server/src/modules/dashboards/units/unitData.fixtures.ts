import type { Dashboard, DatasetDetail, Unit, UnitData } from '@tessera/shared';
import { expect } from 'vitest';
import { type DatasetsWorld, datasetsWorld, importCsv } from '../../datasets/datasets.fixtures.ts';
import type { Person } from '../../projects/projects.fixtures.ts';
import { addUnit, createDashboard, caller as dashboardCaller } from '../dashboards.fixtures.ts';

/**
 * Test set-up for cards' data and filters: the datasets world (an editor with Full Access, a viewer, a View
 * Dashboards member, an outsider of another organization with a project of their own), a real CSV imported in
 * each project through the API, and a dashboard of the editor's project.
 */
export interface CardsWorld extends DatasetsWorld {
  /** The SALES-like dataset of the editor's project. */
  sales: DatasetDetail;
  /** A dataset of the outsider's project (another organization). */
  foreign: DatasetDetail;
  dashboard: Dashboard;
  tabId: string;
}

/** 40 orders over three regions, amounts with decimals, a quantity, a day and a free-text note. */
export const ORDERS = [
  'order_id,region,amount,qty,day,note',
  ...Array.from({ length: 40 }, (_, i) => {
    const n = i + 1;
    const region = ['North', 'South', 'East'][n % 3];
    const amount = (n * 2.5 + (n % 7)).toFixed(2);
    const day = `2024-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`;
    return `${n},${region},${amount},${n % 5},${day},"note ${n}; it's ""quoted"""`;
  }),
].join('\n');

export interface Order {
  order_id: number;
  region: string;
  amount: number;
  qty: number;
  day: string;
}

/** The ORDERS rows as numbers and strings, computed from the CSV text (for expectations). */
export function orders(): Order[] {
  return ORDERS.split('\n')
    .slice(1)
    .map((line) => {
      const [order_id, region, amount, qty, day] = line.split(',');
      return { order_id: Number(order_id), region, amount: Number(amount), qty: Number(qty), day };
    });
}

/** `env`: settings for the app (REDIS_URL, say). */
export async function cardsWorld(env: Record<string, string> = {}): Promise<CardsWorld> {
  const w = await datasetsWorld(env);
  const sales = await importCsv(w, 'orders', ORDERS);
  const foreign = await importCsv({ ...w, projectId: w.outsiderProjectId, editor: w.outsider }, 'theirs', ORDERS);
  const dashboard = await createDashboard(w.t, w.editor, w.projectId);
  return { ...w, sales, foreign, dashboard, tabId: dashboard.tabs[0] };
}

/** The id of the feature named `name` in `dataset`. */
export const featureId = (dataset: DatasetDetail, name: string) => {
  const feature = dataset.features.find((f) => f.name === name);
  if (!feature) throw new Error(`no feature ${name}`);
  return feature._id;
};

/** A feature reference as the mapping editor stores it. */
export const ref = (dataset: DatasetDetail, name: string) => ({
  _id: featureId(dataset, name),
  dataset: { _id: dataset._id },
});

export function call(w: CardsWorld, who: Person | undefined) {
  return dashboardCaller(w.t, who);
}

/** A new card on the world's tab, saved with `type` and `vis`. */
export async function savedCard(
  w: CardsWorld,
  type: 'chart' | 'kpi' | 'table' | 'custom',
  vis: object,
  extra: { subtype?: string; name?: string; tabId?: string } = {},
): Promise<Unit> {
  const { unit } = await addUnit(w.t, w.editor, extra.tabId ?? w.tabId);
  const res = await call(w, w.editor)('PUT', `/api/v1/units/${unit._id}`, {
    type,
    vis,
    ...(extra.subtype ? { subtype: extra.subtype } : {}),
    ...(extra.name ? { name: extra.name } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Unit;
}

/** A new table card of the world's orders showing ids and regions (series 'id' and 'region'); answers its id. */
export async function idRegionTable(w: CardsWorld): Promise<string> {
  const vis = {
    table: [
      { id: 'id', feature: ref(w.sales, 'order_id') },
      { id: 'region', feature: ref(w.sales, 'region') },
    ],
  };
  return (await savedCard(w, 'table', vis))._id;
}

/** A category filter as the filter menu makes it. */
export const categoryFilter = (dataset: DatasetDetail, name: string, values: string[]) => ({
  type: 'category' as const,
  operation: 'equal' as const,
  value: values,
  feature: { id: featureId(dataset, name) },
});

/** A bar chart of the sum of `dataset`'s amount by region (series 'reg' and 'amt'). */
export const sumByRegion = (dataset: DatasetDetail) => ({
  chartType: 'bar',
  independent: [{ series: [{ id: 'reg', feature: ref(dataset, 'region'), operation: '' }] }],
  dependent: [{ series: [{ id: 'amt', feature: ref(dataset, 'amount'), operation: 'sum' }] }],
});

/** A `sumByRegion` chart's rows as region -> sum. */
export const byRegion = (answer: UnitData) =>
  new Map((answer.data as Array<Record<string, number | string>>).map((r) => [r.reg as string, r.amt as number]));

/** The chart answers the sums of amount by region of `rows`, worked out from the CSV text. */
export function expectSums(answer: UnitData, rows: Order[]) {
  const expected = new Map<string, number>();
  for (const r of rows) expected.set(r.region, (expected.get(r.region) ?? 0) + r.amount);
  const got = byRegion(answer);
  expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [region, sum] of expected) expect(got.get(region)).toBeCloseTo(sum, 6);
}
