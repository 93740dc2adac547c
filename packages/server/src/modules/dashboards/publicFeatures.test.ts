import { api as contracts, type DatasetDetail, type PublicDashboardDetail } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { projects } from '../../platform/tenancy.tables.ts';
import { type DatasetsWorld, datasetsWorld, importCsv } from '../datasets/datasets.fixtures.ts';
import { addUnit, caller, createDashboard } from './dashboards.fixtures.ts';
import { dashboards, tabs, units } from './dashboards.tables.ts';
import { issuePreviewToken } from './preview/preview.tokens.ts';

/**
 * The public dashboard names the features its saved filters use and its cards map (`features`), so that a
 * visitor's filter chips show their feature and a visitor may filter on what the cards show; a feature of the
 * public list answers its categories through the public family. Features of another project never leak, even
 * when their ids sit in a stored filter or a card's vis.
 */
let w: DatasetsWorld;
let sales: DatasetDetail;
let foreign: DatasetDetail;
let dashboardId: string;
let privateDashboardId: string;
const f = (d: DatasetDetail, name: string) => d.features.find((x) => x.name === name)!._id;
const filter = (featureId: string, type = 'category') => ({
  _id: newId(),
  type,
  operation: type === 'category' ? 'equal' : 'contains',
  value: type === 'category' ? ['Lyon'] : 'x',
  feature: { id: featureId },
});
const ref = (d: DatasetDetail, name: string) => ({ _id: f(d, name), dataset: { _id: d._id } });

const CSV = ['city,price,comment', 'Lyon,10,a', 'Paris,20,b', 'Lyon,30,c', 'Nice,40,d'].join('\n');

beforeAll(async () => {
  w = await datasetsWorld();
  const db = w.t.database.db;
  await db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
  sales = await importCsv(w, 'sales', CSV);
  // A dataset of another project (another organization), imported by its own member.
  const outside = { ...w, projectId: w.outsiderProjectId, editor: w.outsider };
  foreign = await importCsv(outside, 'secret', ['code,amount', 'X1,5', 'X2,6'].join('\n'));

  const d = await createDashboard(w.t, w.editor, w.projectId, { name: 'Open sales' });
  dashboardId = d._id;
  const tabId = d.tabs[0]!;
  const unitId = (await addUnit(w.t, w.editor, tabId)).unit._id;
  // Stored as a copy or an older version could have left them: another project's feature ids beside ours.
  await db
    .update(dashboards)
    .set({ filters: [filter(f(sales, 'city')), filter(f(foreign, 'code'))] })
    .where(eq(dashboards.id, dashboardId));
  await db
    .update(tabs)
    .set({ filters: [filter(f(sales, 'comment'), 'text'), filter(f(foreign, 'amount'), 'text')] })
    .where(eq(tabs.id, tabId));
  await db
    .update(units)
    .set({
      vis: {
        kpi: [{ feature: ref(sales, 'price'), aggregation: 'sum' }, { feature: ref(foreign, 'amount') }],
        filters: [],
      },
    })
    .where(eq(units.id, unitId));
  const hidden = await importCsv(w, 'private', 'a\n1');
  expect(hidden.features).toHaveLength(1);
  privateDashboardId = (await createDashboard(w.t, w.outsider, w.outsiderProjectId, { name: 'Closed' }))._id;
});
afterAll(() => w?.t.close());

const anonymous = () => caller(w.t, undefined);

