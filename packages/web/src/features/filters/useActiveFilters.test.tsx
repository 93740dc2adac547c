import type { DashboardFilter } from '@tessera/shared';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardKeys } from '../../api/dashboards.ts';
import { renderWithProviders, testQueryClient } from '../../ui/testing.tsx';
import { type DashboardMode, DashboardModeContext } from '../canvas/dashboardMode.tsx';
import { DASHBOARD_ID, hexId, makeTab, makeView, PROJECT_ID } from '../dashboards/testSupport.tsx';
import { CardFilterIcon } from './CardFilterIcon.tsx';
import { localFilterStore } from './localFilters.ts';
import { DashboardViewProvider, PinnedDashboardViewProvider, useActiveFilters } from './useActiveFilters.ts';

const [T1, T2] = [hexId('b1'), hexId('b2')];
const F = hexId('f1');
const filter = (id: string, f: Omit<DashboardFilter, '_id' | 'feature'>): DashboardFilter => ({
  _id: hexId(id),
  feature: { id: F },
  ...f,
});
const onDashboard = filter('a1', { type: 'value', operation: 'greater', value: 1 });
const incomplete = filter('a2', { type: 'value', operation: 'less' });
const onTab = filter('a3', { type: 'text', operation: 'contains', value: 'x' });

function mode(canEdit: boolean): DashboardMode {
  return { place: { kind: 'project', projectId: PROJECT_ID }, canEdit, cardMenu: true, preview: false };
}

const seen: Array<{ filters: DashboardFilter[]; hydrated: boolean }> = [];
function Probe({ tabId }: { tabId?: string }) {
  const active = useActiveFilters(DASHBOARD_ID, tabId);
  seen.push(active);
  return (
    <output data-testid="active">
      {JSON.stringify({ ids: active.filters.map((f) => f._id), hydrated: active.hydrated })}
    </output>
  );
}
const shown = () => JSON.parse(screen.getByTestId('active').textContent ?? '{}');

function setup(canEdit: boolean, tabId?: string) {
  const client = testQueryClient();
  const view = makeView('Dashboard', [makeTab(T1, { filters: [onTab] }), makeTab(T2)]);
  view.dashboard.filters = [onDashboard, incomplete];
  renderWithProviders(
    <DashboardModeContext.Provider value={mode(canEdit)}>
      <Probe tabId={tabId} />
    </DashboardModeContext.Provider>,
    client,
  );
  const load = () => act(() => void client.setQueryData(dashboardKeys.detail(PROJECT_ID, DASHBOARD_ID), view));
  return { client, view, load };
}

afterEach(() => {
  cleanup();
  localFilterStore.reset();
  seen.length = 0;
});

describe('useActiveFilters', () => {
  it('is not hydrated until the dashboard is loaded, then gives the valid saved filters, dashboard first', () => {
    const { load } = setup(true, T1);
    expect(shown()).toEqual({ ids: [], hydrated: false });
    load();
    expect(shown()).toEqual({ ids: [onDashboard._id, onTab._id], hydrated: true });
  });

  it("gives only the dashboard's filters on another tab or with no tab", () => {
    const { load } = setup(true, T2);
    load();
    expect(shown().ids).toEqual([onDashboard._id]);
  });

  it('keeps the same list while its content does not change (no needless refetch)', () => {
    const { client, view, load } = setup(true, T1);
    load();
    const before = seen.at(-1)?.filters;
    act(
      () =>
        void client.setQueryData(dashboardKeys.detail(PROJECT_ID, DASHBOARD_ID), {
          ...view,
          dashboard: { ...view.dashboard, name: 'Renamed', filters: [...view.dashboard.filters] },
        }),
    );
    expect(seen.at(-1)?.filters).toBe(before);
  });

  it('gives viewers their own session filters, seeded from the saved ones', () => {
    const { load } = setup(false, T1);
    load();
    expect(shown().ids).toEqual([onDashboard._id, onTab._id]);
    const mine = filter('a9', { type: 'value', operation: 'equal', value: 4 });
    act(() => localFilterStore.set(DASHBOARD_ID, null, [mine]));
    expect(shown().ids).toEqual([mine._id, onTab._id]);
    act(() => localFilterStore.set(DASHBOARD_ID, T1, []));
    expect(shown().ids).toEqual([mine._id]);
  });

  it('ignores session filters for editors', () => {
    const { load } = setup(true, T1);
    load();
    act(() => localFilterStore.set(DASHBOARD_ID, null, []));
    expect(shown().ids).toEqual([onDashboard._id, onTab._id]);
  });
});

