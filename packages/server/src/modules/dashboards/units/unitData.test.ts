import { type DatasetJob, SERVER_ERRORS, type UnitData } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../platform/tenancy.tables.ts';
import { appendCsv, importCsv } from '../../datasets/datasets.fixtures.ts';
import { deleteFeatureRow } from '../../datasets/index.ts';
import { addTab } from '../dashboards.fixtures.ts';
import { issuePreviewToken } from '../preview/preview.tokens.ts';
import {
  byRegion,
  type CardsWorld,
  call,
  cardsWorld,
  categoryFilter,
  expectSums,
  featureId,
  orders,
  ref,
  savedCard,
  sumByRegion,
} from './unitData.fixtures.ts';

const NOT_THIS_TAB = SERVER_ERRORS['card.notOnTab'];

/** Cards' data through the API, on a real CSV imported through the API, compared with sums made here. */
let w: CardsWorld;
let jobId: string;
beforeAll(async () => {
  w = await cardsWorld();
  const jobs = (await call(w, w.editor)('GET', `/api/v1/datasets/${w.sales._id}/jobs`)).body.jobs as DatasetJob[];
  jobId = jobs[0]._id;
});
afterAll(() => w?.t.close());

const dataOf = (unitId: string, query = '', body?: object, who = w.viewer) =>
  call(w, who)('POST', `/api/v1/units/${unitId}/data${query}`, body);

