import type { DatasetDetail, UnitData, UnitRows } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCsv } from '../../datasets/datasets.fixtures.ts';
import {
  byRegion,
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
 * Cross-filters through joins (docs/cross-filters.md: joined datasets), through the API: the orders joined with a
 * dataset of the regions' managers on the region. A cross-filter on the orders' region filters a card on the joined
 * dataset (its copy of the region carries the same values), and the other way round; View rows agrees.
 */
let w: CardsWorld;
let managers: DatasetDetail;
let joined: DatasetDetail;
beforeAll(async () => {
  w = await cardsWorld();
  managers = await importCsv(w, 'managers', 'region,manager\nNorth,Ada\nSouth,Alan\nEast,Grace\n');
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

  it('a cross-filter on a feature the join only pairs with (the managers’ region) leaves the orders unfiltered', async () => {
    const card = await savedCard(w, 'chart', sumByRegion(w.sales));
    const crossFilters = [{ featureId: featureId(managers, 'region'), values: ['South'] }];
    expect([...byRegion(await dataOf(card._id, { crossFilters })).keys()].sort()).toEqual(['East', 'North', 'South']);
  });

  it('a cross-filter on another project’s feature is still a 400, and nothing is answered', async () => {
    const card = await savedCard(w, 'chart', sumByManager());
    const crossFilters = [{ featureId: featureId(w.foreign, 'region'), values: ['North'] }];
    const res = await call(w, w.viewer)('POST', `/api/v1/units/${card._id}/data?tabId=${w.tabId}`, { crossFilters });
    expect(res.status).toBe(400);
  });
});
