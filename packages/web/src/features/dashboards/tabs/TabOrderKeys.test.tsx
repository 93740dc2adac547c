import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { openMenu, stubNetwork } from '../../../ui/testing.tsx';
import {
  DASHBOARD_ID,
  hexId,
  makeDashboard,
  makeTab,
  makeView,
  PROJECT_ID,
  renderDashboards,
} from '../testSupport.tsx';

const [T1, T2, T3] = ['b1', 'b2', 'b3'].map(hexId);
const tabs = [makeTab(T1, { name: 'Overview' }), makeTab(T2, { name: 'Details' }), makeTab(T3, { name: 'Forecast' })];
const path = `/projects/${PROJECT_ID}/dashboards/${DASHBOARD_ID}/tabs/${T1}`;

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The dashboard (or report) of three tabs; a new tab order is answered as sent, the kind kept. */
function serve(kind: 'Dashboard' | 'Report' = 'Dashboard') {
  const view = makeView(kind, tabs);
  const requests = stubNetwork((key) => {
    if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}`) return { status: 200, body: view };
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
    if (key === `GET /api/v1/dashboards?projectId=${PROJECT_ID}`) return { status: 200, body: [] };
    if (key === `PUT /api/v1/dashboards/${DASHBOARD_ID}`) {
      const sent = requests.filter((r) => r.method === 'PUT').at(-1)?.body as { tabs: string[] };
      return { status: 200, body: makeDashboard({ type: kind, tabs: sent.tabs }) };
    }
    return undefined;
  });
  return requests;
}

const tabOrder = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const announcements = () => screen.getAllByRole('status').map((node) => node.textContent?.trim());
const sentOrders = (requests: ReturnType<typeof serve>) =>
  requests.filter((r) => r.method === 'PUT').map((r) => (r.body as { tabs: string[] }).tabs);

describe('tab order by keyboard', () => {
  it('moves the focused tab with Ctrl+Shift+arrows, saves the order, announces it and keeps the focus', async () => {
    const requests = serve();
    renderDashboards(path);
    (await screen.findByRole('tab', { name: 'Overview' })).focus();
    await userEvent.keyboard('{Control>}{Shift>}{ArrowRight}{/Shift}{/Control}');
    await waitFor(() => expect(tabOrder()).toEqual(['Details', 'Overview', 'Forecast']));
    expect(sentOrders(requests)).toEqual([[T2, T1, T3]]);
    expect(announcements()).toContain('Tab Overview moved to position 2 of 3');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Overview' })));
    // At the first place, Ctrl+Shift+Left twice: one move, then nothing more to send.
    await userEvent.keyboard('{Control>}{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}{/Control}');
    await waitFor(() => expect(tabOrder()).toEqual(['Overview', 'Details', 'Forecast']));
    expect(sentOrders(requests)).toEqual([
      [T2, T1, T3],
      [T1, T2, T3],
    ]);
    expect(announcements()).toContain('Tab Overview moved to position 1 of 3');
  });

  it('offers Move left and Move right in the tab menu where the tab can go', async () => {
    const requests = serve();
    renderDashboards(path);
    await openMenu('Menu of tab Overview');
    expect(screen.queryByRole('menuitem', { name: 'Move left' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move right' }));
    await waitFor(() => expect(tabOrder()).toEqual(['Details', 'Overview', 'Forecast']));
    expect(sentOrders(requests)).toEqual([[T2, T1, T3]]);
    await openMenu('Menu of tab Forecast');
    expect(screen.queryByRole('menuitem', { name: 'Move right' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Move left' })).toBeTruthy();
  });

  it('announces in French', async () => {
    await i18n.changeLanguage('fr');
    serve();
    renderDashboards(path);
    (await screen.findByRole('tab', { name: 'Details' })).focus();
    await userEvent.keyboard('{Control>}{Shift>}{ArrowLeft}{/Shift}{/Control}');
    await waitFor(() => expect(announcements()).toContain('Onglet Details déplacé en position 1 sur 3'));
  });
});

describe('section order from the section menu (report)', () => {
  const reportPath = `/projects/${PROJECT_ID}/dashboards/report/${DASHBOARD_ID}/tabs/${T1}`;
  const sectionOrder = () =>
    Array.from(document.querySelectorAll('section[aria-label]')).map((node) => node.getAttribute('aria-label'));

  it('offers Move up and Move down where the section can go, saves the order and announces it', async () => {
    const requests = serve('Report');
    renderDashboards(reportPath);
    await openMenu('Menu of section Overview');
    expect(screen.queryByRole('menuitem', { name: 'Move up' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    await waitFor(() => expect(sectionOrder()).toEqual(['Details', 'Overview', 'Forecast']));
    expect(sentOrders(requests)).toEqual([[T2, T1, T3]]);
    expect(announcements()).toContain('Section Overview moved to position 2 of 3');
    await openMenu('Menu of section Forecast');
    expect(screen.queryByRole('menuitem', { name: 'Move down' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Move up' })).toBeTruthy();
  });

  it('names the items and announces in French', async () => {
    await i18n.changeLanguage('fr');
    serve('Report');
    renderDashboards(reportPath);
    await openMenu('Menu de la section Details');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Déplacer vers le haut' }));
    await waitFor(() => expect(announcements()).toContain('Section Details déplacée en position 1 sur 3'));
  });
});
