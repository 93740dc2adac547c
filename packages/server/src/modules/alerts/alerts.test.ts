import type { Alert } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTab } from '../dashboards/dashboards.fixtures.ts';
import { caller, type DatasetsWorld } from '../datasets/datasets.fixtures.ts';
import { type AlertsWorld, alertsWorld, ref, savedCard, sumByRegion } from './alerts.fixtures.ts';

let w: AlertsWorld;
let kpiId: string;
let chartId: string;
let tableId: string;
beforeAll(async () => {
  w = await alertsWorld();
  kpiId = (await savedCard(w, 'kpi', { kpi: [{ id: 'total', feature: ref(w.sales, 'amount'), operation: 'sum' }] }))
    ._id;
  chartId = (await savedCard(w, 'chart', sumByRegion(w.sales)))._id;
  tableId = (await savedCard(w, 'table', { table: [{ id: 'id', feature: ref(w.sales, 'region') }] }))._id;
});
afterAll(() => w?.t.close());

const base = '/api/v1/alerts';
const on = (w: DatasetsWorld, who = w.editor) => caller(w, who);
const body = (extra: object = {}) => ({
  name: 'Big sales',
  unitId: kpiId,
  tabId: w.tabId,
  valueId: 'total',
  condition: 'above',
  value: 1_000_000,
  ...extra,
});

describe('alerts: set, list, change, delete', () => {
  it('sets an alert on a KPI value, checked at once, and lists it for its creator only', async () => {
    const created = await on(w, w.dashboardsOnly)('POST', base, body());
    expect(created.statusCode, created.body).toBe(200);
    const alert = created.json() as Alert;
    expect(alert).toMatchObject({
      name: 'Big sales',
      unitId: kpiId,
      tabId: w.tabId,
      dashboardId: w.dashboard._id,
      projectId: w.projectId,
      valueId: 'total',
      condition: 'above',
      value: 1_000_000,
      active: false,
      user: { id: w.dashboardsOnly.id },
    });
    // The value the card shows: the sum of the amounts.
    expect(alert.lastValue).toBe(40.5);
    expect(alert.lastCheckedAt).not.toBeNull();
    const mine = (await on(w, w.dashboardsOnly)('GET', `${base}?projectId=${w.projectId}`)).json();
    expect(mine.map((a: Alert) => a._id)).toEqual([alert._id]);
    const theirs = (await on(w, w.viewer)('GET', `${base}?projectId=${w.projectId}`)).json();
    expect(theirs).toEqual([]);
  });

  it('sets one on a chart series, renames it, changes its condition and deletes it', async () => {
    const edit = on(w);
    const created = (
      await edit('POST', base, body({ unitId: chartId, valueId: 'amt', condition: 'below', value: 0 }))
    ).json() as Alert;
    expect(created).toMatchObject({ condition: 'below', value: 0, active: false });
    const renamed = await edit('PUT', `${base}/${created._id}`, { name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', condition: 'below' });
    const changed = await edit('PUT', `${base}/${created._id}`, { condition: 'above', value: 1 });
    // The chart's total is far above 1: true at once.
    expect(changed.json()).toMatchObject({ condition: 'above', value: 1, active: true });
    const firings = (await edit('GET', `${base}/${created._id}/firings`)).json();
    expect(firings).toHaveLength(1);
    expect(firings[0]).toMatchObject({ alertId: created._id, previousValue: created.lastValue });
    expect((await edit('DELETE', `${base}/${created._id}`)).statusCode).toBe(200);
    expect((await edit('DELETE', `${base}/${created._id}`)).statusCode).toBe(404);
    expect((await edit('GET', `${base}/${created._id}/firings`)).statusCode).toBe(404);
  });
});

describe('alerts: bad input', () => {
  it.each([
    [{ valueId: 'nope' }, { valueId: 'This value is not on the card' }],
    [{ condition: 'change', value: -5 }, { value: 'A percent change must be greater than 0' }],
    [{ condition: 'change', value: 0 }, { value: 'A percent change must be greater than 0' }],
    [{ condition: 'sideways' }, { condition: 'Invalid value' }],
    [{ value: 'high' }, { value: 'Must be a number' }],
    [{ name: ' ' }, { name: 'Required' }],
    [{ name: 'x'.repeat(101) }, { name: 'At most 100 characters' }],
  ])('%j → 400 %j', async (change, fields) => {
    const res = await on(w)('POST', base, body(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
  });

  it('refuses a table card, a card of another tab, and a change that makes a negative percent', async () => {
    const table = await on(w)('POST', base, body({ unitId: tableId, valueId: 'id' }));
    expect(table.json().error.fields).toEqual({ unitId: 'Alerts watch KPI and chart cards only' });
    const other = await addTab(w.t, w.editor, w.dashboard._id, 'Other');
    const elsewhere = await on(w)('POST', base, body({ tabId: other._id }));
    expect(elsewhere.json().error.fields).toEqual({ tabId: 'The card is not on this tab' });
    const alert = (await on(w)('POST', base, body({ condition: 'change', value: 5 }))).json();
    const bad = await on(w)('PUT', `${base}/${alert._id}`, { value: -1 });
    expect(bad.json().error.fields).toEqual({ value: 'A percent change must be greater than 0' });
    const toChange = (await on(w)('POST', base, body({ value: -1 }))).json();
    const badCondition = await on(w)('PUT', `${base}/${toChange._id}`, { condition: 'change' });
    expect(badCondition.statusCode).toBe(400);
    expect((await on(w)('GET', `${base}/${toChange._id}/firings`)).json()).toHaveLength(1);
    const list = (await on(w)('GET', `${base}?projectId=${w.projectId}`)).json() as Alert[];
    expect(list.find((a) => a._id === toChange._id)).toMatchObject({ condition: 'above', value: -1 });
  });
});

describe('alerts: who may', () => {
  it('needs dashboard view; another member’s alert and another tenant’s are 404', async () => {
    const alert = (await on(w)('POST', base, body())).json() as Alert;
    const { outsider } = w;
    expect((await on(w, outsider)('GET', `${base}?projectId=${w.projectId}`)).statusCode).toBe(404);
    expect((await on(w, outsider)('POST', base, body())).statusCode).toBe(404);
    expect((await on(w, outsider)('PUT', `${base}/${alert._id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await on(w, outsider)('DELETE', `${base}/${alert._id}`)).statusCode).toBe(404);
    expect((await on(w, outsider)('GET', `${base}/${alert._id}/firings`)).statusCode).toBe(404);
    // A member of the project, not its creator: not found either, and nothing changed.
    expect((await on(w, w.viewer)('PUT', `${base}/${alert._id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await on(w, w.viewer)('DELETE', `${base}/${alert._id}`)).statusCode).toBe(404);
    expect((await on(w, w.viewer)('GET', `${base}/${alert._id}/firings`)).statusCode).toBe(404);
    const still = (await on(w)('GET', `${base}?projectId=${w.projectId}`)).json() as Alert[];
    expect(still.find((a) => a._id === alert._id)?.name).toBe('Big sales');
  });
});
