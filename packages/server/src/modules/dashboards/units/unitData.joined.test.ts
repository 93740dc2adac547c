import type { DatasetDetail, UnitData, UnitRows } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../platform/tenancy.tables.ts';
import { importCsv } from '../../datasets/datasets.fixtures.ts';
import { createDashboard } from '../dashboards.fixtures.ts';
import {
  type CardsWorld,
  call,
  cardsWorld,
  expectSums,
  featureId,
  orders,
  ref,
  savedCard,
  sumByRegion,
} from './unitData.fixtures.ts';

/**
 * Cross-filters through joins (docs/cross-filters.md: joined datasets), through the API: the orders left-joined with
 * a dataset of the regions' managers on the region. A cross-filter on the orders' region filters a card on the
 * joined dataset (its copy of the region carries the same values), and the other way round; and the join's keys
 * pair the orders' region with the managers' region, so a selection on either filters a card on the other. The
 * card data, View rows and their CSV agree with sums and counts worked out from the CSV text.
 */
let w: CardsWorld;
let managers: DatasetDetail;
let joined: DatasetDetail;
beforeAll(async () => {
  w = await cardsWorld();
  managers = await importCsv(w, 'managers', MANAGERS);
  const res = await call(w, w.editor)('POST', '/api/v1/datasets', {
    type: 'joined',
    name: 'orders with managers',
    projectId: w.projectId,
    source: {
      join: [
        { _id: w.sales._id, type: 'left', on: [[featureId(w.sales, 'region'), featureId(managers, 'region')]] },
        { _id: managers._id },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  joined = res.body as DatasetDetail;
});
afterAll(() => w?.t.close());

/** The managers of the orders' three regions, and of West, which has no order (the left join leaves it out). */
const MANAGERS = 'region,manager,budget\nNorth,Ada,1200.5\nSouth,Alan,800.25\nEast,Grace,430\nWest,Linus,99\n';
const budgetOf: Record<string, number> = { North: 1200.5, South: 800.25, East: 430, West: 99 };

const dataOf = async (unitId: string, body: object) => {
  const res = await call(w, w.viewer)('POST', `/api/v1/units/${unitId}/data?tabId=${w.tabId}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const answer = res.body as UnitData;
  expect(answer.error).toBeNull();
  return answer;
};
const rowsOf = async (unitId: string, body: object) => {
  const res = await call(w, w.viewer)('POST', `/api/v1/units/${unitId}/rows?tabId=${w.tabId}&limit=1000`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as UnitRows;
};

/** A bar chart of the joined dataset: the sum of the orders' amount by manager (series 'man' and 'amt'). */
const sumByManager = () => ({
  chartType: 'bar',
  independent: [{ series: [{ id: 'man', feature: ref(joined, 'manager'), operation: '' }] }],
  dependent: [{ series: [{ id: 'amt', feature: ref(joined, 'amount'), operation: 'sum' }] }],
});
const managerOf: Record<string, string> = { North: 'Ada', South: 'Alan', East: 'Grace' };

describe('cross-filters through joins', () => {
  it("a cross-filter on the orders' region filters a card on the joined dataset, and its View rows", async () => {
    const card = await savedCard(w, 'chart', sumByManager());
    const all = await dataOf(card._id, {});
    expect(all.data).toHaveLength(3);

    const crossFilters = [{ featureId: featureId(w.sales, 'region'), values: ['North', 'East'] }];
    const filtered = await dataOf(card._id, { crossFilters });
    const sums = new Map((filtered.data as Array<Record<string, number | string>>).map((r) => [r.man, r.amt]));
    const kept = orders().filter((o) => o.region === 'North' || o.region === 'East');
    expect([...sums.keys()].sort()).toEqual(['Ada', 'Grace']);
    for (const manager of ['Ada', 'Grace']) {
      const expected = kept.filter((o) => managerOf[o.region] === manager).reduce((s, o) => s + o.amount, 0);
      expect(sums.get(manager)).toBeCloseTo(expected, 6);
    }

    const rows = await rowsOf(card._id, { crossFilters });
    expect(rows.total).toBe(kept.length);
    expect(rows.rows.every((r) => ['North', 'East'].includes(r[featureId(joined, 'orders.region')] as string))).toBe(
      true,
    );
    const ada = await rowsOf(card._id, {
      crossFilters,
      point: [{ featureId: featureId(joined, 'manager'), values: ['Ada'] }],
    });
    expect(ada.total).toBe(kept.filter((o) => o.region === 'North').length);
  });

  it("a cross-filter on the joined dataset's copy of the region filters a card on the orders", async () => {
    const card = await savedCard(w, 'chart', sumByRegion(w.sales));
    const crossFilters = [{ featureId: featureId(joined, 'orders.region'), values: ['South'] }];
    const answer = await dataOf(card._id, { crossFilters });
    expectSums(
      answer,
      orders().filter((o) => o.region === 'South'),
    );
    const rows = await rowsOf(card._id, { crossFilters });
    expect(rows.total).toBe(orders().filter((o) => o.region === 'South').length);
  });

  it('a cross-filter on another project’s feature is still a 400, and nothing is answered', async () => {
    const card = await savedCard(w, 'chart', sumByManager());
    const crossFilters = [{ featureId: featureId(w.foreign, 'region'), values: ['North'] }];
    const res = await call(w, w.viewer)('POST', `/api/v1/units/${card._id}/data?tabId=${w.tabId}`, { crossFilters });
    expect(res.status).toBe(400);
  });
});
/** A bar chart of the managers' budget by region (series 'reg' and 'bud'). */
const budgetByRegion = () => ({
  chartType: 'bar',
  independent: [{ series: [{ id: 'reg', feature: ref(managers, 'region'), operation: '' }] }],
  dependent: [{ series: [{ id: 'bud', feature: ref(managers, 'budget'), operation: 'sum' }] }],
});
const budgets = (answer: UnitData) =>
  new Map((answer.data as Array<Record<string, number | string>>).map((r) => [r.reg as string, r.bud as number]));
const csvLines = async (unitId: string, body: object) => {
  const res = await call(w, w.viewer)('POST', `/api/v1/units/${unitId}/rows/download?tabId=${w.tabId}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as string).trim().split('\n');
};

describe("cross-filters across a join's pairing (the orders' region and the managers' region)", () => {
  it("a selection on the orders' region filters a card on the managers: its data, View rows and CSV", async () => {
    const card = await savedCard(w, 'chart', budgetByRegion());
    expect([...budgets(await dataOf(card._id, {})).keys()].sort()).toEqual(['East', 'North', 'South', 'West']);

    const crossFilters = [{ featureId: featureId(w.sales, 'region'), values: ['North', 'East'] }];
    const filtered = budgets(await dataOf(card._id, { crossFilters }));
    expect([...filtered.keys()].sort()).toEqual(['East', 'North']);
    for (const region of ['North', 'East']) expect(filtered.get(region)).toBeCloseTo(budgetOf[region], 6);

    const rows = await rowsOf(card._id, { crossFilters });
    expect(rows.total).toBe(2);
    const budgetId = featureId(managers, 'budget');
    expect(rows.rows.reduce((sum, r) => sum + (r[budgetId] as number), 0)).toBeCloseTo(1630.5, 6);
    const north = await rowsOf(card._id, {
      crossFilters,
      point: [{ featureId: featureId(managers, 'region'), values: ['North'] }],
    });
    expect(north.rows.map((r) => r[featureId(managers, 'manager')])).toEqual(['Ada']);

    const lines = await csvLines(card._id, { crossFilters });
    expect(lines[0]).toBe('region,manager,budget');
    expect(lines.slice(1).sort()).toEqual(['East,Grace,430', 'North,Ada,1200.5']);
  });

  it("a selection on the managers' region filters a card on the orders: its data, View rows and CSV", async () => {
    const card = await savedCard(w, 'chart', sumByRegion(w.sales));
    const crossFilters = [{ featureId: featureId(managers, 'region'), values: ['South'] }];
    const south = orders().filter((o) => o.region === 'South');
    expectSums(await dataOf(card._id, { crossFilters }), south);

    const rows = await rowsOf(card._id, { crossFilters });
    expect(rows.total).toBe(south.length);
    const amountId = featureId(w.sales, 'amount');
    expect(rows.rows.reduce((sum, r) => sum + (r[amountId] as number), 0)).toBeCloseTo(
      south.reduce((sum, o) => sum + o.amount, 0),
      6,
    );
    expect(await csvLines(card._id, { crossFilters })).toHaveLength(1 + south.length);
  });

  it("the joined dataset's copy of the managers' region filters the managers and the orders", async () => {
    const onManagers = await savedCard(w, 'chart', budgetByRegion());
    const onOrders = await savedCard(w, 'chart', sumByRegion(w.sales));
    const crossFilters = [{ featureId: featureId(joined, 'managers.region'), values: ['East'] }];
    expect([...budgets(await dataOf(onManagers._id, { crossFilters })).entries()]).toEqual([['East', 430]]);
    const east = orders().filter((o) => o.region === 'East');
    expectSums(await dataOf(onOrders._id, { crossFilters }), east);
    expect((await rowsOf(onOrders._id, { crossFilters })).total).toBe(east.length);
  });

  it("a managers' region with no order leaves the orders' cards empty; one with orders keeps them all", async () => {
    const card = await savedCard(w, 'chart', sumByManager());
    // West has a manager and no order: nothing of the orders, nor of the joined orders, is West.
    const west = [{ featureId: featureId(managers, 'region'), values: ['West'] }];
    expect((await dataOf(card._id, { crossFilters: west })).data).toEqual([]);
    expect((await rowsOf(card._id, { crossFilters: west })).total).toBe(0);
    const onOrders = await savedCard(w, 'chart', sumByRegion(w.sales));
    expect((await dataOf(onOrders._id, { crossFilters: west })).data).toEqual([]);

    const north = [{ featureId: featureId(managers, 'region'), values: ['North'] }];
    const rows = await rowsOf(card._id, { crossFilters: north });
    expect(rows.total).toBe(orders().filter((o) => o.region === 'North').length);
  });

  it('a public visitor: the pairing reaches a key the dashboard publishes, never a hidden one', async () => {
    await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
    // A dashboard of its own: the orders by region and the managers' total budget (their region is not shown).
    const dashboard = await createDashboard(w.t, w.editor, w.projectId);
    const tabId = dashboard.tabs[0];
    await savedCard(w, 'chart', sumByRegion(w.sales), { tabId });
    const total = await savedCard(
      w,
      'kpi',
      { kpi: [{ id: 'b', feature: ref(managers, 'budget'), operation: 'sum' }] },
      { tabId },
    );
    const crossFilters = [{ featureId: featureId(w.sales, 'region'), values: ['North'] }];
    const visitor = async () => {
      const path = `/api/v1/public/dashboards/${dashboard._id}/units/${total._id}/data`;
      const res = await call(w, undefined)('POST', path, { crossFilters });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ((res.body as UnitData).data as Record<string, number>).b;
    };
    const everyBudget = Object.values(budgetOf).reduce((sum, b) => sum + b, 0);
    expect(await visitor()).toBeCloseTo(everyBudget, 6);
    // A member who may read the datasets is answered North's budget.
    const member = await call(w, w.viewer)('POST', `/api/v1/units/${total._id}/data?tabId=${tabId}`, { crossFilters });
    expect(((member.body as UnitData).data as Record<string, number>).b).toBeCloseTo(budgetOf.North, 6);
    // Once a card of the dashboard shows the managers' region, the visitor's selection reaches it.
    await savedCard(w, 'chart', budgetByRegion(), { tabId });
    expect(await visitor()).toBeCloseTo(budgetOf.North, 6);
  });
});
