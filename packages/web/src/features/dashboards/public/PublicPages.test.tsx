import { PREVIEW_READY_ATTRIBUTE } from '@tessera/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { stubNetwork } from '../../../ui/testing.tsx';
import {
  currentLocation,
  DASHBOARD_ID,
  hexId,
  layoutItem,
  makeTab,
  makeUnit,
  makeView,
  PROJECT_ID,
  renderDashboards,
} from '../testSupport.tsx';

const [T1, T2] = [hexId('b1'), hexId('b2')];
const [U1, U2] = [hexId('c1'), hexId('c2')];
const units = [makeUnit(U1, T1, { name: 'Top row' }), makeUnit(U2, T1, { name: 'Far below', type: 'kpi' })];
const tab = makeTab(T1, {
  name: 'Overview',
  units: [U1, U2],
  layout: [layoutItem(U1, 0, 0, 12, 3), layoutItem(U2, 0, 4, 6, 3)],
});
const view = makeView('Dashboard', [tab, makeTab(T2, { name: 'Details' })], units);
// What the public answer carries: nothing about people, no preview.
const { user: _user, preview: _preview, ...publicDashboard } = view.dashboard;
const publicView = { ...view, dashboard: publicDashboard };

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('public page', () => {
  it('shows the dashboard read-only with the public banner and a link to the provider, and no card menu', async () => {
    const requests = stubNetwork((key) =>
      key === `GET /api/v1/public/dashboards/${DASHBOARD_ID}` ? { status: 200, body: publicView } : undefined,
    );
    renderDashboards(`/public/dashboards/${DASHBOARD_ID}`);
    await waitFor(() => expect(currentLocation()).toBe(`/public/dashboards/${DASHBOARD_ID}/tabs/${T1}`));
    expect(screen.getByText('This dashboard is public: anyone with the link can view it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Made with Tessera' }).getAttribute('href')).toBe('/');
    // The card grid renders in a transition after the header (CardGrid); an unmapped card says nothing
    // addressed to editors or members to a visitor (no lock, no 'Owner has not mapped data').
    expect(await screen.findByText('Top row')).toBeTruthy();
    expect(screen.queryByText('Owner has not mapped data')).toBeNull();
    expect(screen.queryByText('You cannot add a visualization to a card with read only permission')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Card menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Menu of tab/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy Public Link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show Datasets' })).toBeNull();
    expect(requests.every((r) => r.url.startsWith('/api/v1/public/'))).toBe(true);
  });

  it('says the dashboard is not available when the server does not answer it', async () => {
    stubNetwork(() => undefined);
    renderDashboards(`/public/dashboards/report/${DASHBOARD_ID}/tabs/${T1}`);
    expect(await screen.findByText('This dashboard is not available.')).toBeTruthy();
  });
});

describe('preview page', () => {
  it('presents the preview token and draws only the cards of the first rows, then marks itself ready', async () => {
    const requests = stubNetwork((key) =>
      key === `GET /api/v1/public/dashboards/${DASHBOARD_ID}?previewToken=tok-1`
        ? { status: 200, body: publicView }
        : undefined,
    );
    const { container } = renderPreview(
      `/preview/projects/${PROJECT_ID}/dashboards/${DASHBOARD_ID}/tabs/${T1}?previewToken=tok-1`,
    );
    await waitFor(() => expect(container().querySelector(`[${PREVIEW_READY_ATTRIBUTE}="true"]`)).not.toBeNull());
    expect(screen.getByText('Top row')).toBeTruthy();
    expect(screen.queryByText('Far below')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(requests.map((r) => r.url)).toEqual([`/api/v1/public/dashboards/${DASHBOARD_ID}?previewToken=tok-1`]);
  });

  it('draws an empty tab without anything addressed to editors (the list image of a new dashboard)', async () => {
    const empty = makeView('Dashboard', [makeTab(T1, { name: 'Overview' })], []);
    const { user: _u, preview: _p, ...emptyDashboard } = empty.dashboard;
    stubNetwork(() => ({ status: 200, body: { ...empty, dashboard: emptyDashboard } }));
    const { container } = renderPreview(
      `/preview/projects/${PROJECT_ID}/dashboards/${DASHBOARD_ID}/tabs/${T1}?previewToken=tok-3`,
    );
    await waitFor(() => expect(container().querySelector(`[${PREVIEW_READY_ATTRIBUTE}="true"]`)).not.toBeNull());
    expect(await screen.findByText('No cards have been added yet.')).toBeTruthy();
    expect(screen.queryByText('Without edit access, you are not able to add cards')).toBeNull();
  });

  it('keeps the token when it goes to the report path', async () => {
    stubNetwork(() => ({ status: 200, body: { ...publicView, dashboard: { ...publicDashboard, type: 'Report' } } }));
    renderPreview(`/preview/projects/${PROJECT_ID}/dashboards/${DASHBOARD_ID}/tabs/${T1}?previewToken=tok-2`);
    await waitFor(() =>
      expect(currentLocation()).toBe(
        `/preview/projects/${PROJECT_ID}/dashboards/report/${DASHBOARD_ID}/tabs/${T1}?previewToken=tok-2`,
      ),
    );
  });
});

function renderPreview(path: string) {
  renderDashboards(path);
  return { container: () => document.body };
}