describe('useActiveFilters for many cards of one screen', () => {
  it('reads the dashboard through one cache subscription under a DashboardViewProvider', () => {
    const client = testQueryClient();
    const subscribe = vi.spyOn(client.getQueryCache(), 'subscribe');
    const view = makeView('Dashboard', [makeTab(T1, { filters: [onTab] })]);
    view.dashboard.filters = [onDashboard];
    renderWithProviders(
      <DashboardModeContext.Provider value={mode(true)}>
        <DashboardViewProvider dashboardId={DASHBOARD_ID}>
          {[1, 2, 3, 4, 5].map((n) => (
            <Probe key={n} tabId={T1} />
          ))}
        </DashboardViewProvider>
      </DashboardModeContext.Provider>,
      client,
    );
    const subscriptions = subscribe.mock.calls.length;
    expect(subscriptions).toBe(1);
    act(() => void client.setQueryData(dashboardKeys.detail(PROJECT_ID, DASHBOARD_ID), view));
    const ids = screen.getAllByTestId('active').map((el) => JSON.parse(el.textContent ?? '{}').ids);
    expect(ids).toEqual(Array(5).fill([onDashboard._id, onTab._id]));
    expect(subscribe.mock.calls.length).toBe(subscriptions);
  });

  it("does not even re-read the cache on events of other queries (a card's data answering)", () => {
    const { client, load } = setup(true, T1);
    load();
    const renders = seen.length;
    const findAll = vi.spyOn(client.getQueryCache(), 'findAll');
    act(() => void client.setQueryData(['unitData', 'u1'], { data: [] }));
    act(() => void client.setQueryData(['unitData', 'u2'], { data: [] }));
    expect(findAll).not.toHaveBeenCalled();
    expect(seen.length).toBe(renders);
    expect(shown().ids).toEqual([onDashboard._id, onTab._id]);
  });
});

describe('useActiveFilters in a version preview', () => {
  it("gives the version's saved filters, not today's nor the visitor's session filters", () => {
    const client = testQueryClient();
    const today = makeView('Dashboard', [makeTab(T1, { filters: [onTab] })]);
    today.dashboard.filters = [onDashboard];
    client.setQueryData(dashboardKeys.detail(PROJECT_ID, DASHBOARD_ID), today);
    const thenOnApp = filter('a7', { type: 'value', operation: 'less', value: 9 });
    const thenOnTab = filter('a8', { type: 'text', operation: 'contains', value: 'old' });
    const then = makeView('Dashboard', [makeTab(T1, { filters: [thenOnTab] })]);
    then.dashboard.filters = [thenOnApp];
    localFilterStore.set(DASHBOARD_ID, null, [filter('a9', { type: 'value', operation: 'equal', value: 4 })]);
    const version: DashboardMode = {
      place: { kind: 'version', projectId: PROJECT_ID, versionId: hexId('v1') },
      canEdit: false,
      cardMenu: false,
      preview: false,
    };
    renderWithProviders(
      <DashboardModeContext.Provider value={version}>
        <PinnedDashboardViewProvider view={then}>
          <DashboardViewProvider dashboardId={DASHBOARD_ID}>
            <Probe tabId={T1} />
          </DashboardViewProvider>
        </PinnedDashboardViewProvider>
      </DashboardModeContext.Provider>,
      client,
    );
    expect(shown()).toEqual({ ids: [thenOnApp._id, thenOnTab._id], hydrated: true });
    // Today's dashboard changing does not reach the version's cards.
    act(
      () =>
        void client.setQueryData(dashboardKeys.detail(PROJECT_ID, DASHBOARD_ID), {
          ...today,
          dashboard: { ...today.dashboard, filters: [] },
        }),
    );
    expect(shown().ids).toEqual([thenOnApp._id, thenOnTab._id]);
  });
});

describe('CardFilterIcon', () => {
  it('summarizes the filters in force (40 characters, then "and N more"), and is absent without filters', () => {
    const client = testQueryClient();
    client.setQueryData(['project', PROJECT_ID, 'datasets', 'features', 'all'], []);
    const many = ['a', 'b', 'c'].map((id, i) =>
      filter(id, { type: 'text', operation: 'contains', value: `a long enough text ${i}` }),
    );
    renderWithProviders(
      <DashboardModeContext.Provider value={mode(false)}>
        <CardFilterIcon unit={{ _id: 'u1' }} filters={many} />
      </DashboardModeContext.Provider>,
      client,
    );
    expect(screen.getByTestId('card-filter-icon-u1').getAttribute('aria-label')).toBe(
      'Active filters: Feature contains a long enough text 0 and 2 more',
    );
    cleanup();
    renderWithProviders(
      <DashboardModeContext.Provider value={mode(false)}>
        <CardFilterIcon unit={{ _id: 'u1' }} filters={[]} />
      </DashboardModeContext.Provider>,
      client,
    );
    expect(screen.queryByTestId('card-filter-icon-u1')).toBeNull();
  });
});
