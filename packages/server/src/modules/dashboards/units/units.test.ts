import { DASHBOARD_LIMITS, defaultChartVis, SERVER_ERRORS } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/ids.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addTab, addUnit, caller, createDashboard, type World, world } from '../dashboards.fixtures.ts';

const SUBTYPE_ONLY_CUSTOM = SERVER_ERRORS['card.subtypeOnlyCustom'];

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ ROLE: 'api' });
  w = await world(t);
});
afterAll(() => t?.close());

const box = (item: { x: number; y: number; w: number; h: number }) => [item.x, item.y, item.w, item.h];

describe('adding cards', () => {
  it('a new card has no type yet; 12x3 at the top of an empty dashboard tab, then below the last card', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const first = await addUnit(t, w.editor, d.tabs[0], { clientId: 'tmp-1' });
    expect(first.clientId).toBe('tmp-1');
    expect(first.unit).toEqual({
      _id: expect.any(String),
      tabId: d.tabs[0],
      dashboardId: d._id,
      type: null,
      subtype: null,
      name: '',
      description: '',
      vis: {},
    });
    expect(first.tab.units).toEqual([first.unit._id]);
    expect(first.tab.layout).toEqual([{ i: first.unit._id, x: 0, y: 0, w: 12, h: 3, moved: false, static: false }]);
    const second = await addUnit(t, w.editor, d.tabs[0], { layoutItem: { x: 0, y: 3, w: 6, h: 5 } });
    expect(box(second.tab.layout[1])).toEqual([0, 3, 6, 5]);
    const third = await addUnit(t, w.editor, d.tabs[0]);
    expect(box(third.tab.layout[2])).toEqual([0, 8, 12, 3]);
    expect(third.tab.units).toEqual([first.unit._id, second.unit._id, third.unit._id]);
    expect(third.clientId).toBeUndefined();
  });

  it('in a report a new card is 6x3 at x6,y3', async () => {
    const r = await createDashboard(t, w.editor, w.projectId, { type: 'Report' });
    const { tab } = await addUnit(t, w.editor, r.tabs[0]);
    expect(box(tab.layout[0])).toEqual([6, 3, 6, 3]);
    const next = await addUnit(t, w.editor, r.tabs[0]);
    expect(box(next.tab.layout[1])).toEqual([6, 6, 6, 3]);
  });

  it('refuses a place outside the grid, and callers without edit', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const post = caller(t, w.editor);
    expect(
      (await post('POST', `/api/v1/tabs/${d.tabs[0]}/units`, { layoutItem: { x: 10, y: 0, w: 4, h: 1 } })).status,
    ).toBe(400);
    expect((await post('POST', `/api/v1/tabs/${d.tabs[0]}/units`, { layoutItem: { x: 0, y: 0, w: 4 } })).status).toBe(
      400,
    );
    expect((await post('POST', `/api/v1/tabs/${d.tabs[0]}/units`, { clientId: '' })).status).toBe(400);
    expect((await caller(t, w.viewer)('POST', `/api/v1/tabs/${d.tabs[0]}/units`)).status).toBe(403);
    expect((await caller(t, w.outsider)('POST', `/api/v1/tabs/${d.tabs[0]}/units`)).status).toBe(404);
    expect((await post('POST', `/api/v1/tabs/${newId()}/units`)).status).toBe(404);
  });
});

describe('duplicate and delete cards', () => {
  it('Duplicate copies the card on its tab, the original’s size below every card (or where asked)', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const { unit } = await addUnit(t, w.editor, d.tabs[0], { layoutItem: { x: 3, y: 0, w: 6, h: 2 } });
    await caller(t, w.editor)('PUT', `/api/v1/units/${unit._id}`, {
      name: 'Sales',
      description: 'By month',
      type: 'chart',
      vis: defaultChartVis(),
    });
    const res = await caller(t, w.editor)('POST', `/api/v1/tabs/${d.tabs[0]}/units/${unit._id}/duplicate`);
    expect(res.status).toBe(200);
    expect(res.body.unit).toMatchObject({
      name: 'Sales (copy)',
      description: 'By month',
      type: 'chart',
      vis: defaultChartVis(),
    });
    expect(res.body.unit._id).not.toBe(unit._id);
    expect(res.body.tab.units).toEqual([unit._id, res.body.unit._id]);
    expect(box(res.body.tab.layout[1])).toEqual([3, 2, 6, 2]);
    const placed = await caller(t, w.editor)('POST', `/api/v1/tabs/${d.tabs[0]}/units/${unit._id}/duplicate`, {
      layoutItem: { x: 0, y: 10, w: 2, h: 2 },
    });
    expect(box(placed.body.tab.layout[2])).toEqual([0, 10, 2, 2]);
  });

  it('a card is duplicated or deleted only through its own tab', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const other = await addTab(t, w.editor, d._id);
    const { unit } = await addUnit(t, w.editor, d.tabs[0]);
    const post = caller(t, w.editor);
    expect((await post('POST', `/api/v1/tabs/${other._id}/units/${unit._id}/duplicate`)).status).toBe(404);
    expect((await post('DELETE', `/api/v1/tabs/${other._id}/units/${unit._id}`)).status).toBe(404);
    expect((await post('GET', `/api/v1/units/${unit._id}`)).status).toBe(200);
  });

  it('Delete removes the card from the tab’s order and layout', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const a = (await addUnit(t, w.editor, d.tabs[0])).unit;
    const b = (await addUnit(t, w.editor, d.tabs[0])).unit;
    expect((await caller(t, w.viewer)('DELETE', `/api/v1/tabs/${d.tabs[0]}/units/${a._id}`)).status).toBe(403);
    const res = await caller(t, w.editor)('DELETE', `/api/v1/tabs/${d.tabs[0]}/units/${a._id}`);
    expect(res.status).toBe(200);
    expect(res.body.tab.units).toEqual([b._id]);
    expect(res.body.tab.layout.map((item: { i: string }) => item.i)).toEqual([b._id]);
    expect((await caller(t, w.editor)('GET', `/api/v1/units/${a._id}`)).status).toBe(404);
    expect((await caller(t, w.editor)('DELETE', `/api/v1/tabs/${d.tabs[0]}/units/${a._id}`)).status).toBe(404);
  });
});

