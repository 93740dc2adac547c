import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { openMenu, stubNetwork } from '../../../ui/testing.tsx';
import {
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

/** Rain by month (6x3 at the top left) and Stock (6x3 beside it); the layout's saves are answered as sent. */
function serve() {
  const units = [makeUnit(U1, T1, { name: 'Rain by month' }), makeUnit(U2, T1, { name: 'Stock' })];
  const layout = [layoutItem(U1, 0, 0, 6, 3), layoutItem(U2, 6, 0, 6, 3)];
  const tab = makeTab(T1, { units: [U1, U2], layout });
  const view = makeView('Dashboard', [tab], units);
  const requests = stubNetwork((key) => {
    if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}`) return { status: 200, body: view };
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
    if (key === `PUT /api/v1/tabs/${T1}`) {
      const sent = requests.filter((r) => r.method === 'PUT').at(-1)?.body as { layout: unknown };
      return { status: 200, body: { ...tab, layout: sent.layout } };
    }
    return undefined;
  });
  return requests;
}

/** The last layout saved, as "x,y wxh" by card. */
function lastSaved(requests: ReturnType<typeof serve>) {
  const put = requests.filter((r) => r.method === 'PUT').at(-1);
  const saved = (put?.body as { layout: Array<{ i: string; x: number; y: number; w: number; h: number }> })?.layout;
  return Object.fromEntries((saved ?? []).map(({ i, x, y, w, h }) => [i, `${x},${y} ${w}x${h}`]));
}

/** Waits for the layout to be saved (after the grid's pause) as `expected`. */
const saved = (requests: ReturnType<typeof serve>, expected: Record<string, string>) =>
  waitFor(() => expect(lastSaved(requests)).toEqual(expected), { timeout: 3000 });

const status = () => screen.getAllByRole('status').map((node) => node.textContent?.trim());

describe('layout by keyboard', () => {
  it('moves the focused card one column right with an arrow key, announces it and saves it as a drag would', async () => {
    const requests = serve();
    renderDashboards(path);
    const handle = await screen.findByRole('button', { name: 'Move Rain by month' });
    handle.focus();
    await userEvent.keyboard('{ArrowRight}');
    // Stock is pushed below, as when Rain by month is dragged over it.
    await saved(requests, { [U1]: '1,0 6x3', [U2]: '6,3 6x3' });
    expect(status()).toContain('Rain by month moved to column 2, row 1');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Rain by month' }));
    expect(screen.getByRole('button', { name: 'Move Rain by month' }).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('resizes with Shift and an arrow key, and keeps a card inside the grid at its edges', async () => {
    const requests = serve();
    renderDashboards(path);
    (await screen.findByRole('button', { name: 'Move Stock' })).focus();
    // Stock touches the right edge: it neither moves nor grows further right; it grows one row taller.
    await userEvent.keyboard('{ArrowRight}{Shift>}{ArrowRight}{/Shift}');
    expect(status()).toContain('Stock resized to 6 columns by 3 rows');
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(status()).toContain('Stock resized to 6 columns by 4 rows');
    await saved(requests, { [U1]: '0,0 6x3', [U2]: '6,0 6x4' });
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    await saved(requests, { [U1]: '0,0 6x3', [U2]: '6,0 5x4' });
  });

  it('reads the announcements in French', async () => {
    await i18n.changeLanguage('fr');
    serve();
    renderDashboards(path);
    (await screen.findByRole('button', { name: 'Déplacer Rain by month' })).focus();
    await userEvent.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(status()).toContain('Carte « Rain by month » redimensionnée à 6 colonnes sur 2 lignes');
  });

  it('moves and resizes from the card menu with buttons, the focus going back to the menu button', async () => {
    const requests = serve();
    renderDashboards(path);
    await screen.findByRole('button', { name: 'Move Rain by month' });
    await openMenu('Card menu');
    const menuButton = screen.getAllByRole('button', { name: 'Card menu' })[0] as HTMLElement;
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Rain by month' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Right' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Column 2, row 1');
    // Stock was pushed below it; Down trades places with Stock.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Down' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Column 2, row 4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openMenu('Card menu');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Resize' }));
    const sizing = await screen.findByRole('dialog', { name: 'Resize Rain by month' });
    await userEvent.click(within(sizing).getByRole('button', { name: 'Wider' }));
    expect(within(sizing).getByRole('status').textContent).toBe('7 columns by 3 rows');
    await saved(requests, { [U1]: '1,3 7x3', [U2]: '6,0 6x3' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });

  it('gives readers no move handle and no Move or Resize items', async () => {
    serve();
    renderDashboards(path, { roles: VIEWER });
    await screen.findAllByText('Rain by month');
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });
});
