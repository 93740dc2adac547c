import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { stubNetwork } from '../../../ui/testing.tsx';
import {
  currentLocation,
  DASHBOARD_ID,
  hexId,
  makeDashboard,
  makeTab,
  makeView,
  PROJECT_ID,
  renderDashboards,
  VIEWER,
} from '../testSupport.tsx';

const [T1, T2, T3, T4] = ['b1', 'b2', 'b3', 'b4'].map(hexId);
const tabs = [makeTab(T1, { name: 'Overview' }), makeTab(T2, { name: 'Details' }), makeTab(T3, { name: 'Forecast' })];
const base = `/projects/${PROJECT_ID}/dashboards/${DASHBOARD_ID}`;
const detail = `GET /api/v1/dashboards/${DASHBOARD_ID}`;

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(view: ReturnType<typeof makeView>, more: Record<string, { status: number; body?: unknown }> = {}) {
  return stubNetwork((key) => {
    if (key === detail) return { status: 200, body: view };
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
    if (key === `GET /api/v1/dashboards?projectId=${PROJECT_ID}`) return { status: 200, body: [] };
    return more[key];
  });
}

async function deleteTab(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Menu of tab ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Tab' }));
  const dialog = await screen.findByRole('dialog');
  expect((within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  await userEvent.type(within(dialog).getByRole('textbox', { name: `Type ${name} to confirm` }), name);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('dashboard routes', () => {
  it('opens the first tab when the path names none, replacing the entry', async () => {
    serve(makeView('Dashboard', tabs));
    const { router } = renderDashboards(base);
    await waitFor(() => expect(currentLocation()).toBe(`${base}/tabs/${T1}`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
  });

  it('goes back to the list when the dashboard is unknown', async () => {
    serve(makeView('Dashboard', tabs));
    renderDashboards(`/projects/${PROJECT_ID}/dashboards/${hexId('dead')}/tabs/${T1}`);
    await waitFor(() => expect(currentLocation()).toBe(`/projects/${PROJECT_ID}/dashboards`));
  });

  it('opens a report at its report path', async () => {
    serve(makeView('Report', tabs));
    renderDashboards(`${base}/tabs/${T2}`);
    await waitFor(() =>
      expect(currentLocation()).toBe(`/projects/${PROJECT_ID}/dashboards/report/${DASHBOARD_ID}/tabs/${T2}`),
    );
  });
});

describe('the tab list', () => {
  it('owns the tabs alone, in their order, the menu buttons standing outside it', async () => {
    serve(makeView('Dashboard', tabs));
    renderDashboards(`${base}/tabs/${T1}`);
    await screen.findByRole('tab', { name: 'Overview', selected: true });
    const list = screen.getByRole('tablist', { name: 'Tabs' });
    expect(list.children.length).toBe(0);
    const owned = (list.getAttribute('aria-owns') ?? '').split(' ').map((id) => document.getElementById(id));
    expect(owned.map((tab) => [tab?.getAttribute('role'), tab?.textContent])).toEqual([
      ['tab', 'Overview'],
      ['tab', 'Details'],
      ['tab', 'Forecast'],
    ]);
    expect(list.contains(screen.getByRole('button', { name: 'Menu of tab Overview' }))).toBe(false);
  });
});

describe('tab navigation after delete and create', () => {
  it('deleting the selected tab goes to the next tab', async () => {
    serve(makeView('Dashboard', tabs), {
      [`DELETE /api/v1/dashboards/${DASHBOARD_ID}/tabs/${T2}`]: {
        status: 200,
        body: { dashboard: makeDashboard({ tabs: [T1, T3] }) },
      },
    });
    renderDashboards(`${base}/tabs/${T2}`);
    await screen.findByRole('tab', { name: 'Details', selected: true });
    await deleteTab('Details');
    await waitFor(() => expect(currentLocation()).toBe(`${base}/tabs/${T3}`));
    expect(screen.queryByRole('tab', { name: 'Details' })).toBeNull();
  });

  it('deleting the last tab while selected goes to the previous one', async () => {
    serve(makeView('Dashboard', tabs), {
      [`DELETE /api/v1/dashboards/${DASHBOARD_ID}/tabs/${T3}`]: {
        status: 200,
        body: { dashboard: makeDashboard({ tabs: [T1, T2] }) },
      },
    });
    renderDashboards(`${base}/tabs/${T3}`);
    await deleteTab('Forecast');
    await waitFor(() => expect(currentLocation()).toBe(`${base}/tabs/${T2}`));
  });

  it('deleting the only tab goes to the dashboard, which offers "Add one!"', async () => {
    serve(makeView('Dashboard', [tabs[0]]), {
      [`DELETE /api/v1/dashboards/${DASHBOARD_ID}/tabs/${T1}`]: {
        status: 200,
        body: { dashboard: makeDashboard({ tabs: [] }) },
      },
    });
    renderDashboards(`${base}/tabs/${T1}`);
    await deleteTab('Overview');
    await waitFor(() => expect(currentLocation()).toBe(base));
    expect(await screen.findByText('This data app has no tabs.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add one!' })).toBeTruthy();
  });

  it('deleting a tab that is not selected stays on the selected one', async () => {
    serve(makeView('Dashboard', tabs), {
      [`DELETE /api/v1/dashboards/${DASHBOARD_ID}/tabs/${T3}`]: {
        status: 200,
        body: { dashboard: makeDashboard({ tabs: [T1, T2] }) },
      },
    });
    renderDashboards(`${base}/tabs/${T1}`);
    await deleteTab('Forecast');
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Forecast' })).toBeNull());
    expect(currentLocation()).toBe(`${base}/tabs/${T1}`);
  });

  it('creating a tab goes to the new tab once the call succeeded', async () => {
    const requests = serve(makeView('Dashboard', tabs), {
      [`POST /api/v1/dashboards/${DASHBOARD_ID}/tabs`]: {
        status: 200,
        body: { dashboard: makeDashboard({ tabs: [T1, T2, T3, T4] }), tab: makeTab(T4, { name: 'Costs' }) },
      },
    });
    renderDashboards(`${base}/tabs/${T1}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tab' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Costs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentLocation()).toBe(`${base}/tabs/${T4}`));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Costs', description: '' });
    expect(screen.getByRole('tab', { name: 'Costs', selected: true })).toBeTruthy();
  });

  it('a failed creation stays where it was and says why; an empty name is refused first', async () => {
    const requests = serve(makeView('Dashboard', tabs), {
      [`POST /api/v1/dashboards/${DASHBOARD_ID}/tabs`]: {
        status: 409,
        body: { error: { code: 'conflict', message: 'Too many tabs' } },
      },
    });
    renderDashboards(`${base}/tabs/${T1}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tab' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Costs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Too many tabs');
    expect(currentLocation()).toBe(`${base}/tabs/${T1}`);
  });

  it('duplicating a tab goes to the copy only on success', async () => {
    serve(makeView('Dashboard', tabs), {
      [`POST /api/v1/dashboards/${DASHBOARD_ID}/tabs/${T1}/duplicate`]: {
        status: 200,
        body: {
          dashboard: makeDashboard({ tabs: [T1, T4, T2, T3] }),
          tab: makeTab(T4, { name: 'Overview (copy)' }),
          units: [],
        },
      },
      [`POST /api/v1/dashboards/${DASHBOARD_ID}/tabs/${T2}/duplicate`]: {
        status: 500,
        body: { error: { code: 'internal', message: 'Internal error' } },
      },
    });
    renderDashboards(`${base}/tabs/${T3}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Menu of tab Details' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate Tab' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentLocation()).toBe(`${base}/tabs/${T3}`);

    await userEvent.click(screen.getByRole('button', { name: 'Menu of tab Overview' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate Tab' }));
    await waitFor(() => expect(currentLocation()).toBe(`${base}/tabs/${T4}`));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Overview (copy)',
      'Details',
      'Forecast',
    ]);
  });

  it('"Add one!" creates a tab in an empty data app and opens it', async () => {
    const requests = serve(makeView('Dashboard', []), {
      [`POST /api/v1/dashboards/${DASHBOARD_ID}/tabs`]: {
        status: 200,
        body: { dashboard: makeDashboard({ tabs: [T4] }), tab: makeTab(T4, { name: 'Tab 1' }) },
      },
    });
    renderDashboards(base);
    await userEvent.click(await screen.findByRole('button', { name: 'Add one!' }));
    await waitFor(() => expect(currentLocation()).toBe(`${base}/tabs/${T4}`));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Tab 1', description: '' });
  });

  it('"Add one!" names the new tab in French for a French user ("Onglet 1")', async () => {
    await i18n.changeLanguage('fr');
    const requests = serve(makeView('Dashboard', []), {
      [`POST /api/v1/dashboards/${DASHBOARD_ID}/tabs`]: {
        status: 200,
        body: { dashboard: makeDashboard({ tabs: [T4] }), tab: makeTab(T4, { name: 'Onglet 1' }) },
      },
    });
    renderDashboards(base);
    await userEvent.click(await screen.findByRole('button', { name: 'Ajoutez-en un !' }));
    await waitFor(() => expect(currentLocation()).toBe(`${base}/tabs/${T4}`));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Onglet 1', description: '' });
  });

  it('shows view-only members the tabs without any edit control', async () => {
    serve(makeView('Dashboard', tabs));
    renderDashboards(`${base}/tabs/${T1}`, { roles: VIEWER });
    await screen.findByRole('tab', { name: 'Overview' });
    expect(screen.queryByRole('button', { name: 'Add Tab' })).toBeNull();
    // Their tab menu holds Download PNG alone (docs/data-apps.md "Export").
    await userEvent.click(screen.getByRole('button', { name: 'Menu of tab Overview' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Download PNG']);
    expect(screen.queryByRole('button', { name: 'Add Card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Colors' })).toBeNull();
  });
});
