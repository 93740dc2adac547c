import { CHART_TYPES, type DataRow, type UnitData, type UnitRows } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../platform/tenancy.tables.ts';
import { importCsv } from '../../datasets/datasets.fixtures.ts';
import { type CardsWorld, call, cardsWorld, featureId, orders, ref, savedCard } from './unitData.fixtures.ts';
import { PUBLIC_ROWS_PER_MINUTE } from './units.routes.ts';

/**
 * "View rows" and cross-filters through the API, on the orders CSV: for every chart type, a KPI and a table,
 * drilling into each element answers rows whose count (a count card) or sum (a sum card) is the element's value,
 * with a tab filter (the request's), a card filter and a cross-filter in force.
 */
let w: CardsWorld;
beforeAll(async () => {
  w = await cardsWorld();
  await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
});
afterAll(() => w?.t.close());

const f = (name: string) => featureId(w.sales, name);
/** The tab's filter in force: amount > 8. */
const tabFilter = () => ({ _id: 't', type: 'value', operation: 'greater', value: 8, feature: { id: f('amount') } });
/** The card's filter: not the South. */
const cardFilter = () => ({
  _id: 'c',
  type: 'category',
  operation: 'not-equal',
  value: ['South'],
  feature: { id: f('region') },
});
/** A cross-filter from another card: qty is 0, 1, 2 or 3. */
const crossFilter = () => ({ featureId: f('qty'), values: [0, 1, 2, 3] });
const inForce = () => ({ filters: [tabFilter()], crossFilters: [crossFilter()] });