describe('the public dashboard’s features', () => {
  it('names the features of the saved filters, then those the cards map, and only of the project', async () => {
    const { status, body } = await anonymous()('GET', `/api/v1/public/dashboards/${dashboardId}`);
    expect(status).toBe(200);
    const detail = body as PublicDashboardDetail;
    expect(detail.features).toEqual([
      { _id: f(sales, 'city'), name: 'city', type: 'category', precision: null, dataset: { _id: sales._id } },
      { _id: f(sales, 'comment'), name: 'comment', type: 'text', precision: null, dataset: { _id: sales._id } },
      { _id: f(sales, 'price'), name: 'price', type: 'number', precision: null, dataset: { _id: sales._id } },
    ]);
    // The other project's ids stay in the stored filters (they are the dashboard's data) but nothing names them.
    const text = JSON.stringify(detail.features);
    expect(text).not.toContain(f(foreign, 'code'));
    expect(text).not.toContain(f(foreign, 'amount'));
    expect(text).not.toContain('secret');
    // The project's other features, used by nothing on the dashboard, are not listed.
    expect(detail.features.map((x) => x.name)).not.toContain('a');
  });

  it('answers a listed feature’s categories anonymously, most frequent first, like the member endpoint', async () => {
    const url = `/api/v1/public/dashboards/${dashboardId}/features/${f(sales, 'city')}/categories`;
    const { status, body } = await anonymous()('GET', url);
    expect(status).toBe(200);
    expect(body).toEqual([
      { value: 'Lyon', count: 2 },
      { value: 'Nice', count: 1 },
      { value: 'Paris', count: 1 },
    ]);
    const member = await caller(w.t, w.viewer)('GET', `/api/v1/features/${f(sales, 'city')}/categories`);
    expect(member.body).toEqual(body);
    expect((await anonymous()('GET', `${url}?limit=1`)).body).toEqual([{ value: 'Lyon', count: 2 }]);
  });

  it('refuses the categories of a feature outside the list, of another project, or of a closed dashboard', async () => {
    const at = (dashboard: string, feature: string) =>
      anonymous()('GET', `/api/v1/public/dashboards/${dashboard}/features/${feature}/categories`);
    const unused = (await caller(w.t, w.editor)('GET', `/api/v1/features?projectId=${w.projectId}`)).body as {
      _id: string;
      name: string;
    }[];
    const notListed = unused.find((x) => x.name === 'a')!._id;
    for (const [dashboard, feature] of [
      [dashboardId, notListed],
      [dashboardId, f(foreign, 'code')],
      [dashboardId, f(foreign, 'amount')],
      [dashboardId, newId()],
      [privateDashboardId, f(foreign, 'code')],
      [newId(), f(sales, 'city')],
    ] as const) {
      const res = await at(dashboard, feature);
      expect(res.status, `${dashboard} ${feature}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('X1');
    }
    expect((await at(dashboardId, 'not-an-id')).status).toBe(400);
  });

  it('opens for the preview renderer’s token of a closed project, and the token of another dashboard fails', async () => {
    const db = w.t.database.db;
    await db.update(projects).set({ public: false }).where(eq(projects.id, w.projectId));
    try {
      const path = `/api/v1/public/dashboards/${dashboardId}/features/${f(sales, 'city')}/categories`;
      expect((await anonymous()('GET', path)).status).toBe(404);
      expect((await anonymous()('GET', `/api/v1/public/dashboards/${dashboardId}`)).status).toBe(404);
      const token = await issuePreviewToken(db, dashboardId, 60_000);
      const opened = await anonymous()('GET', `${path}?previewToken=${encodeURIComponent(token)}`);
      expect(opened.status).toBe(200);
      expect((opened.body as unknown[]).length).toBe(3);
      const other = await issuePreviewToken(db, privateDashboardId, 60_000);
      expect((await anonymous()('GET', `${path}?previewToken=${encodeURIComponent(other)}`)).status).toBe(404);
    } finally {
      await db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
    }
  });

  it('lists the used features to a View Dashboards member, who may not list the project’s features', async () => {
    const member = caller(w.t, w.dashboardsOnly);
    expect((await member('GET', `/api/v1/features?projectId=${w.projectId}`)).status).toBe(403);
    const used = await member('GET', `/api/v1/dashboards/${dashboardId}/features`);
    expect(used.status).toBe(200);
    const open = (await anonymous()('GET', `/api/v1/public/dashboards/${dashboardId}`)).body as PublicDashboardDetail;
    expect(used.body).toEqual(open.features);
    expect((used.body as { name: string }[]).map((x) => x.name)).toEqual(['city', 'comment', 'price']);
    const categories = await member('GET', `/api/v1/dashboards/${dashboardId}/features/${f(sales, 'city')}/categories`);
    expect(categories.status).toBe(200);
    expect(categories.body).toEqual([
      { value: 'Lyon', count: 2 },
      { value: 'Nice', count: 1 },
      { value: 'Paris', count: 1 },
    ]);
  });

  it('refuses a feature the dashboard does not use, another tenant’s dashboard (404), and a non-member', async () => {
    const member = caller(w.t, w.dashboardsOnly);
    const unused = (await caller(w.t, w.editor)('GET', `/api/v1/features?projectId=${w.projectId}`)).body as {
      _id: string;
      name: string;
    }[];
    const notUsed = unused.find((x) => x.name === 'a')!._id;
    for (const feature of [notUsed, f(foreign, 'code'), newId()]) {
      const res = await member('GET', `/api/v1/dashboards/${dashboardId}/features/${feature}/categories`);
      expect(res.status, feature).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('X1');
    }
    for (const path of ['features', `features/${f(foreign, 'code')}/categories`]) {
      const res = await member('GET', `/api/v1/dashboards/${privateDashboardId}/${path}`);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('secret');
    }
    const outsider = caller(w.t, w.outsider);
    expect((await outsider('GET', `/api/v1/dashboards/${dashboardId}/features`)).status).toBe(404);
    expect((await anonymous()('GET', `/api/v1/dashboards/${dashboardId}/features`)).status).toBe(401);
  });

  it('is a route of the public family', () => {
    expect(contracts.getPublicFeatureCategories.access).toMatchObject({ kind: 'public' });
  });
});
