import { DASHBOARD_LIMITS, type Dashboard, ID_PATTERN, SERVER_ERRORS } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { addTab, addUnit, caller, createDashboard, detail, type World, world } from './dashboards.fixtures.ts';
import { tabs, units } from './dashboards.tables.ts';

const TABS_MUST_BE_PERMUTATION = SERVER_ERRORS['dashboard.tabOrder'];

let t: TestApp;
let w: World;
beforeAll(async () => {
  // No workers: the preview job is queued but not run here (preview.test.ts runs it).
  t = await createTestApp({ ROLE: 'api' });
  w = await world(t);
});
afterAll(() => t?.close());

describe('create and list data apps', () => {
  it('creates a dashboard with one tab, defaults, its creator and a queued preview', async () => {
    const d = await createDashboard(t, w.editor, w.projectId, { name: '  Revenue  ', description: 'Money' });
    expect(d).toMatchObject({
      name: 'Revenue',
      description: 'Money',
      type: 'Dashboard',
      projectId: w.projectId,
      colors: { colorScheme: 'spectrumOne', features: {} },
      filters: [],
      display: { hide: { hideCommandBar: false, hideDashboardColors: false, hideFilters: false } },
      user: { _id: w.editor.id, name: { first: 'Edith', last: 'User' } },
      sourcesCount: 0,
      preview: { url: null, status: 'pending' },
    });
    expect(d._id).toMatch(ID_PATTERN);
    expect(d.tabs).toHaveLength(1);
    const { tabs: tabList, units: unitList } = await detail(t, w.viewer, d._id);
    expect(tabList).toEqual([
      { _id: d.tabs[0], dashboardId: d._id, name: 'Tab 1', description: '', units: [], layout: [], filters: [] },
    ]);
    expect(unitList).toEqual([]);
  });

  it('a report starts with a section (or the name the creator gives)', async () => {
    const r = await createDashboard(t, w.editor, w.projectId, { type: 'Report' });
    expect(r.type).toBe('Report');
    expect((await detail(t, w.editor, r._id)).tabs[0].name).toBe('Section 1');
    const { body } = await caller(t, w.editor)('POST', '/api/v1/dashboards', {
      projectId: w.projectId,
      name: 'Rapport',
      tabName: 'Onglet 1',
    });
    expect((await detail(t, w.editor, body._id)).tabs[0].name).toBe('Onglet 1');
  });

  it("names the first tab in the creator's language when they give no name (Accept-Language)", async () => {
    const send = as(t.app, w.editor.token);
    const firstTab = async (language: string, type: 'Dashboard' | 'Report') => {
      const res = await send({
        method: 'POST',
        url: '/api/v1/dashboards',
        headers: { 'accept-language': language },
        payload: { projectId: w.projectId, name: `In ${language}`, type },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (await detail(t, w.editor, res.json()._id)).tabs[0].name;
    };
    expect(await firstTab('fr', 'Dashboard')).toBe('Onglet 1');
    expect(await firstTab('fr-CA,fr;q=0.9', 'Report')).toBe('Section 1');
    expect(await firstTab('en-GB', 'Dashboard')).toBe('Tab 1');
    expect(await firstTab('de', 'Dashboard')).toBe('Tab 1');
  });

  it('names a copy in the language of the request that makes it (dashboard, tab and card)', async () => {
    const d = await createDashboard(t, w.editor, w.projectId, { name: 'Origin' });
    const tabId = d.tabs[0];
    const unit = (await addUnit(t, w.editor, tabId)).unit;
    await caller(t, w.editor)('PUT', `/api/v1/units/${unit._id}`, { name: 'Rain' });
    const send = as(t.app, w.editor.token);
    const duplicate = async (url: string, language: string) => {
      const res = await send({ method: 'POST', url, headers: { 'accept-language': language }, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await duplicate(`/api/v1/dashboards/${d._id}/duplicate`, 'fr-FR')).name).toBe('Origin (copie)');
    expect((await duplicate(`/api/v1/dashboards/${d._id}/duplicate`, 'en')).name).toBe('Origin (copy)');
    expect((await duplicate(`/api/v1/dashboards/${d._id}/tabs/${tabId}/duplicate`, 'fr')).tab.name).toBe(
      'Tab 1 (copie)',
    );
    expect((await duplicate(`/api/v1/tabs/${tabId}/units/${unit._id}/duplicate`, 'fr')).unit.name).toBe('Rain (copie)');
  });

  it('App Name is required; bad types and unknown fields are refused', async () => {
    const post = caller(t, w.editor);
    for (const name of ['', '   ', undefined]) {
      const { status, body } = await post('POST', '/api/v1/dashboards', { projectId: w.projectId, name });
      expect(status).toBe(400);
      expect(body.error.fields.name).toEqual(name === undefined ? expect.any(String) : 'Required');
    }
    expect((await post('POST', '/api/v1/dashboards', { projectId: w.projectId, name: 'x', type: 'Deck' })).status).toBe(
      400,
    );
    expect((await post('POST', '/api/v1/dashboards', { projectId: w.projectId, name: 'x', owner: 'me' })).status).toBe(
      400,
    );
    const long = 'x'.repeat(DASHBOARD_LIMITS.nameMax + 1);
    expect((await post('POST', '/api/v1/dashboards', { projectId: w.projectId, name: long })).status).toBe(400);
  });

  it('lists newest first, to those who may view dashboards only', async () => {
    const first = await createDashboard(t, w.editor, w.projectId, { name: 'First' });
    const second = await createDashboard(t, w.editor, w.projectId, { name: 'Second' });
    const { status, body } = await caller(t, w.viewer)('GET', `/api/v1/dashboards?projectId=${w.projectId}`);
    expect(status).toBe(200);
    const ids = (body as Dashboard[]).map((d) => d._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(ids[0]).toBe(second._id);
    expect((await caller(t, w.hidden)('GET', `/api/v1/dashboards?projectId=${w.projectId}`)).status).toBe(403);
    expect((await caller(t, w.outsider)('GET', `/api/v1/dashboards?projectId=${w.projectId}`)).status).toBe(404);
    expect((await caller(t, undefined)('GET', `/api/v1/dashboards?projectId=${w.projectId}`)).status).toBe(401);
  });

  it('creating needs dashboard edit in that project', async () => {
    const payload = { projectId: w.projectId, name: 'Nope' };
    expect((await caller(t, w.viewer)('POST', '/api/v1/dashboards', payload)).status).toBe(403);
    expect((await caller(t, w.outsider)('POST', '/api/v1/dashboards', payload)).status).toBe(404);
    expect((await caller(t, w.editor)('POST', '/api/v1/dashboards', { ...payload, projectId: newId() })).status).toBe(
      404,
    );
  });
});

describe('Data App Settings, colours and tab order', () => {
  it('updates name, description and display flags (partially)', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const put = caller(t, w.editor);
    const { status, body } = await put('PUT', `/api/v1/dashboards/${d._id}`, {
      name: 'Renamed',
      description: 'About',
      display: { hide: { hideCommandBar: true } },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Renamed',
      description: 'About',
      display: { hide: { hideCommandBar: true, hideDashboardColors: false, hideFilters: false } },
    });
    const again = await put('PUT', `/api/v1/dashboards/${d._id}`, { display: { hide: { hideFilters: true } } });
    expect(again.body.display.hide).toEqual({ hideCommandBar: true, hideDashboardColors: false, hideFilters: true });
    expect((await put('PUT', `/api/v1/dashboards/${d._id}`, { name: ' ' })).body.error.fields.name).toBe('Required');
  });

  it('sets the colour scale and per-feature colours (a patch; null removes one)', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const put = caller(t, w.editor);
    const [f1, f2] = [newId(), newId()];
    let res = await put('PUT', `/api/v1/dashboards/${d._id}`, {
      colors: { colorScheme: 'bioLumen', features: { [f1]: '#ff0000', [f2]: '#00ff0080' } },
    });
    expect(res.body.colors).toEqual({ colorScheme: 'bioLumen', features: { [f1]: '#ff0000', [f2]: '#00ff0080' } });
    res = await put('PUT', `/api/v1/dashboards/${d._id}`, { colors: { features: { [f1]: null } } });
    expect(res.body.colors).toEqual({ colorScheme: 'bioLumen', features: { [f2]: '#00ff0080' } });
    expect((await put('PUT', `/api/v1/dashboards/${d._id}`, { colors: { colorScheme: 'plaid' } })).status).toBe(400);
    expect((await put('PUT', `/api/v1/dashboards/${d._id}`, { colors: { features: { [f1]: 'red' } } })).status).toBe(
      400,
    );
    expect((await put('PUT', `/api/v1/dashboards/${d._id}`, { colors: { features: { nope: '#fff' } } })).status).toBe(
      400,
    );
  });

  it('reorders tabs only with a permutation of the current tab ids', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const b = await addTab(t, w.editor, d._id, 'B');
    const c = await addTab(t, w.editor, d._id, 'C');
    const a = d.tabs[0];
    const put = caller(t, w.editor);
    const ok = await put('PUT', `/api/v1/dashboards/${d._id}`, { tabs: [c._id, a, b._id] });
    expect(ok.status).toBe(200);
    expect(ok.body.tabs).toEqual([c._id, a, b._id]);
    expect((await detail(t, w.viewer, d._id)).tabs.map((x) => x.name)).toEqual(['C', 'Tab 1', 'B']);
    for (const tabsOrder of [[c._id, a], [c._id, a, b._id, newId()], [c._id, a, a], [c._id, a, newId()], []]) {
      const bad = await put('PUT', `/api/v1/dashboards/${d._id}`, { tabs: tabsOrder });
      expect(bad.status, JSON.stringify(tabsOrder)).toBe(400);
      expect(bad.body.error.fields.tabs).toBe(TABS_MUST_BE_PERMUTATION);
    }
    expect((await detail(t, w.viewer, d._id)).dashboard.tabs).toEqual([c._id, a, b._id]);
  });

  it('changes need dashboard edit: a viewer gets 403, another organization 404', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    expect((await caller(t, w.viewer)('PUT', `/api/v1/dashboards/${d._id}`, { name: 'x' })).status).toBe(403);
    expect((await caller(t, w.outsider)('PUT', `/api/v1/dashboards/${d._id}`, { name: 'x' })).status).toBe(404);
    expect((await caller(t, w.outsider)('GET', `/api/v1/dashboards/${d._id}`)).status).toBe(404);
    expect((await caller(t, w.hidden)('GET', `/api/v1/dashboards/${d._id}`)).status).toBe(403);
    expect((await caller(t, w.editor)('GET', `/api/v1/dashboards/${newId()}`)).status).toBe(404);
  });
});

