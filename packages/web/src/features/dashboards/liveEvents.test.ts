import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type DashboardView, dashboardKeys, orderedView } from '../../api/dashboards.ts';
import { applyRawDashboardEvent } from './liveEvents.ts';
import {
  DASHBOARD_ID,
  hexId,
  layoutItem,
  makeDashboard,
  makeTab,
  makeUnit,
  makeView,
  PROJECT_ID,
} from './testSupport.tsx';

const [T1, T2] = [hexId('b1'), hexId('b2')];
const [U1, U2] = [hexId('c1'), hexId('c2')];

function cached() {
  const client = new QueryClient();
  const view = makeView('Dashboard', [makeTab(T1, { units: [U1] })], [makeUnit(U1, T1, { name: 'One' })]);
  view.dashboard.user = { _id: hexId('0e1'), name: { first: 'Ada', last: 'L' } };
  client.setQueryData(dashboardKeys.detail(PROJECT_ID, DASHBOARD_ID), view);
  client.setQueryData(dashboardKeys.publicDetail(DASHBOARD_ID, null), view);
  client.setQueryData(dashboardKeys.list(PROJECT_ID), [view.dashboard]);
  const apply = (name: string, payload: unknown) => applyRawDashboardEvent(name, payload, client, PROJECT_ID);
  const get = () => client.getQueryData<DashboardView>(dashboardKeys.detail(PROJECT_ID, DASHBOARD_ID)) as DashboardView;
  return { client, apply, get };
}

describe("another editor's changes (live events)", () => {
  it('writes a changed card, a new tab and a new card into every cached load of the dashboard', () => {
    const { client, apply, get } = cached();
    apply('unit:updated', makeUnit(U1, T1, { name: 'Renamed' }));
    apply('tab:updated', makeTab(T2, { name: 'New', units: [U2], layout: [layoutItem(U2, 0, 0, 12, 3)] }));
    apply('unit:updated', makeUnit(U2, T2));
    // The new tab shows once the dashboard's order names it.
    expect(orderedView(get()).tabs.map((t) => t._id)).toEqual([T1]);
    const { user: _user, ...event } = makeDashboard({ tabs: [T1, T2], name: 'Retitled' });
    apply('dashboard:updated', event);
    const view = orderedView(get());
    expect(view.tabs.map((t) => t.name)).toEqual(['Tab b1', 'New']);
    expect(view.units.map((u) => u.name)).toEqual(['Renamed', '']);
    expect(view.dashboard.user?.name.first).toBe('Ada');
    expect(client.getQueryData<DashboardView>(dashboardKeys.publicDetail(DASHBOARD_ID, null))?.dashboard.name).toBe(
      'Retitled',
    );
    expect(client.getQueryData<{ name: string }[]>(dashboardKeys.list(PROJECT_ID))?.[0].name).toBe('Retitled');
  });

  it('removes deleted cards and tabs (with their cards), and drops a deleted dashboard from the list', () => {
    const { client, apply, get } = cached();
    apply('unit:deleted', { _id: U1, tabId: T1, dashboardId: DASHBOARD_ID });
    expect(get().units).toEqual([]);
    apply('unit:updated', makeUnit(U2, T1));
    apply('tab:deleted', { _id: T1, dashboardId: DASHBOARD_ID });
    expect(get().tabs).toEqual([]);
    expect(get().units).toEqual([]);
    apply('dashboard:deleted', { _id: DASHBOARD_ID });
    expect(client.getQueryData(dashboardKeys.list(PROJECT_ID))).toEqual([]);
    expect(client.getQueryState(dashboardKeys.detail(PROJECT_ID, DASHBOARD_ID))?.isInvalidated).toBe(true);
  });

  it('ignores events of other areas and payloads that do not match their schema', () => {
    const { apply, get } = cached();
    apply('unit:updated', { _id: 'not-an-id' });
    apply('dataset:deleted', { _id: hexId('d9') });
    expect(get().units.map((u) => u.name)).toEqual(['One']);
  });
});