describe('saving a card', () => {
  it('saves name, description, type and vis; the unit "without its data" may carry extra fields', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const { unit } = await addUnit(t, w.editor, d.tabs[0]);
    const res = await caller(t, w.editor)('PUT', `/api/v1/units/${unit._id}`, {
      ...unit,
      name: 'Orders',
      description: 'Per day',
      type: 'table',
      vis: { table: [] },
      hydrated: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...unit, name: 'Orders', description: 'Per day', type: 'table', vis: { table: [] } });
    expect((await caller(t, w.viewer)('GET', `/api/v1/units/${unit._id}`)).body).toEqual(res.body);
    expect((await caller(t, w.viewer)('PUT', `/api/v1/units/${unit._id}`, { name: 'x' })).status).toBe(403);
    expect((await caller(t, w.outsider)('GET', `/api/v1/units/${unit._id}`)).status).toBe(404);
    expect((await caller(t, w.hidden)('GET', `/api/v1/units/${unit._id}`)).status).toBe(403);
  });

  it('a subtype belongs to custom cards only', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const { unit } = await addUnit(t, w.editor, d.tabs[0]);
    const put = caller(t, w.editor);
    const custom = await put('PUT', `/api/v1/units/${unit._id}`, { type: 'custom', subtype: 'markdown' });
    expect(custom.body).toMatchObject({ type: 'custom', subtype: 'markdown' });
    const refused = await put('PUT', `/api/v1/units/${unit._id}`, { type: 'chart', subtype: 'markdown' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.subtype).toBe(SUBTYPE_ONLY_CUSTOM);
    // Leaving custom without naming a subtype drops it.
    const chart = await put('PUT', `/api/v1/units/${unit._id}`, { type: 'chart' });
    expect(chart.body).toMatchObject({ type: 'chart', subtype: null });
    expect((await put('PUT', `/api/v1/units/${unit._id}`, { type: 'custom', subtype: 'flash' })).status).toBe(400);
    expect((await put('PUT', `/api/v1/units/${unit._id}`, { type: 'map' })).status).toBe(400);
    // Back to the chooser.
    expect((await put('PUT', `/api/v1/units/${unit._id}`, { type: null })).body.type).toBeNull();
  });

  it('a vis must be an object within the size and depth limits', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    const { unit } = await addUnit(t, w.editor, d.tabs[0]);
    const put = caller(t, w.editor);
    expect((await put('PUT', `/api/v1/units/${unit._id}`, { vis: [1, 2] })).status).toBe(400);
    expect((await put('PUT', `/api/v1/units/${unit._id}`, { vis: 'chart' })).status).toBe(400);
    const big = await put('PUT', `/api/v1/units/${unit._id}`, {
      vis: { text: 'x'.repeat(DASHBOARD_LIMITS.visMaxBytes) },
    });
    expect(big.status).toBe(400);
    expect(big.body.error.fields.vis).toMatch(/too large/);
    // Written as text: the test's own JSON.stringify would overflow on such nesting, the server must not.
    const deep = `{"vis":${'{"d":'.repeat(50_000)}{}${'}'.repeat(50_000)}}`;
    const nested = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/units/${unit._id}`,
      payload: deep,
      headers: { authorization: `Bearer ${w.editor.token}`, 'content-type': 'application/json' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.fields.vis).toMatch(/nested too deeply/);
    expect((await put('GET', `/api/v1/units/${unit._id}`)).body.vis).toEqual({});
  });
});