describe('duplicate and delete', () => {
  it('Duplicate Dashboard deep-copies tabs and cards with new ids; layouts follow the new card ids', async () => {
    const d = await createDashboard(t, w.editor, w.projectId, { name: 'Origin' });
    const first = d.tabs[0];
    const u1 = (await addUnit(t, w.editor, first)).unit;
    const u2 = (await addUnit(t, w.editor, first, { layoutItem: { x: 6, y: 0, w: 6, h: 2 } })).unit;
    const put = caller(t, w.editor);
    await put('PUT', `/api/v1/units/${u1._id}`, { name: 'Revenue', type: 'chart', vis: { chartType: 'bar' } });
    const second = await addTab(t, w.editor, d._id, 'Second');
    await addUnit(t, w.editor, second._id);
    await put('PUT', `/api/v1/dashboards/${d._id}`, {
      colors: { colorScheme: 'red' },
      display: { hide: { hideFilters: true } },
    });

    const { status, body: copy } = await put('POST', `/api/v1/dashboards/${d._id}/duplicate`);
    expect(status).toBe(200);
    expect(copy).toMatchObject({
      name: 'Origin (copy)',
      type: 'Dashboard',
      projectId: w.projectId,
      colors: { colorScheme: 'red' },
      display: { hide: { hideFilters: true } },
      user: { _id: w.editor.id },
    });
    expect(copy._id).not.toBe(d._id);

    const original = await detail(t, w.editor, d._id);
    const copied = await detail(t, w.editor, copy._id);
    expect(copied.tabs.map((x) => x.name)).toEqual(original.tabs.map((x) => x.name));
    const oldIds = new Set([...original.tabs.map((x) => x._id), ...original.units.map((u) => u._id)]);
    for (const id of [...copied.tabs.map((x) => x._id), ...copied.units.map((u) => u._id)])
      expect(oldIds.has(id)).toBe(false);
    expect(copied.units).toHaveLength(3);
    const [tab1] = copied.tabs;
    expect(tab1.units).toHaveLength(2);
    expect(tab1.layout.map((item) => item.i)).toEqual(tab1.units);
    expect(tab1.layout.map(({ x, y, w, h }) => ({ x, y, w, h }))).toEqual(
      original.tabs[0].layout.map(({ x, y, w, h }) => ({ x, y, w, h })),
    );
    const revenue = copied.units.find((u) => u._id === tab1.units[0])!;
    expect(revenue).toMatchObject({
      name: 'Revenue',
      type: 'chart',
      vis: { chartType: 'bar' },
      tabId: tab1._id,
      dashboardId: copy._id,
    });
    // The copy is independent: changing it leaves the original alone.
    await put('PUT', `/api/v1/units/${revenue._id}`, { name: 'Changed' });
    expect((await caller(t, w.editor)('GET', `/api/v1/units/${u1._id}`)).body.name).toBe('Revenue');
    expect(u2._id).toBe(original.tabs[0].units[1]);

    const named = await put('POST', `/api/v1/dashboards/${d._id}/duplicate`, { name: 'Twin' });
    expect(named.body.name).toBe('Twin');
    expect((await caller(t, w.viewer)('POST', `/api/v1/dashboards/${d._id}/duplicate`)).status).toBe(403);
  });

  it('Delete Dashboard removes it with its tabs and cards', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const u = (await addUnit(t, w.editor, d.tabs[0])).unit;
    expect((await caller(t, w.viewer)('DELETE', `/api/v1/dashboards/${d._id}`)).status).toBe(403);
    expect((await caller(t, w.outsider)('DELETE', `/api/v1/dashboards/${d._id}`)).status).toBe(404);
    const res = await caller(t, w.editor)('DELETE', `/api/v1/dashboards/${d._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await caller(t, w.editor)('GET', `/api/v1/dashboards/${d._id}`)).status).toBe(404);
    expect((await caller(t, w.editor)('GET', `/api/v1/units/${u._id}`)).status).toBe(404);
    const db = t.database.db;
    expect(await db.select().from(tabs).where(eq(tabs.dashboardId, d._id))).toEqual([]);
    expect(await db.select().from(units).where(eq(units.id, u._id))).toEqual([]);
    expect((await caller(t, w.editor)('DELETE', `/api/v1/dashboards/${d._id}`)).status).toBe(404);
  });
});

describe('sources', () => {
  it('counts the distinct datasets the cards draw on', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const [d1, d2] = [newId(), newId()];
    const a = (await addUnit(t, w.editor, d.tabs[0])).unit;
    const b = (await addUnit(t, w.editor, (await addTab(t, w.editor, d._id))._id)).unit;
    const ref = (dataset: string) => ({ feature: { _id: newId(), dataset: { _id: dataset } } });
    const put = caller(t, w.editor);
    await put('PUT', `/api/v1/units/${a._id}`, { type: 'table', vis: { table: [ref(d1), ref(d2)] } });
    await put('PUT', `/api/v1/units/${b._id}`, { type: 'kpi', vis: { kpi: [ref(d1)] } });
    expect((await detail(t, w.viewer, d._id)).dashboard.sourcesCount).toBe(2);
    const list = (await caller(t, w.viewer)('GET', `/api/v1/dashboards?projectId=${w.projectId}`)).body as Dashboard[];
    expect(list.find((x) => x._id === d._id)!.sourcesCount).toBe(2);
    await put('PUT', `/api/v1/units/${a._id}`, { vis: { table: [] } });
    expect((await detail(t, w.viewer, d._id)).dashboard.sourcesCount).toBe(1);
  });
});
