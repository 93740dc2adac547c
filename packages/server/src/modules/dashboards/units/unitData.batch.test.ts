import { api, PUBLIC_CARDS_PER_REQUEST, type PublicCardAnswer, type UnitData } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../platform/tenancy.tables.ts';
import { createDashboard } from '../dashboards.fixtures.ts';
import {
  type CardsWorld,
  call,
  cardsWorld,
  categoryFilter,
  expectSums,
  idRegionTable,
  orders,
  ref,
  savedCard,
  sumByRegion,
} from './unitData.fixtures.ts';

/**
 * The public batch of card data (`getPublicUnitsData`): several cards of an open dashboard in one request, one
 * line each, each line the answer its card's own request (`getPublicUnitData`) gets, errors included.
 */
let w: CardsWorld;
let chartId: string;
let tableId: string;
let kpiId: string;
/** A card of another dashboard of the same public project. */
let elsewhereId: string;

const batchPath = () => `/api/v1/public/dashboards/${w.dashboard._id}/units/data`;
const onePath = (unitId: string) => `/api/v1/public/dashboards/${w.dashboard._id}/units/${unitId}/data`;
const north = () => [{ _id: 'r', ...categoryFilter(w.sales, 'region', ['North']) }];

/** The batch's lines, parsed by the contract, checked to be one per card asked. */
async function batch(cards: object[], path = batchPath()) {
  const { res } = await call(w, undefined)('POST', path, { cards });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/x-ndjson');
  const lines = res.body.trimEnd().split('\n');
  const answers = lines.map((line) => api.getPublicUnitsData.response.parse(JSON.parse(line)));
  expect(answers.map((a) => a.index).sort((a, b) => a - b)).toEqual(cards.map((_, i) => i));
  return new Map<number, PublicCardAnswer>(answers.map((a) => [a.index, a]));
}
const dataOf = (answer: PublicCardAnswer | undefined): UnitData => {
  if (!answer || !('data' in answer)) throw new Error(`no data: ${JSON.stringify(answer)}`);
  return answer.data;
};

beforeAll(async () => {
  w = await cardsWorld();
  await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
  chartId = (await savedCard(w, 'chart', sumByRegion(w.sales)))._id;
  tableId = await idRegionTable(w);
  kpiId = (await savedCard(w, 'kpi', { kpi: [{ id: 'q', feature: ref(w.sales, 'qty'), operation: 'sum' }] }))._id;
  const other = await createDashboard(w.t, w.editor, w.projectId, { name: 'Other' });
  elsewhereId = (await savedCard(w, 'kpi', { kpi: [] }, { tabId: other.tabs[0] }))._id;
});
afterAll(() => w?.t.close());

describe('the public batch of card data', () => {
  it('answers every card as its own request does, with and without the visitor’s filters', async () => {
    for (const body of [{}, { filters: north() }]) {
      const cards = [chartId, tableId, kpiId].map((unitId) => ({ unitId, query: { tabId: w.tabId }, body }));
      const answers = await batch(cards);
      for (const [i, { unitId }] of cards.entries()) {
        const own = await call(w, undefined)('POST', `${onePath(unitId)}?tabId=${w.tabId}`, body);
        expect(own.status).toBe(200);
        expect(dataOf(answers.get(i))).toEqual(own.body);
      }
      const rows = orders().filter((o) => !('filters' in body) || o.region === 'North');
      expectSums(dataOf(answers.get(0)), rows);
      expect(dataOf(answers.get(2)).data).toEqual({ q: rows.reduce((sum, o) => sum + o.qty, 0) });
    }
  });

  it('answers a table’s page and the same card twice with other filters, each on its line', async () => {
    const answers = await batch([
      { unitId: tableId, query: { tabId: w.tabId, page: 2, limit: 15 } },
      { unitId: chartId, body: { filters: north() } },
      { unitId: chartId },
    ]);
    const page = dataOf(answers.get(0));
    expect(page.pages).toMatchObject({ current: 2, total: 3 });
    expect((page.data as Array<{ id: number }>).map((r) => r.id)).toEqual(
      orders()
        .slice(15, 30)
        .map((o) => o.order_id),
    );
    expectSums(
      dataOf(answers.get(1)),
      orders().filter((o) => o.region === 'North'),
    );
    expectSums(dataOf(answers.get(2)), orders());
  });

  it('keeps to what the dashboard publishes: a filter on a column no card shows is dropped', async () => {
    const hidden = [{ _id: 'n', ...categoryFilter(w.sales, 'note', ['note 1; it\'s "quoted"']) }];
    const answers = await batch([{ unitId: tableId, body: { filters: hidden } }, { unitId: tableId }]);
    expect(dataOf(answers.get(0)).data).toEqual(dataOf(answers.get(1)).data);
    expect(dataOf(answers.get(0)).data).toHaveLength(40);
  });

  it('answers 404 on its own line for a card that is not on this dashboard, and the others', async () => {
    const answers = await batch([{ unitId: elsewhereId }, { unitId: kpiId }, { unitId: 'f'.repeat(24) }]);
    for (const i of [0, 2]) {
      expect(answers.get(i)).toMatchObject({ status: 404, error: { code: 'not-found' } });
    }
    expect(dataOf(answers.get(1)).error).toBeNull();
  });

  it('answers 404 as a whole for a dashboard that does not open, and 400 for a malformed batch', async () => {
    const cards = [{ unitId: kpiId }];
    await w.t.database.db.update(projects).set({ public: false }).where(eq(projects.id, w.projectId));
    try {
      const closed = await call(w, undefined)('POST', batchPath(), { cards });
      expect(closed.status).toBe(404);
    } finally {
      await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
    }
    const outsider = await call(w, undefined)('POST', `/api/v1/public/dashboards/${'0'.repeat(24)}/units/data`, {
      cards,
    });
    expect(outsider.status).toBe(404);
    for (const body of [
      { cards: [] },
      { cards: Array.from({ length: PUBLIC_CARDS_PER_REQUEST + 1 }, () => ({ unitId: kpiId })) },
      { cards: [{ unitId: kpiId, extra: 1 }] },
      { cards: [{ unitId: kpiId, query: { page: 0 } }] },
      { cards: [{ unitId: 'not an id' }] },
    ]) {
      const res = await call(w, undefined)('POST', batchPath(), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation' } });
    }
  });
});