describe('a saved chart', () => {
  it('answers the sums of the CSV, with its series, features and job', async () => {
    const unit = await savedCard(w, 'chart', sumByRegion(w.sales));
    const res = await dataOf(unit._id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as UnitData;
    expect(answer.error).toBeNull();
    expect(answer.pages).toBeNull();
    expect(answer.jobId).toBe(jobId);
    expectSums(answer, orders());
    expect(answer.series.map((s) => [s.id, s.role, s.featureId])).toEqual([
      ['reg', 'independent', featureId(w.sales, 'region')],
      ['amt', 'dependent', featureId(w.sales, 'amount')],
    ]);
    expect(answer.features).toEqual([
      {
        _id: featureId(w.sales, 'region'),
        name: 'region',
        type: 'category',
        precision: null,
        dataset: { _id: w.sales._id },
      },
      {
        _id: featureId(w.sales, 'amount'),
        name: 'amount',
        type: 'number',
        precision: null,
        dataset: { _id: w.sales._id },
      },
    ]);
  });

  it('asked again, answers the same; a saved change of its vis answers anew', async () => {
    const unit = await savedCard(w, 'chart', sumByRegion(w.sales));
    const first = (await dataOf(unit._id)).body as UnitData;
    expect((await dataOf(unit._id)).body).toEqual(first);
    const vis = sumByRegion(w.sales);
    vis.dependent[0].series[0].operation = 'max';
    expect((await call(w, w.editor)('PUT', `/api/v1/units/${unit._id}`, { vis })).status).toBe(200);
    const max = new Map<string, number>();
    for (const r of orders()) max.set(r.region, Math.max(max.get(r.region) ?? Number.NEGATIVE_INFINITY, r.amount));
    expect(byRegion((await dataOf(unit._id)).body)).toEqual(max);
  });

  it('applies the saved tab and dashboard filters, or the filters the request sends instead', async () => {
    const tab = await addTab(w.t, w.editor, w.dashboard._id, 'Filtered');
    const unit = await savedCard(w, 'chart', sumByRegion(w.sales), { tabId: tab._id });
    const editor = call(w, w.editor);
    await editor('POST', `/api/v1/tabs/${tab._id}/filters`, categoryFilter(w.sales, 'region', ['North', 'South']));
    const all = orders();
    expectSums(
      (await dataOf(unit._id, `?tabId=${tab._id}`)).body,
      all.filter((r) => r.region !== 'East'),
    );
    // The dashboard's filters apply with the tab's.
    const amount = featureId(w.sales, 'amount');
    const onDashboard = await editor('POST', `/api/v1/dashboards/${w.dashboard._id}/filters`, {
      type: 'value',
      operation: 'greater',
      value: 50,
      feature: { id: amount },
    });
    expect(onDashboard.status).toBe(200);
    expectSums(
      (await dataOf(unit._id)).body,
      all.filter((r) => r.region !== 'East' && r.amount > 50),
    );
    // The request's filters replace the saved ones; incomplete ones and other projects' are skipped.
    const body = {
      filters: [
        { ...categoryFilter(w.sales, 'region', ['East']), _id: 'a' },
        { ...categoryFilter(w.sales, 'region', []), _id: 'b' },
        { ...categoryFilter(w.foreign, 'region', ['North']), _id: 'c' },
      ],
    };
    expectSums(
      (await dataOf(unit._id, '', body)).body,
      all.filter((r) => r.region === 'East'),
    );
    expectSums((await dataOf(unit._id, '', { filters: [] })).body, all);
    // The tab named must be the card's.
    const wrongTab = await dataOf(unit._id, `?tabId=${w.tabId}`);
    expect(wrongTab.status).toBe(400);
    expect(wrongTab.body.error.fields).toEqual({ tabId: NOT_THIS_TAB });
    await editor('DELETE', `/api/v1/dashboards/${w.dashboard._id}/filters`);
    expectSums(
      (await dataOf(unit._id)).body,
      all.filter((r) => r.region !== 'East'),
    );
  });
});

describe('KPI and table cards', () => {
  it('a KPI answers one object of its series', async () => {
    const unit = await savedCard(w, 'kpi', {
      kpi: [
        { id: 'total', feature: ref(w.sales, 'amount'), operation: 'sum' },
        { id: 'orders', feature: ref(w.sales, 'order_id'), operation: 'count' },
      ],
    });
    const answer = (await dataOf(unit._id)).body as UnitData;
    expect(answer.error).toBeNull();
    const total = orders().reduce((s, r) => s + r.amount, 0);
    expect((answer.data as Record<string, number>).total).toBeCloseTo(total, 6);
    expect((answer.data as Record<string, number>).orders).toBe(40);
  });

  it('a table answers pages of rows, sorted as asked', async () => {
    const unit = await savedCard(w, 'table', {
      table: [
        { id: 'c1', feature: ref(w.sales, 'order_id') },
        { id: 'c2', feature: ref(w.sales, 'region') },
        { id: 'c3', feature: ref(w.sales, 'amount') },
      ],
    });
    const page2 = (await dataOf(unit._id, '?page=2&limit=15')).body as UnitData;
    expect(page2.error).toBeNull();
    expect(page2.pages).toEqual({ current: 2, total: 3, hasNext: true, hasPrev: true, next: 3, prev: 1 });
    expect(page2.data).toHaveLength(15);
    const firstPage = (await dataOf(unit._id)).body as UnitData;
    expect(firstPage.data).toHaveLength(40);
    expect(firstPage.pages).toMatchObject({ current: 1, total: 1 });
    const sorted = (
      await dataOf(unit._id, '?limit=3', {
        orderBy: [{ id: 'o1', value: featureId(w.sales, 'amount'), type: 'DESC' }],
      })
    ).body as UnitData;
    const top = [...orders()].sort((a, b) => b.amount - a.amount).slice(0, 3);
    expect((sorted.data as Array<Record<string, unknown>>).map((r) => r.c1)).toEqual(top.map((r) => r.order_id));
    expect(sorted.features.map((f) => f.name)).toEqual(['order_id', 'region', 'amount']);
  });
});

describe('jobs', () => {
  it('reads every imported job, or the one asked for; answers the newest job read', async () => {
    const dataset = await importCsv(w, 'batches', 'v\n1\n2\n3');
    const jobs = async () =>
      ((await call(w, w.editor)('GET', `/api/v1/datasets/${dataset._id}/jobs`)).body.jobs as DatasetJob[]).map(
        (j) => j._id,
      );
    const [first] = await jobs();
    const unit = await savedCard(w, 'kpi', { kpi: [{ id: 'n', feature: ref(dataset, 'v'), operation: 'sum' }] });
    expect((await dataOf(unit._id)).body).toMatchObject({ data: { n: 6 }, jobId: first });
    const appended = await appendCsv(w, dataset._id, 'v\n10\n20');
    expect(appended.status).toBe('completed');
    expect((await dataOf(unit._id)).body).toMatchObject({ data: { n: 36 }, jobId: appended._id });
    expect((await dataOf(unit._id, `?jobId=${first}`)).body).toMatchObject({ data: { n: 6 }, jobId: first });
    expect((await dataOf(unit._id, `?jobId=${appended._id}`)).body).toMatchObject({ data: { n: 30 } });
    // A job of another dataset is not a source of this one: the card's data is not found.
    expect((await dataOf(unit._id, `?jobId=${jobId}`)).body).toMatchObject({ error: { code: 'feature-deleted' } });
  });
});

describe('card errors', () => {
  it('a feature gone or of another project: feature-deleted, with no data', async () => {
    const gone = await importCsv(w, 'gone', 'x,y\n1,2\n3,4');
    const unit = await savedCard(w, 'kpi', { kpi: [{ id: 'k', feature: ref(gone, 'y'), operation: 'sum' }] });
    expect(((await dataOf(unit._id)).body as UnitData).error).toBeNull();
    await deleteFeatureRow(w.t.database.db, featureId(gone, 'y'));
    const answer = (await dataOf(unit._id)).body as UnitData;
    expect(answer).toMatchObject({ data: {}, error: { code: 'feature-deleted' } });
    const foreign = await savedCard(w, 'chart', {
      independent: [{ series: [{ id: 'r', feature: ref(w.foreign, 'region') }] }],
      dependent: [{ series: [{ id: 'a', feature: ref(w.foreign, 'amount'), operation: 'sum' }] }],
    });
    const stolen = (await dataOf(foreign._id)).body as UnitData;
    expect(stolen).toMatchObject({ data: [], error: { code: 'feature-deleted' }, features: [] });
  });

  it('a type change that no longer fits the operation: bad-operation', async () => {
    const dataset = await importCsv(w, 'typed', 'name,score\na,1\nb,2\nc,3');
    const unit = await savedCard(w, 'kpi', { kpi: [{ id: 'k', feature: ref(dataset, 'score'), operation: 'avg' }] });
    expect(((await dataOf(unit._id)).body as UnitData).data).toEqual({ k: 2 });
    const changed = await call(w, w.editor)('PUT', `/api/v1/features/${featureId(dataset, 'score')}`, { type: 'text' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await dataOf(unit._id)).body).toMatchObject({
      data: {},
      error: {
        code: 'bad-operation',
        reason: 'operation-type',
        params: { feature: 'score', operation: 'avg', type: 'text' },
      },
    });
  });

  it('a chart mixing datasets names that cause, not a type change (issue #20 item 3)', async () => {
    const other = await importCsv(w, 'weather', 'region,rain\nNorth,1\nSouth,2');
    // By category with sums: the second dataset has no X of its own to be matched by.
    const keyed = await savedCard(w, 'chart', {
      ...sumByRegion(w.sales),
      dependent: [
        {
          series: [
            { id: 'amt', feature: ref(w.sales, 'amount'), operation: 'sum' },
            { id: 'rain', feature: ref(other, 'rain'), operation: 'sum' },
          ],
        },
      ],
    });
    expect((await dataOf(keyed._id)).body).toMatchObject({
      data: [],
      error: { code: 'bad-operation', reason: 'several-datasets' },
    });
    // Raw values of two datasets.
    const raw = await savedCard(w, 'chart', {
      chartType: 'scatter',
      independent: [{ series: [{ id: 'a', feature: ref(w.sales, 'amount'), operation: '' }] }],
      dependent: [{ series: [{ id: 'r', feature: ref(other, 'rain'), operation: '' }] }],
    });
    const answer = (await dataOf(raw._id)).body as UnitData;
    expect(answer.error).toMatchObject({ code: 'bad-operation', reason: 'several-datasets' });
    expect(answer.error?.params).toBeUndefined();
  });

  it('a series left without an operation beside an aggregated one names its feature', async () => {
    const unit = await savedCard(w, 'chart', {
      ...sumByRegion(w.sales),
      tooltip: { series: [{ id: 'q', feature: ref(w.sales, 'order_id'), operation: '' }] },
    });
    expect((await dataOf(unit._id)).body).toMatchObject({
      error: { code: 'bad-operation', reason: 'needs-aggregation', params: { feature: 'order_id' } },
    });
  });

  it('a stored vis that does not parse answers error; no type or a custom card without data answers nothing', async () => {
    const broken = await savedCard(w, 'chart', { chartType: 'hexagon', dependent: 'x' });
    expect((await dataOf(broken._id)).body).toMatchObject({ data: [], error: { code: 'error' } });
    const { unit: blank } = (await call(w, w.editor)('POST', `/api/v1/tabs/${w.tabId}/units`, {})).body;
    expect((await dataOf(blank._id)).body).toEqual({
      data: [],
      series: [],
      features: [],
      pages: null,
      jobId: null,
      error: null,
    });
    const markdown = await savedCard(w, 'custom', { subtype: 'markdown', text: '# hi' }, { subtype: 'markdown' });
    expect((await dataOf(markdown._id)).body).toMatchObject({ data: [], error: null });
    const unknown = await savedCard(w, 'custom', { subtype: null });
    expect((await dataOf(unknown._id)).body).toMatchObject({ data: [], error: { code: 'unknown-subtype' } });
    const comparison = await savedCard(
      w,
      'custom',
      { kpi: [{ id: 'k', feature: ref(w.sales, 'order_id'), operation: 'count' }] },
      { subtype: 'comparisonKpi' },
    );
    expect((await dataOf(comparison._id)).body).toMatchObject({ data: { k: 40 }, error: null });
  });
});

describe('temporary data, save with data, download', () => {
  it('computes an unsaved vis within the card project', async () => {
    const unit = await savedCard(w, 'chart', {});
    const url = `/api/v1/units/data?unitId=${unit._id}`;
    const res = await call(w, w.editor)('POST', url, { type: 'chart', vis: sumByRegion(w.sales) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectSums(res.body, orders());
    const bad = await call(w, w.editor)('POST', url, { type: 'chart', vis: { chartType: 'hexagon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty(['vis.chartType']);
    const foreign = await call(w, w.editor)('POST', url, {
      type: 'kpi',
      vis: { kpi: [{ id: 'k', feature: ref(w.foreign, 'amount'), operation: 'sum' }] },
    });
    expect(foreign.body).toMatchObject({ data: {}, error: { code: 'feature-deleted' } });
    // The mapping editor needs dashboard edit; another organization does not see the card at all.
    expect((await call(w, w.viewer)('POST', url, { type: 'chart', vis: sumByRegion(w.sales) })).status).toBe(403);
    expect((await call(w, w.outsider)('POST', url, { type: 'chart', vis: sumByRegion(w.sales) })).status).toBe(404);
    expect((await call(w, undefined)('POST', url, { type: 'chart', vis: sumByRegion(w.sales) })).status).toBe(401);
  });

  it('saves with shouldGetData and answers the unit with its data', async () => {
    const { unit } = (await call(w, w.editor)('POST', `/api/v1/tabs/${w.tabId}/units`, {})).body;
    const res = await call(w, w.editor)('PUT', `/api/v1/units/${unit._id}?shouldGetData=true&tabId=${w.tabId}`, {
      type: 'chart',
      vis: sumByRegion(w.sales),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ _id: unit._id, type: 'chart' });
    expectSums(res.body.data, orders());
    const plain = await call(w, w.editor)('PUT', `/api/v1/units/${unit._id}`, { name: 'Plain' });
    expect(plain.body.data).toBeUndefined();
  });

  it('downloads every row as CSV text with a dated file name', async () => {
    const table = await savedCard(
      w,
      'table',
      {
        table: [
          { id: 'c1', feature: ref(w.sales, 'order_id') },
          { id: 'c2', feature: ref(w.sales, 'note') },
        ],
      },
      { name: 'Orders: all/notes' },
    );
    const res = await call(w, w.viewer)('GET', `/api/v1/units/${table._id}/download`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.fileName).toMatch(/^Orders_ all_notes-\d{8}-\d{6}\.csv$/);
    const lines = res.body.data.trim().split('\n');
    expect(lines[0]).toBe('order_id,note');
    expect(lines).toHaveLength(41);
    expect(lines[1]).toBe('1,"note 1; it\'s ""quoted"""');
    const chart = await savedCard(w, 'chart', sumByRegion(w.sales));
    const csv = (await call(w, w.viewer)('GET', `/api/v1/units/${chart._id}/download`)).body;
    expect(csv.fileName).toMatch(/^chart-\d{8}-\d{6}\.csv$/);
    expect(csv.data.split('\n')[0]).toBe('region,amount (sum)');
    expect(csv.data.trim().split('\n')).toHaveLength(4);
    expect((await call(w, w.outsider)('GET', `/api/v1/units/${chart._id}/download`)).status).toBe(404);
    // A table's download holds all its pages (250 rows, over two and a half pages of 100).
    const many = await importCsv(w, 'many', ['n', ...Array.from({ length: 250 }, (_, i) => String(i + 1))].join('\n'));
    const long = await savedCard(w, 'table', { table: [{ id: 'n', feature: ref(many, 'n') }] });
    expect(((await dataOf(long._id)).body as UnitData).data).toHaveLength(100);
    const all = (await call(w, w.viewer)('GET', `/api/v1/units/${long._id}/download`)).body.data.trim().split('\n');
    expect(all).toEqual(['n', ...Array.from({ length: 250 }, (_, i) => String(i + 1))]);
  });
});

describe('access and tenants', () => {
  it('viewers read a card; another organization gets 404, anonymous 401', async () => {
    const unit = await savedCard(w, 'chart', sumByRegion(w.sales));
    expect((await dataOf(unit._id, '', undefined, w.dashboardsOnly)).status).toBe(200);
    expect((await dataOf(unit._id, '', undefined, w.outsider)).status).toBe(404);
    expect((await call(w, undefined)('POST', `/api/v1/units/${unit._id}/data`)).status).toBe(401);
  });
});

describe('public data', () => {
  it('only for a public project (or the renderer token); the visitor filters for themselves', async () => {
    const unit = await savedCard(w, 'chart', sumByRegion(w.sales));
    const anonymous = call(w, undefined);
    const url = `/api/v1/public/dashboards/${w.dashboard._id}/units/${unit._id}/data`;
    expect((await anonymous('POST', url)).status).toBe(404);
    const token = await issuePreviewToken(w.t.database.db, w.dashboard._id, 60_000);
    const viaToken = await anonymous('POST', `${url}?previewToken=${encodeURIComponent(token)}`);
    expect(viaToken.status, JSON.stringify(viaToken.body)).toBe(200);
    expectSums(viaToken.body, orders());

    await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
    try {
      const open = await anonymous('POST', url, {
        filters: [{ ...categoryFilter(w.sales, 'region', ['North']), _id: 'v' }],
      });
      expect(open.status, JSON.stringify(open.body)).toBe(200);
      expectSums(
        open.body,
        orders().filter((r) => r.region === 'North'),
      );
      // A card is reachable only through its own dashboard.
      const other = await call(w, w.editor)('POST', '/api/v1/dashboards', { projectId: w.projectId, name: 'Other' });
      const wrong = `/api/v1/public/dashboards/${other.body._id}/units/${unit._id}/data`;
      expect((await anonymous('POST', wrong)).status).toBe(404);
      expect(
        (await anonymous('POST', `/api/v1/public/dashboards/${w.dashboard._id}/units/${'e'.repeat(24)}/data`)).status,
      ).toBe(404);
    } finally {
      await w.t.database.db.update(projects).set({ public: false }).where(eq(projects.id, w.projectId));
    }
  });
});
