import { rollupTables } from '@tessera/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendCsv } from '../../datasets/datasets.fixtures.ts';
import {
  type CardsWorld,
  call,
  cardsWorld,
  categoryFilter,
  expectSums,
  featureId,
  ORDERS,
  orders,
  ref,
  savedCard,
  sumByRegion,
} from './unitData.fixtures.ts';

/**
 * Cards answered from summaries of their dataset (packages/analytics/src/rollup.ts) through the API: with
 * ROLLUP_MIN_ROWS lowered so that the 40 orders get summaries, a chart and a KPI answer what the CSV's rows
 * sum to, and a table counts them, under filters, and after an append (new data: another summary, never the old
 * one's answer).
 */
let w: CardsWorld;
beforeAll(async () => {
  w = await cardsWorld({ ROLLUP_MIN_ROWS: '1' });
});
afterAll(() => w?.t.close());

const dataOf = (unitId: string, body?: object) => call(w, w.viewer)('POST', `/api/v1/units/${unitId}/data`, body);
const tableOf = (unitId: string, body?: object) =>
  call(w, w.viewer)('POST', `/api/v1/units/${unitId}/data?limit=1`, body);

describe('cards answered from summaries', () => {
  it('answer as the rows do, filtered or not, and after an append', async () => {
    const chart = await savedCard(w, 'chart', sumByRegion(w.sales));
    const kpi = await savedCard(w, 'kpi', {
      kpi: [
        { id: 'avg', feature: ref(w.sales, 'amount'), operation: 'avg' },
        { id: 'n', feature: ref(w.sales, 'order_id'), operation: 'count' },
      ],
      filters: [],
    });
    const table = await savedCard(w, 'table', {
      table: [{ id: 'o', feature: ref(w.sales, 'order_id') }],
      filters: [],
    });
    const before = rollupTables().length;
    const all = orders();
    const first = await dataOf(chart._id);
    expect(first.status).toBe(200);
    expectSums(first.body, all);
    expect(rollupTables().length, 'a summary answered').toBeGreaterThan(before);

    const east = { filters: [{ ...categoryFilter(w.sales, 'region', ['East']), _id: 'f' }] };
    expectSums(
      (await dataOf(chart._id, east)).body,
      all.filter((r) => r.region === 'East'),
    );
    const eastKpi = (await dataOf(kpi._id, east)).body.data as Record<string, number>;
    const eastRows = all.filter((r) => r.region === 'East');
    expect(eastKpi.n).toBe(eastRows.length);
    expect(eastKpi.avg).toBeCloseTo(eastRows.reduce((s, r) => s + r.amount, 0) / eastRows.length, 6);
    // A table's total (from the summary) and its page (from the rows): a row a page, as many pages as rows.
    const eastTable = (await tableOf(table._id, east)).body;
    expect(eastTable.pages.total).toBe(eastRows.length);
    expect(eastTable.data).toHaveLength(1);
    // A filter on a column of many values: read from the rows themselves, the same answer.
    const above = {
      filters: [
        { _id: 'a', type: 'value', operation: 'greater', value: 50, feature: { id: featureId(w.sales, 'amount') } },
      ],
    };
    expectSums(
      (await dataOf(chart._id, above)).body,
      all.filter((r) => r.amount > 50),
    );

    const made = rollupTables().length;
    await appendCsv(w, w.sales._id, ORDERS);
    expectSums((await dataOf(chart._id)).body, [...all, ...all]);
    expect(rollupTables().length, "the new data's own summary").toBeGreaterThan(made);
    const twice = (await dataOf(kpi._id)).body.data as Record<string, number>;
    expect(twice.n).toBe(all.length * 2);
    expect((await tableOf(table._id)).body.pages.total).toBe(all.length * 2);
  });
});
