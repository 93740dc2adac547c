import type { UnitData } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../platform/tenancy.tables.ts';
import type { Person } from '../../projects/projects.fixtures.ts';
import {
  type CardsWorld,
  call,
  cardsWorld,
  featureId,
  idRegionTable,
  orders,
  ref,
  savedCard,
} from './unitData.fixtures.ts';

/**
 * Whoever may not read the datasets (a public visitor, a View Dashboards member) filters and sorts a card only on
 * the features its dashboard publishes (its saved filters' and its cards' features): a filter or a sort on any
 * other column is dropped, so that a hidden column (here `amount`, which no card shows) cannot be rebuilt row by
 * row by bisecting with filters or by reading a sort. A member who may read the datasets still may.
 */
let w: CardsWorld;
let tableId: string;
let kpiId: string;
const rows = (answer: UnitData) => answer.data as Array<Record<string, unknown>>;
/** The amounts of these rows, in their order (what a sort by amount would reveal). */
const amountsOf = (answer: Array<Record<string, unknown>>) =>
  answer.map((r) => orders().find((o) => o.order_id === r.id)!.amount);
const descending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);
const amountAbove = (x: number) => ({
  _id: 'a',
  type: 'value',
  operation: 'greater',
  value: x,
  feature: { id: featureId(w.sales, 'amount') },
});
const regionIs = (region: string) => ({
  _id: 'r',
  type: 'category',
  operation: 'equal',
  value: [region],
  feature: { id: featureId(w.sales, 'region') },
});
const qtyAbove = (x: number) => ({
  _id: 'q',
  type: 'value',
  operation: 'greater',
  value: x,
  feature: { id: featureId(w.sales, 'qty') },
});
const sortBy = (name: string) => [{ id: 's', value: featureId(w.sales, name), type: 'DESC' }];

beforeAll(async () => {
  w = await cardsWorld();
  await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
  // The table shows ids and regions; a KPI card publishes qty (summed); nothing publishes amount.
  tableId = await idRegionTable(w);
  kpiId = (await savedCard(w, 'kpi', { kpi: [{ id: 'q', feature: ref(w.sales, 'qty'), operation: 'sum' }] }))._id;
});
afterAll(() => w?.t.close());

type Reader = 'visitor' | 'dashboardsOnly' | 'viewer';
const ask = async (who: Reader, body: object): Promise<UnitData> => {
  const path =
    who === 'visitor'
      ? `/api/v1/public/dashboards/${w.dashboard._id}/units/${tableId}/data`
      : `/api/v1/units/${tableId}/data`;
  const person: Person | undefined = who === 'visitor' ? undefined : w[who];
  const res = await call(w, person)('POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as UnitData;
};

describe.each<Reader>(['visitor', 'dashboardsOnly'])('a reader who may not read the datasets (%s)', (who) => {
  it('cannot rebuild a hidden column by filtering on it: every threshold answers the same rows', async () => {
    const plain = rows(await ask(who, {}));
    expect(plain).toHaveLength(40);
    // Bisection on amount would need the row count to change with the threshold; it never does.
    for (const x of [0, 20, 50, 100, 1000]) {
      expect(rows(await ask(who, { filters: [amountAbove(x)] }))).toEqual(plain);
    }
  });

  it('cannot read a hidden column through a sort', async () => {
    const plain = rows(await ask(who, {}));
    const sorted = rows(await ask(who, { orderBy: sortBy('amount') }));
    expect(sorted).toEqual(plain);
    expect(descending(amountsOf(sorted))).toBe(false);
  });

  it('filters and sorts on what the dashboard publishes (this card’s columns and another card’s)', async () => {
    const north = rows(await ask(who, { filters: [regionIs('North')] }));
    expect(north.map((r) => r.id)).toEqual(
      orders()
        .filter((o) => o.region === 'North')
        .map((o) => o.order_id),
    );
    const busy = rows(await ask(who, { filters: [qtyAbove(2), amountAbove(50)] }));
    expect(busy.map((r) => r.id)).toEqual(
      orders()
        .filter((o) => o.qty > 2)
        .map((o) => o.order_id),
    );
    const byRegion = rows(await ask(who, { orderBy: sortBy('region') }));
    expect(byRegion[0]?.region).toBe('South');
  });

  it('follows what the dashboard publishes at once: a feature no card maps any more is dropped, then taken again', async () => {
    const mapKpi = async (feature: string) => {
      const vis = { kpi: [{ id: 'q', feature: ref(w.sales, feature), operation: 'sum' }] };
      const res = await call(w, w.editor)('PUT', `/api/v1/units/${kpiId}`, { type: 'kpi', vis });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const busy = orders()
      .filter((o) => o.qty > 2)
      .map((o) => o.order_id);
    expect(rows(await ask(who, { filters: [qtyAbove(2)] })).map((r) => r.id)).toEqual(busy);
    await mapKpi('order_id');
    try {
      expect(rows(await ask(who, { filters: [qtyAbove(2)] }))).toHaveLength(40);
    } finally {
      await mapKpi('qty');
    }
    expect(rows(await ask(who, { filters: [qtyAbove(2)] })).map((r) => r.id)).toEqual(busy);
  });
});

describe('a member who may read the datasets', () => {
  it('filters and sorts on any feature of the project', async () => {
    const above = rows(await ask('viewer', { filters: [amountAbove(50)] }));
    expect(above.map((r) => r.id)).toEqual(
      orders()
        .filter((o) => o.amount > 50)
        .map((o) => o.order_id),
    );
    const sorted = rows(await ask('viewer', { orderBy: sortBy('amount') }));
    expect(sorted).toHaveLength(40);
    expect(descending(amountsOf(sorted))).toBe(true);
  });
});
