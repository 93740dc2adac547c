import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  VIEWER,
} from '../testSupport.tsx';

const T1 = hexId('b1');
const [U1, U2] = [hexId('c1'), hexId('c2')];
const path = `/projects/${PROJECT_ID}/dashboards/${DASHBOARD_ID}/tabs/${T1}`;

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** One tab with a card of no type (3 rows high) and, optionally, a typed one. */
function serve(h = 3, more: Record<string, { status: number; body?: unknown }> = {}, typed = false) {
  const units = [makeUnit(U1, T1, { name: 'Sales' })];
  const layout = [layoutItem(U1, 0, 0, 12, h)];
  if (typed) {
    units.push(makeUnit(U2, T1, { name: 'Stock', type: 'table' }));
    layout.push(layoutItem(U2, 0, h, 6, 3));
  }
  const view = makeView('Dashboard', [makeTab(T1, { units: units.map((u) => u._id), layout })], units);
  return stubNetwork((key) => {
    if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}`) return { status: 200, body: view };
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
    return more[key];
  });
}

describe('the type chooser by permission', () => {
  it('offers editors KPI, Chart and Table with its title and subtitle; choosing sets the type and opens the mapping', async () => {
    const requests = serve(3, {
      [`PUT /api/v1/units/${U1}`]: { status: 200, body: makeUnit(U1, T1, { name: 'Sales', type: 'chart' }) },
    });
    renderDashboards(path);
    expect(await screen.findByText('Map data or models to a visualization')).toBeTruthy();
    expect(screen.getByText('Press one of the visualization types below to begin')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'KPI' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Table' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Chart' }));
    await waitFor(() =>
      expect(currentLocation()).toBe(`/projects/${PROJECT_ID}/units/${U1}/mapping?tab=${T1}&type=chart`),
    );
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ type: 'chart' });
  });

  it('tells read-only members that the owner has not mapped data, with no choice and no card menu', async () => {
    serve();
    renderDashboards(path, { roles: VIEWER });
    expect(await screen.findByText('Owner has not mapped data')).toBeTruthy();
    expect(screen.getByText('You cannot add a visualization to a card with read only permission')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'KPI' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Card menu' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Card name' })).toBeNull();
    expect(screen.getByText('Sales')).toBeTruthy();
  });

  it('hides the texts on a card 2 rows high or less, for editors and readers alike', async () => {
    serve(2);
    renderDashboards(path);
    expect(await screen.findByRole('button', { name: 'KPI' })).toBeTruthy();
    expect(screen.queryByText('Map data or models to a visualization')).toBeNull();
    cleanup();
    serve(2);
    renderDashboards(path, { roles: VIEWER });
    await screen.findByText('Sales');
    expect(screen.queryByText('Owner has not mapped data')).toBeNull();
  });
});

describe('the card header and menu', () => {
  it('offers Beta Card Types only on a card with no type, and deletes after the confirmation', async () => {
    const requests = serve(
      3,
      {
        [`DELETE /api/v1/tabs/${T1}/units/${U2}`]: {
          status: 200,
          body: { tab: makeTab(T1, { units: [U1], layout: [layoutItem(U1, 0, 0, 12, 3)] }) },
        },
      },
      true,
    );
    renderDashboards(path);
    const [untyped, typed] = await screen.findAllByRole('button', { name: 'Card menu' });
    await userEvent.click(untyped);
    expect(await screen.findByRole('menuitem', { name: 'Beta Card Types' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(typed);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit Description', 'Duplicate', 'Move', 'Resize', 'Download PNG', 'Delete']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Delete this card?')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByDisplayValue('Stock')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([`/api/v1/tabs/${T1}/units/${U2}`]);
  });

  it('shows a typed card its type’s empty placeholder and the edit icon opening its mapping', async () => {
    serve(3, {}, true);
    renderDashboards(path);
    expect(await screen.findByText('Drag and drop columns to add them to your table.')).toBeTruthy();
    expect(screen.getByText('Click the edit button on the card to finish creating it.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(currentLocation()).toBe(`/projects/${PROJECT_ID}/units/${U2}/mapping?tab=${T1}&type=table`);
  });

  it('saves a renamed card when leaving its name', async () => {
    const requests = serve(3, {
      [`PUT /api/v1/units/${U1}`]: { status: 200, body: makeUnit(U1, T1, { name: 'Sales by month' }) },
    });
    renderDashboards(path);
    const name = await screen.findByRole('textbox', { name: 'Card name' });
    await userEvent.type(name, ' by month{Enter}');
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'Sales by month' }));
  });
});

describe('new card defaults', () => {
  it('adds 12x3 at the top of an empty dashboard tab', async () => {
    const view = makeView('Dashboard', [makeTab(T1)]);
    const requests = stubNetwork((key) => {
      if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}`) return { status: 200, body: view };
      if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
      if (key === `POST /api/v1/tabs/${T1}/units`) {
        return {
          status: 200,
          body: { tab: makeTab(T1, { units: [U1], layout: [layoutItem(U1, 0, 0, 12, 3)] }), unit: makeUnit(U1, T1) },
        };
      }
    });
    renderDashboards(path);
    expect(await screen.findByText('Add some cards to get started')).toBeTruthy();
    expect(screen.getByText('Click the button and a card will appear')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    expect(await screen.findByText('Map data or models to a visualization')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      layoutItem: { x: 0, y: 0, w: 12, h: 3, moved: false, static: false },
    });
  });

  it('adds 6x3 at x6,y3 in an empty report section', async () => {
    const view = makeView('Report', [makeTab(T1, { name: 'Summary' })]);
    const requests = stubNetwork((key) => {
      if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}`) return { status: 200, body: view };
      if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
      if (key === `POST /api/v1/tabs/${T1}/units`)
        return { status: 500, body: { error: { code: 'internal', message: 'x' } } };
    });
    renderDashboards(`/projects/${PROJECT_ID}/dashboards/report/${DASHBOARD_ID}/tabs/${T1}`);
    const section = await screen.findByRole('region', { name: 'Summary' });
    await userEvent.click(within(section).getByRole('button', { name: 'Add Card' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        layoutItem: { x: 6, y: 3, w: 6, h: 3, moved: false, static: false },
      }),
    );
  });

  it('tells view-only members of an empty tab that they cannot add cards', async () => {
    const view = makeView('Dashboard', [makeTab(T1)]);
    stubNetwork((key) => {
      if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}`) return { status: 200, body: view };
      if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
    });
    renderDashboards(path, { roles: VIEWER });
    expect(await screen.findByText('No cards have been added yet.')).toBeTruthy();
    expect(screen.getByText('Without edit access, you are not able to add cards')).toBeTruthy();
  });
});

describe('focus after the mapping editor', () => {
  it("gives the focus to the saved card's Edit button when the editor comes back to the dashboard", async () => {
    serve(3, {}, true);
    renderDashboards({ pathname: path, state: { focusCard: U2 } });
    const stock = await screen.findByTestId(`card-${U2}`);
    const edit = await within(stock).findByRole('button', { name: 'Edit' });
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });
});