const dataOf = async (unitId: string, body: object = inForce()) => {
  const res = await call(w, w.viewer)('POST', `/api/v1/units/${unitId}/data?tabId=${w.tabId}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const answer = res.body as UnitData;
  expect(answer.error).toBeNull();
  return answer;
};
const rowsOf = async (unitId: string, body: object, query = '') => {
  const res = await call(w, w.viewer)('POST', `/api/v1/units/${unitId}/rows?tabId=${w.tabId}&limit=1000${query}`, {
    ...inForce(),
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as UnitRows;
};
const sumOf = (rows: DataRow[], name: string) => rows.reduce((s, r) => s + (r[f(name)] as number), 0);
/** The orders that pass the tab filter, the card filter and the cross-filter, worked out here. */
const inForceOrders = () => orders().filter((o) => o.amount > 8 && o.region !== 'South' && o.qty <= 3);

/** A chart with the card filter: `independent` key series, `dependent` value series. */
const chart = (chartType: string, independent: object[], dependent: object[], extra: object = {}) => ({
  chartType,
  independent: [{ series: independent }],
  dependent: [{ series: dependent }],
  filters: [cardFilter()],
  ...extra,
});
const key = (id: string, name: string, operation = '', more: object = {}) => ({
  id,
  feature: ref(w.sales, name),
  operation,
  ...more,
});

describe('drilling into each element gives the rows behind its value', () => {
  it.each(CHART_TYPES.filter((t) => t !== 'boxplot'))(
    'a %s chart of the sum and the count of amount by region',
    async (type) => {
      const unit = await savedCard(
        w,
        'chart',
        chart(type, [key('reg', 'region')], [key('amt', 'amount', 'sum'), key('n', 'amount', 'count')]),
      );
      const answer = await dataOf(unit._id);
      const data = answer.data as DataRow[];
      expect(data.map((r) => r.reg).sort()).toEqual(['East', 'North']);
      for (const row of data) {
        const point = [{ featureId: f('region'), values: [row.reg] }];
        const drilled = await rowsOf(unit._id, { point, seriesId: 'amt' });
        expect(drilled.total).toBe(row.n);
        expect(drilled.rows).toHaveLength(row.n as number);
        expect(sumOf(drilled.rows, 'amount')).toBeCloseTo(row.amt as number, 6);
        const expected = inForceOrders().filter((o) => o.region === row.reg);
        expect(drilled.rows.map((r) => r[f('order_id')]).sort()).toEqual(expected.map((o) => o.order_id).sort());
      }
    },
  );

  it('a boxplot: the rows of a box have its minimum and maximum', async () => {
    const unit = await savedCard(w, 'chart', chart('boxplot', [key('reg', 'region')], [key('box', 'amount')]));
    for (const row of (await dataOf(unit._id)).data as DataRow[]) {
      const drilled = await rowsOf(unit._id, { point: [{ featureId: f('region'), values: [row.reg] }] });
      const amounts = drilled.rows.map((r) => r[f('amount')] as number);
      const box = row.box as number[];
      expect(Math.min(...amounts)).toBeCloseTo(box[0], 6);
      expect(Math.max(...amounts)).toBeCloseTo(box[4], 6);
    }
  });

  it('a grouped chart by year-month (date part) and region: each bar of each group', async () => {
    const vis = {
      ...chart('bar', [key('ym', 'day', 'year-month')], [key('n', 'order_id', 'count')]),
      groupBy: [{ series: [key('reg', 'region')] }],
    };
    const unit = await savedCard(w, 'chart', vis);
    const data = (await dataOf(unit._id)).data as DataRow[];
    expect(data.length).toBeGreaterThan(4);
    for (const row of data) {
      const point = [
        { featureId: f('day'), values: [row.ym] },
        { featureId: f('region'), values: [row.reg] },
      ];
      expect((await rowsOf(unit._id, { point })).total).toBe(row.n);
    }
  });

  it('a chart by month (a part that repeats) and by bins of amount', async () => {
    const byMonth = await savedCard(w, 'chart', chart('bar', [key('m', 'day', 'month')], [key('n', 'qty', 'count')]));
    for (const row of (await dataOf(byMonth._id)).data as DataRow[]) {
      expect((await rowsOf(byMonth._id, { point: [{ featureId: f('day'), values: [row.m] }] })).total).toBe(row.n);
    }
    const bins = await savedCard(
      w,
      'chart',
      chart('bar', [key('b', 'amount', 'bin', { numberOfBins: 7 })], [key('n', 'order_id', 'count')]),
    );
    const data = (await dataOf(bins._id)).data as DataRow[];
    expect(data.length).toBeGreaterThan(3);
    let total = 0;
    for (const row of data) {
      const drilled = await rowsOf(bins._id, { point: [{ featureId: f('amount'), values: [row.b] }] });
      expect(drilled.total).toBe(row.n);
      total += drilled.total;
    }
    expect(total).toBe(inForceOrders().length);
  });

  it("a value series' own filter narrows its rows as it narrowed its value", async () => {
    const onlyQty2 = { _id: 's', type: 'value', operation: 'equal', value: 2, feature: { id: f('qty') } };
    const unit = await savedCard(
      w,
      'chart',
      chart('bar', [key('reg', 'region')], [key('n', 'order_id', 'count', { filters: [onlyQty2] })]),
    );
    for (const row of (await dataOf(unit._id)).data as DataRow[]) {
      const drilled = await rowsOf(unit._id, { point: [{ featureId: f('region'), values: [row.reg] }], seriesId: 'n' });
      expect(drilled.total).toBe(row.n);
      expect(drilled.rows.every((r) => r[f('qty')] === 2)).toBe(true);
    }
  });

  it('a scatter of raw points: each point has its rows', async () => {
    const unit = await savedCard(w, 'chart', chart('scatter', [key('x', 'qty')], [key('y', 'amount')]));
    const data = (await dataOf(unit._id)).data as DataRow[];
    expect(data).toHaveLength(inForceOrders().length);
    for (const row of data.slice(0, 5)) {
      const point = [
        { featureId: f('qty'), values: [row.x] },
        { featureId: f('amount'), values: [row.y] },
      ];
      const drilled = await rowsOf(unit._id, { point });
      expect(drilled.total).toBe(data.filter((d) => d.x === row.x && d.y === row.y).length);
    }
  });

  it("a raw scatter coloured by region: a point's rows are its values'; its region filters another card", async () => {
    const vis = {
      ...chart('scatter', [key('x', 'qty')], [key('y', 'amount')]),
      groupBy: [{ series: [key('reg', 'region')] }],
    };
    const unit = await savedCard(w, 'chart', vis);
    const data = (await dataOf(unit._id)).data as DataRow[];
    for (const row of data.slice(0, 4)) {
      const point = [
        { featureId: f('qty'), values: [row.x] },
        { featureId: f('amount'), values: [row.y] },
        { featureId: f('region'), values: [row.reg] },
      ];
      const drilled = await rowsOf(unit._id, { point });
      expect(drilled.total).toBe(data.filter((d) => d.x === row.x && d.y === row.y && d.reg === row.reg).length);
      expect(drilled.total).toBeGreaterThan(0);
    }
    // What the point selects for the other cards (docs/cross-filters.md "Radars and raw points"): its region.
    const other = await savedCard(w, 'chart', chart('bar', [key('reg', 'region')], [key('n', 'order_id', 'count')]));
    const crossFilters = [crossFilter(), { featureId: f('region'), values: [data[0].reg] }];
    const filtered = (await dataOf(other._id, { filters: [tabFilter()], crossFilters })).data as DataRow[];
    expect(filtered.map((r) => r.reg)).toEqual([data[0].reg]);
  });

  it("a radar by month split by region: a polygon's rows are its region's", async () => {
    const vis = {
      ...chart('radar', [key('m', 'day', 'month')], [key('n', 'order_id', 'count')]),
      groupBy: [{ series: [key('reg', 'region')] }],
    };
    const unit = await savedCard(w, 'chart', vis);
    const data = (await dataOf(unit._id)).data as DataRow[];
    for (const region of ['North', 'East']) {
      const drilled = await rowsOf(unit._id, { point: [{ featureId: f('region'), values: [region] }], seriesId: 'n' });
      const counted = data.filter((r) => r.reg === region).reduce((sum, r) => sum + (r.n as number), 0);
      expect(drilled.total).toBe(counted);
      expect(drilled.total).toBe(inForceOrders().filter((o) => o.region === region).length);
    }
  });

  it('a KPI: its rows count its count and sum its sum', async () => {
    const unit = await savedCard(w, 'kpi', {
      kpi: [key('s', 'amount', 'sum'), key('n', 'order_id', 'count')],
      filters: [cardFilter()],
    });
    const kpi = (await dataOf(unit._id)).data as DataRow;
    const sum = await rowsOf(unit._id, { seriesId: 's' });
    expect(sumOf(sum.rows, 'amount')).toBeCloseTo(kpi.s as number, 6);
    expect((await rowsOf(unit._id, { seriesId: 'n' })).total).toBe(kpi.n);
    expect(kpi.n).toBe(inForceOrders().length);
  });

  it("a table: a cell's rows are the table's rows with that value", async () => {
    const unit = await savedCard(w, 'table', {
      table: [key('id', 'order_id'), key('region', 'region')],
      filters: [cardFilter()],
    });
    const res = await call(w, w.viewer)(
      'POST',
      `/api/v1/units/${unit._id}/data?tabId=${w.tabId}&limit=1000`,
      inForce(),
    );
    const table = (res.body as UnitData).data as DataRow[];
    expect(table).toHaveLength(inForceOrders().length);
    for (const region of ['North', 'East']) {
      const drilled = await rowsOf(unit._id, { point: [{ featureId: f('region'), values: [region] }] });
      expect(drilled.total).toBe(table.filter((r) => r.region === region).length);
    }
  });
});

describe('rows answer', () => {
  it('keyed by feature id, every feature of the dataset, paged and sorted', async () => {
    const unit = await savedCard(w, 'chart', chart('bar', [key('reg', 'region')], [key('n', 'order_id', 'count')]));
    const all = await rowsOf(unit._id, {});
    expect(all.features.map((x) => x.name)).toEqual(['order_id', 'region', 'amount', 'qty', 'day', 'note']);
    expect(all.total).toBe(inForceOrders().length);
    const sort = [{ id: 's', value: f('amount'), type: 'DESC' }];
    const page2 = (
      await call(w, w.viewer)('POST', `/api/v1/units/${unit._id}/rows?page=2&limit=3`, { ...inForce(), orderBy: sort })
    ).body as UnitRows;
    const expected = inForceOrders()
      .map((o) => o.amount)
      .sort((a, b) => b - a)
      .slice(3, 6);
    expect(page2.rows.map((r) => r[f('amount')])).toEqual(expected);
    expect(page2.total).toBe(all.total);
  });

  it('downloads every row as CSV headed by the feature names', async () => {
    const unit = await savedCard(w, 'chart', chart('bar', [key('reg', 'region')], [key('n', 'order_id', 'count')]));
    const res = await call(w, w.viewer)('POST', `/api/v1/units/${unit._id}/rows/download`, {
      ...inForce(),
      point: [{ featureId: f('region'), values: ['North'] }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lines = (res.body.data as string).trim().split('\n');
    expect(lines[0]).toBe('order_id,region,amount,qty,day,note');
    expect(lines).toHaveLength(1 + inForceOrders().filter((o) => o.region === 'North').length);
    expect(res.body.fileName).toMatch(/\.csv$/);
  });

  it('refuses bad input with a 400 and another tenant with a 404', async () => {
    const unit = await savedCard(w, 'chart', chart('bar', [key('reg', 'region')], [key('n', 'order_id', 'count')]));
    const ask = (query: string, body: object, who = w.viewer) =>
      call(w, who)('POST', `/api/v1/units/${unit._id}/rows${query}`, body);
    const unknown = 'f'.repeat(24);
    const cases: Array<[string, string, object]> = [
      ['page 0', '?page=0', {}],
      ['limit over 1000', '?limit=1001', {}],
      ['a point on an unknown feature', '', { point: [{ featureId: unknown, values: ['x'] }] }],
      ['a cross-filter on an unknown feature', '', { crossFilters: [{ featureId: unknown, values: ['x'] }] }],
      ['a series not on the card', '', { seriesId: 'nope' }],
      ['a range on a category', '', { crossFilters: [{ featureId: f('region'), range: { from: 1, to: 2 } }] }],
      [
        'a cross-filter with values and a range',
        '',
        { crossFilters: [{ ...crossFilter(), range: { from: 1, to: 2 } }] },
      ],
      ['a point with no value', '', { point: [{ featureId: f('region'), values: [] }] }],
      ['a bin named by text', '', { point: [{ featureId: f('qty'), values: ['two'] }] }],
      ['a foreign feature', '', { point: [{ featureId: featureId(w.foreign, 'region'), values: ['North'] }] }],
    ];
    for (const [what, query, body] of cases) {
      const res = await ask(query, body);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    expect((await ask('', {}, w.outsider)).status).toBe(404);
    expect((await call(w, undefined)('POST', `/api/v1/units/${unit._id}/rows`, {})).status).toBe(401);
  });
});

describe('cross-filters on card data', () => {
  it('apply on top of the filters; one on another dataset does not apply', async () => {
    const other = await importCsv(w, 'weather', 'city,rain\nParis,3\nLyon,5');
    const unit = await savedCard(w, 'chart', chart('bar', [key('reg', 'region')], [key('n', 'order_id', 'count')]));
    const counts = (answer: UnitData) => Object.fromEntries((answer.data as DataRow[]).map((r) => [r.reg, r.n]));
    const expected = (rows = inForceOrders()) =>
      Object.fromEntries(['East', 'North'].map((r) => [r, rows.filter((o) => o.region === r).length]));
    expect(counts(await dataOf(unit._id))).toEqual(expected());
    const elsewhere = { featureId: featureId(other, 'city'), values: ['Paris'] };
    expect(counts(await dataOf(unit._id, { ...inForce(), crossFilters: [crossFilter(), elsewhere] }))).toEqual(
      expected(),
    );
    const march = { featureId: f('day'), operation: 'year-month', values: ['2024-03'] };
    const inMarch = inForceOrders().filter((o) => o.day.startsWith('2024-03'));
    const marchAnswer = counts(await dataOf(unit._id, { ...inForce(), crossFilters: [crossFilter(), march] }));
    expect(marchAnswer).toEqual(Object.fromEntries(Object.entries(expected(inMarch)).filter(([, n]) => n > 0)));
    const range = { featureId: f('amount'), range: { from: 20, to: 40 } };
    const inRange = inForceOrders().filter((o) => o.amount >= 20 && o.amount < 40);
    const rangeAnswer = counts(await dataOf(unit._id, { ...inForce(), crossFilters: [crossFilter(), range] }));
    expect(rangeAnswer).toEqual(Object.fromEntries(Object.entries(expected(inRange)).filter(([, n]) => n > 0)));
  });
});

describe('public dashboards', () => {
  it('drill within published columns only; another column is a 400', async () => {
    const unit = await savedCard(w, 'chart', chart('bar', [key('reg', 'region')], [key('n', 'order_id', 'count')]));
    const base = `/api/v1/public/dashboards/${w.dashboard._id}/units/${unit._id}/rows?limit=1000`;
    const visitor = call(w, undefined);
    const res = await visitor('POST', base, { point: [{ featureId: f('region'), values: ['North'] }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as UnitRows;
    const names = answer.features.map((x) => x.name);
    expect(names).toContain('region');
    expect(names).not.toContain('note');
    expect(Object.keys(answer.rows[0]).every((id) => answer.features.some((x) => x._id === id))).toBe(true);
    expect(answer.total).toBe(orders().filter((o) => o.region === 'North').length);
    const unpublished = await visitor('POST', base, { point: [{ featureId: f('note'), values: ['x'] }] });
    expect(unpublished.status).toBe(400);
    expect(unpublished.body.error.message).toBe('This column is not published on this dashboard');
    const download = await visitor(
      'POST',
      `/api/v1/public/dashboards/${w.dashboard._id}/units/${unit._id}/rows/download`,
      {},
    );
    expect(download.status).toBe(200);
    expect(download.body.data.split('\n')[0]).not.toContain('note');
  });
});

describe('public rows are rate-limited by address', () => {
  it(`answers 429 after ${PUBLIC_ROWS_PER_MINUTE} requests a minute`, async () => {
    const path = `/api/v1/public/dashboards/${w.dashboard._id}/units/${'e'.repeat(24)}/rows`;
    const ask = (ip: string) => w.t.app.inject({ method: 'POST', url: path, payload: {}, remoteAddress: ip });
    for (let i = 0; i < PUBLIC_ROWS_PER_MINUTE; i++) expect((await ask('203.0.113.7')).statusCode).toBe(404);
    const refused = await ask('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many requests for rows. Please wait a minute and try again.');
    expect((await ask('203.0.113.8')).statusCode).toBe(404);
  });
});

describe('the dashboard setting', () => {
  it('editors turn cross-filtering off and on; a viewer may not; a wrong value is a 400', async () => {
    const put = (body: object, who = w.editor) => call(w, who)('PUT', `/api/v1/dashboards/${w.dashboard._id}`, body);
    const off = await put({ display: { crossFilters: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.display).toMatchObject({ crossFilters: false, hide: { hideFilters: false } });
    expect((await put({ display: { crossFilters: 'no' } })).status).toBe(400);
    expect((await put({ display: { crossFilters: true } }, w.viewer)).status).toBe(403);
    expect((await put({ display: { hide: { hideFilters: true } } })).body.display.crossFilters).toBe(false);
    expect((await put({ display: { crossFilters: true, hide: { hideFilters: false } } })).body.display).toMatchObject({
      crossFilters: true,
      hide: { hideFilters: false },
    });
  });
});
