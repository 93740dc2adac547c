import { SERVER_ERRORS, type Tab } from '@tessera/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/ids.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addTab, addUnit, caller, createDashboard, detail, type World, world } from '../dashboards.fixtures.ts';
import { units } from '../dashboards.tables.ts';

const UNITS_MUST_BE_PERMUTATION = SERVER_ERRORS['tab.cardOrder'];

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ ROLE: 'api' });
  w = await world(t);
});
afterAll(() => t?.close());

describe('tabs and sections', () => {
  it('Add tab appends it to the order; the name is required', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const post = caller(t, w.editor);
    const res = await post('POST', `/api/v1/dashboards/${d._id}/tabs`, { name: 'Costs', description: 'Where it goes' });
    expect(res.status).toBe(200);
    const tab = res.body.tab as Tab;
    expect(tab).toEqual({
      _id: expect.any(String),
      dashboardId: d._id,
      name: 'Costs',
      description: 'Where it goes',
      units: [],
      layout: [],
      filters: [],
    });
    expect(res.body.dashboard.tabs).toEqual([d.tabs[0], tab._id]);
    const bad = await post('POST', `/api/v1/dashboards/${d._id}/tabs`, { name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.name).toBe('Required');
    expect((await caller(t, w.viewer)('POST', `/api/v1/dashboards/${d._id}/tabs`, { name: 'x' })).status).toBe(403);
    expect((await caller(t, w.outsider)('POST', `/api/v1/dashboards/${d._id}/tabs`, { name: 'x' })).status).toBe(404);
  });

  it('Edit Tab changes name and description; viewers may read a tab but not change it', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const tabId = d.tabs[0];
    const res = await caller(t, w.editor)('PUT', `/api/v1/tabs/${tabId}`, { name: 'Overview', description: 'All' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: tabId, name: 'Overview', description: 'All' });
    expect((await caller(t, w.editor)('PUT', `/api/v1/tabs/${tabId}`, { name: '  ' })).body.error.fields.name).toBe(
      'Required',
    );
    const read = await caller(t, w.viewer)('GET', `/api/v1/tabs/${tabId}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ tab: expect.objectContaining({ name: 'Overview' }), units: [] });
    expect((await caller(t, w.viewer)('PUT', `/api/v1/tabs/${tabId}`, { name: 'x' })).status).toBe(403);
    expect((await caller(t, w.outsider)('GET', `/api/v1/tabs/${tabId}`)).status).toBe(404);
    expect((await caller(t, w.hidden)('GET', `/api/v1/tabs/${tabId}`)).status).toBe(403);
  });

  it('Duplicate Tab copies the tab and its cards (new ids, remapped layout) right after the original', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const [first] = d.tabs;
    const last = await addTab(t, w.editor, d._id, 'Last');
    const a = (await addUnit(t, w.editor, first)).unit;
    const b = (await addUnit(t, w.editor, first, { layoutItem: { x: 0, y: 3, w: 4, h: 2 } })).unit;
    await caller(t, w.editor)('PUT', `/api/v1/units/${b._id}`, { name: 'B', type: 'kpi', vis: { kpi: [] } });
    const res = await caller(t, w.editor)('POST', `/api/v1/dashboards/${d._id}/tabs/${first}/duplicate`);
    expect(res.status).toBe(200);
    const copy = res.body.tab as Tab;
    expect(copy.name).toBe('Tab 1 (copy)');
    expect(res.body.dashboard.tabs).toEqual([first, copy._id, last._id]);
    expect(res.body.units).toHaveLength(2);
    expect(copy.units).toHaveLength(2);
    expect(copy.units).not.toContain(a._id);
    expect(copy.units).not.toContain(b._id);
    expect(copy.layout.map((item) => item.i)).toEqual(copy.units);
    expect(copy.layout.map(({ x, y, w: width, h }) => [x, y, width, h])).toEqual([
      [0, 0, 12, 3],
      [0, 3, 4, 2],
    ]);
    expect(res.body.units[1]).toMatchObject({ _id: copy.units[1], tabId: copy._id, name: 'B', type: 'kpi' });

    const named = await caller(t, w.editor)('POST', `/api/v1/dashboards/${d._id}/tabs/${first}/duplicate`, {
      name: 'Twin',
    });
    expect(named.body.tab.name).toBe('Twin');
    expect((await caller(t, w.viewer)('POST', `/api/v1/dashboards/${d._id}/tabs/${first}/duplicate`)).status).toBe(403);
  });

  it("a tab is reached only through its own dashboard's id", async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const other = await createDashboard(t, w.editor, w.projectId);
    const post = caller(t, w.editor);
    expect((await post('POST', `/api/v1/dashboards/${other._id}/tabs/${d.tabs[0]}/duplicate`)).status).toBe(404);
    expect((await post('DELETE', `/api/v1/dashboards/${other._id}/tabs/${d.tabs[0]}`)).status).toBe(404);
    expect((await post('DELETE', `/api/v1/dashboards/${d._id}/tabs/${newId()}`)).status).toBe(404);
    expect((await detail(t, w.editor, d._id)).tabs).toHaveLength(1);
  });

  it('Delete Tab removes the tab and its cards, and the order forgets it', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const second = await addTab(t, w.editor, d._id, 'Second');
    const made = [(await addUnit(t, w.editor, second._id)).unit, (await addUnit(t, w.editor, second._id)).unit];
    const kept = (await addUnit(t, w.editor, d.tabs[0])).unit;
    expect((await caller(t, w.viewer)('DELETE', `/api/v1/dashboards/${d._id}/tabs/${second._id}`)).status).toBe(403);
    const res = await caller(t, w.editor)('DELETE', `/api/v1/dashboards/${d._id}/tabs/${second._id}`);
    expect(res.status).toBe(200);
    expect(res.body.dashboard.tabs).toEqual([d.tabs[0]]);
    const ids = made.map((u) => u._id);
    expect(await t.database.db.select().from(units).where(inArray(units.id, ids))).toEqual([]);
    expect(await t.database.db.select().from(units).where(eq(units.id, kept._id))).toHaveLength(1);
    expect((await caller(t, w.editor)('GET', `/api/v1/tabs/${second._id}`)).status).toBe(404);
    // The last tab may go too: the data app is then empty ('Add one!').
    const emptied = await caller(t, w.editor)('DELETE', `/api/v1/dashboards/${d._id}/tabs/${d.tabs[0]}`);
    expect(emptied.body.dashboard.tabs).toEqual([]);
    expect((await detail(t, w.viewer, d._id)).units).toEqual([]);
  });
});

describe('layout and card order', () => {
  async function tabWithCards(count: number) {
    const d = await createDashboard(t, w.editor, w.projectId);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await addUnit(t, w.editor, d.tabs[0])).unit._id);
    return { tabId: d.tabs[0], ids };
  }

  it('saves a layout of the tab’s cards; cards left out keep their place', async () => {
    const { tabId, ids } = await tabWithCards(3);
    const put = caller(t, w.editor);
    const layout = [
      { i: ids[0], x: 0, y: 0, w: 6, h: 2, moved: false, static: false },
      { i: ids[1], x: 6, y: 0, w: 6, h: 4 },
    ];
    const res = await put('PUT', `/api/v1/tabs/${tabId}`, { layout });
    expect(res.status).toBe(200);
    expect(res.body.layout).toEqual([
      { i: ids[0], x: 0, y: 0, w: 6, h: 2, moved: false, static: false },
      { i: ids[1], x: 6, y: 0, w: 6, h: 4, moved: false, static: false },
      { i: ids[2], x: 0, y: 6, w: 12, h: 3, moved: false, static: false },
    ]);
    expect((await caller(t, w.viewer)('GET', `/api/v1/tabs/${tabId}`)).body.tab.layout).toEqual(res.body.layout);
  });

  it.each([
    ['a card of another tab', (_ids: string[], stranger: string) => [{ i: stranger, x: 0, y: 0, w: 1, h: 1 }]],
    [
      'a card twice',
      (ids: string[]) => [
        { i: ids[0], x: 0, y: 0, w: 1, h: 1 },
        { i: ids[0], x: 1, y: 0, w: 1, h: 1 },
      ],
    ],
    ['wider than the grid', (ids: string[]) => [{ i: ids[0], x: 8, y: 0, w: 6, h: 1 }]],
    ['a fractional position', (ids: string[]) => [{ i: ids[0], x: 0.5, y: 0, w: 6, h: 1 }]],
    ['a negative row', (ids: string[]) => [{ i: ids[0], x: 0, y: -1, w: 6, h: 1 }]],
    ['no height', (ids: string[]) => [{ i: ids[0], x: 0, y: 0, w: 6, h: 0 }]],
    ['thirteen columns', (ids: string[]) => [{ i: ids[0], x: 0, y: 0, w: 13, h: 1 }]],
    ['a missing size', (ids: string[]) => [{ i: ids[0], x: 0, y: 0 }]],
  ])('refuses a layout with %s (400, nothing saved)', async (_label, make) => {
    const { tabId, ids } = await tabWithCards(2);
    const stranger = (await tabWithCards(1)).ids[0];
    const before = (await caller(t, w.editor)('GET', `/api/v1/tabs/${tabId}`)).body.tab.layout;
    const res = await caller(t, w.editor)('PUT', `/api/v1/tabs/${tabId}`, { layout: make(ids, stranger) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation');
    expect((await caller(t, w.editor)('GET', `/api/v1/tabs/${tabId}`)).body.tab.layout).toEqual(before);
  });

  it('reorders a section’s cards only with a permutation of its cards', async () => {
    const { tabId, ids } = await tabWithCards(3);
    const put = caller(t, w.editor);
    const ok = await put('PUT', `/api/v1/tabs/${tabId}`, { units: [ids[2], ids[0], ids[1]] });
    expect(ok.body.units).toEqual([ids[2], ids[0], ids[1]]);
    for (const order of [
      [ids[0], ids[1]],
      [ids[0], ids[1], ids[1]],
      [ids[0], ids[1], ids[2], newId()],
    ]) {
      const bad = await put('PUT', `/api/v1/tabs/${tabId}`, { units: order });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.units).toBe(UNITS_MUST_BE_PERMUTATION);
    }
    expect((await caller(t, w.viewer)('PUT', `/api/v1/tabs/${tabId}`, { units: ids })).status).toBe(403);
  });
});
