import { FILTER_LIMITS, SERVER_ERRORS, serverMessageText, type Tab } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTab, detail } from '../dashboards.fixtures.ts';
import { type CardsWorld, call, cardsWorld, categoryFilter, featureId } from '../units/unitData.fixtures.ts';
import { TOO_MANY_FILTERS } from './filters.service.ts';

const FEATURE_NOT_IN_PROJECT = SERVER_ERRORS['filter.featureNotInProject'];

/** Saved filters of dashboards and tabs: the six endpoints, their checks, and how copies and deletes carry them. */
let w: CardsWorld;
beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w?.t.close());

const north = () => categoryFilter(w.sales, 'region', ['North']);

describe('tab filters', () => {
  it('adds, changes, removes and clears, answering the whole list each time', async () => {
    const tab = await addTab(w.t, w.editor, w.dashboard._id, 'Filtered');
    const editor = call(w, w.editor);
    const added = await editor('POST', `/api/v1/tabs/${tab._id}/filters`, north());
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const first = added.body.filter;
    expect(first).toEqual({ ...north(), _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(added.body).toEqual({
      owner: { kind: 'tab', _id: tab._id },
      dashboardId: w.dashboard._id,
      filters: [first],
      filter: first,
    });
    const second = (await editor('POST', `/api/v1/tabs/${tab._id}/filters`, { ...north(), operation: 'not-equal' }))
      .body.filter;
    const shown = (await editor('GET', `/api/v1/tabs/${tab._id}`)).body.tab as Tab;
    expect(shown.filters).toEqual([first, second]);

    const changed = await editor('PUT', `/api/v1/filters/${first._id}`, { value: ['South', 'East'] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.filter).toEqual({ ...first, value: ['South', 'East'] });
    expect(changed.body.filters.map((f: { _id: string }) => f._id)).toEqual([first._id, second._id]);
    // A change is checked as a whole filter: a wrong shape is refused, nothing changes.
    const bad = await editor('PUT', `/api/v1/filters/${first._id}`, { operation: 'resembles' });
    expect(bad.status).toBe(400);
    const wrongFeature = await editor('PUT', `/api/v1/filters/${first._id}`, {
      feature: { id: featureId(w.foreign, 'region') },
    });
    expect(wrongFeature.status).toBe(400);
    expect(wrongFeature.body.error.fields).toEqual({ feature: FEATURE_NOT_IN_PROJECT });

    const removed = await editor('DELETE', `/api/v1/filters/${first._id}`);
    expect(removed.body).toEqual({
      owner: { kind: 'tab', _id: tab._id },
      dashboardId: w.dashboard._id,
      filters: [second],
    });
    expect((await editor('DELETE', `/api/v1/filters/${first._id}`)).status).toBe(404);
    expect((await editor('PUT', `/api/v1/filters/${first._id}`, { value: [] })).status).toBe(404);
    const cleared = await editor('DELETE', `/api/v1/tabs/${tab._id}/filters`);
    expect(cleared.body.filters).toEqual([]);
    expect(((await editor('GET', `/api/v1/tabs/${tab._id}`)).body.tab as Tab).filters).toEqual([]);
  });

  it('refuses a feature of another project, an unknown feature and more than the limit', async () => {
    const tab = await addTab(w.t, w.editor, w.dashboard._id, 'Limits');
    const editor = call(w, w.editor);
    const url = `/api/v1/tabs/${tab._id}/filters`;
    const foreign = await editor('POST', url, categoryFilter(w.foreign, 'region', ['North']));
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual({ feature: FEATURE_NOT_IN_PROJECT });
    const unknown = await editor('POST', url, { ...north(), feature: { id: 'c'.repeat(24) } });
    expect(unknown.status).toBe(400);
    expect((await editor('POST', url, { ...north(), type: 'nope' })).status).toBe(400);
    for (let i = 0; i < FILTER_LIMITS.perList; i++) {
      expect((await editor('POST', url, { ...north(), value: [`v${i}`] })).status).toBe(200);
    }
    const over = await editor('POST', url, north());
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe(serverMessageText(TOO_MANY_FILTERS));
  });

  it('keeps an incomplete filter (the menu is still open)', async () => {
    const res = await call(w, w.editor)('POST', `/api/v1/tabs/${w.tabId}/filters`, {
      type: 'value',
      operation: 'greater',
      feature: { id: featureId(w.sales, 'amount') },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await call(w, w.editor)('DELETE', `/api/v1/tabs/${w.tabId}/filters`);
  });
});

describe('dashboard filters', () => {
  it('are presented with the dashboard and its detail', async () => {
    const editor = call(w, w.editor);
    const added = await editor('POST', `/api/v1/dashboards/${w.dashboard._id}/filters`, north());
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.owner).toEqual({ kind: 'dashboard', _id: w.dashboard._id });
    expect((await editor('GET', `/api/v1/dashboards/${w.dashboard._id}`)).body.dashboard.filters).toEqual([
      added.body.filter,
    ]);
    const changed = await editor('PUT', `/api/v1/filters/${added.body.filter._id}`, { value: ['East'] });
    expect(changed.body.owner).toEqual({ kind: 'dashboard', _id: w.dashboard._id });
    expect(changed.body.filters[0].value).toEqual(['East']);
    const cleared = await editor('DELETE', `/api/v1/dashboards/${w.dashboard._id}/filters`);
    expect(cleared.body.filters).toEqual([]);
  });
});

describe('access', () => {
  it('needs dashboard edit; another organization gets 404, anonymous 401', async () => {
    const added = await call(w, w.editor)('POST', `/api/v1/tabs/${w.tabId}/filters`, north());
    const id = added.body.filter._id;
    for (const who of [w.viewer, w.dashboardsOnly]) {
      expect((await call(w, who)('POST', `/api/v1/tabs/${w.tabId}/filters`, north())).status).toBe(403);
      expect((await call(w, who)('PUT', `/api/v1/filters/${id}`, { value: [] })).status).toBe(403);
      expect((await call(w, who)('DELETE', `/api/v1/filters/${id}`)).status).toBe(403);
    }
    expect((await call(w, w.outsider)('PUT', `/api/v1/filters/${id}`, { value: [] })).status).toBe(404);
    expect((await call(w, w.outsider)('DELETE', `/api/v1/dashboards/${w.dashboard._id}/filters`)).status).toBe(404);
    expect((await call(w, undefined)('DELETE', `/api/v1/filters/${id}`)).status).toBe(401);
    expect((await call(w, w.editor)('DELETE', `/api/v1/filters/${'d'.repeat(24)}`)).status).toBe(404);
    await call(w, w.editor)('DELETE', `/api/v1/tabs/${w.tabId}/filters`);
  });
});

describe('copies and deletes', () => {
  it('a duplicated tab or dashboard carries copies of its filters; a deleted one leaves none behind', async () => {
    const editor = call(w, w.editor);
    const tab = await addTab(w.t, w.editor, w.dashboard._id, 'Original');
    const onTab = (await editor('POST', `/api/v1/tabs/${tab._id}/filters`, north())).body.filter;
    const onDashboard = (await editor('POST', `/api/v1/dashboards/${w.dashboard._id}/filters`, north())).body.filter;

    const dup = await editor('POST', `/api/v1/dashboards/${w.dashboard._id}/tabs/${tab._id}/duplicate`);
    expect(dup.status, JSON.stringify(dup.body)).toBe(200);
    const copy = dup.body.tab as Tab;
    expect(copy.filters).toHaveLength(1);
    expect(copy.filters[0]).toEqual({ ...onTab, _id: expect.any(String) });
    expect(copy.filters[0]._id).not.toBe(onTab._id);
    // The copy's filter is its own: changing it leaves the original as it was.
    await editor('PUT', `/api/v1/filters/${copy.filters[0]._id}`, { value: ['South'] });
    expect(((await editor('GET', `/api/v1/tabs/${tab._id}`)).body.tab as Tab).filters).toEqual([onTab]);

    const dashboardCopy = await editor('POST', `/api/v1/dashboards/${w.dashboard._id}/duplicate`);
    expect(dashboardCopy.status).toBe(200);
    const copied = await detail(w.t, w.editor, dashboardCopy.body._id);
    expect(copied.dashboard.filters).toEqual([{ ...onDashboard, _id: expect.any(String) }]);
    expect(copied.dashboard.filters[0]._id).not.toBe(onDashboard._id);
    const copiedTab = copied.tabs.find((t) => t.name === 'Original')!;
    expect(copiedTab.filters).toEqual([{ ...onTab, _id: expect.any(String) }]);

    expect((await editor('DELETE', `/api/v1/dashboards/${w.dashboard._id}/tabs/${tab._id}`)).status).toBe(200);
    expect((await editor('PUT', `/api/v1/filters/${onTab._id}`, { value: [] })).status).toBe(404);
    expect((await editor('DELETE', `/api/v1/dashboards/${copied.dashboard._id}`)).status).toBe(200);
    expect((await editor('PUT', `/api/v1/filters/${copiedTab.filters[0]._id}`, { value: [] })).status).toBe(404);
    expect((await editor('PUT', `/api/v1/filters/${copied.dashboard.filters[0]._id}`, { value: [] })).status).toBe(404);
    await editor('DELETE', `/api/v1/dashboards/${w.dashboard._id}/filters`);
  });
});
