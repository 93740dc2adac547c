import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { stubNetwork } from '../../../ui/testing.tsx';
import { hexId, makeDashboard, PROJECT_ID, renderDashboards, VIEWER } from '../testSupport.tsx';

const list = `GET /api/v1/dashboards?projectId=${PROJECT_ID}`;
const path = `/projects/${PROJECT_ID}/dashboards`;
const old = (name: string, n: string, day: string, more = {}) =>
  makeDashboard({ _id: hexId(n), name, timeCreated: `2024-01-${day}T00:00:00.000Z`, tabs: [hexId(`${n}0`)], ...more });
const apps = [
  old('Alpha costs', 'a1', '01'),
  old('Beta revenue', 'a2', '03', { type: 'Report' }),
  old('Gamma stock', 'a3', '02', { preview: { url: '/api/v1/dashboards/x/preview.png?v=1', status: 'ready' } }),
];

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function serve(more: Record<string, { status: number; body?: unknown }> = {}) {
  return stubNetwork((key) => {
    if (key === list) return { status: 200, body: apps };
    if (key.endsWith('/preview')) return { status: 200, body: { url: null, status: 'pending' } };
    if (key.startsWith('GET /api/v1/dashboards/x/preview.png')) return { status: 200, body: 'png' };
    return more[key];
  });
}

const names = () => screen.getAllByRole('link', { name: /^Open / }).map((a) => a.getAttribute('aria-label'));

describe('data apps list', () => {
  it('shows the cards newest first, each opening its first tab (report path for reports); Search Apps filters', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    serve();
    renderDashboards(path);
    await screen.findByText('Beta revenue');
    expect(names()).toEqual(['Open Beta revenue', 'Open Gamma stock', 'Open Alpha costs']);
    expect(screen.getByRole('link', { name: 'Open Beta revenue' }).getAttribute('href')).toBe(
      `/projects/${PROJECT_ID}/dashboards/report/${hexId('a2')}/tabs/${hexId('a20')}`,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Apps' }), 'gamma');
    expect(names()).toEqual(['Open Gamma stock']);
  });

  it('shows the image once known, and asks for the others while showing "Generating preview..."', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    localStorage.setItem('accessToken', 'token-1');
    const requests = serve();
    renderDashboards(path);
    expect(await screen.findByRole('img', { name: 'Preview of Gamma stock' })).toBeTruthy();
    expect(screen.getAllByText('Generating preview...')).toHaveLength(2);
    const image = requests.find((r) => r.url.includes('preview.png'));
    expect(image?.authorization).toBe('Bearer token-1');
    expect(
      requests
        .filter((r) => r.url.endsWith('/preview'))
        .map((r) => r.url)
        .sort(),
    ).toEqual([`/api/v1/dashboards/${hexId('a1')}/preview`, `/api/v1/dashboards/${hexId('a2')}/preview`]);
  });

  it('shows a description longer than two lines with Show more for the rest, and Show less (en, fr)', async () => {
    const long = 'Weekly revenue by region, with the margin of each product line and the stock left. '.repeat(3);
    const described = [
      makeDashboard({ _id: hexId('d1'), name: 'Long', description: long, tabs: [hexId('d10')] }),
      makeDashboard({ _id: hexId('d2'), name: 'Short', description: 'One line', tabs: [hexId('d20')] }),
    ];
    // jsdom lays nothing out: each description measures 22 px a line of 50 characters, as a 280 px card shows it.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe(node: Element) {
          const blockSize = 22 * Math.ceil((node.textContent ?? '').length / 50);
          const entry = { target: node, borderBoxSize: [{ inlineSize: 280, blockSize }], contentRect: {} };
          this.report([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    stubNetwork((key) => (key === list ? { status: 200, body: described } : undefined));
    const user = userEvent.setup({ delay: null });
    for (const [language, more, less] of [
      ['en', 'Show more', 'Show less'],
      ['fr', 'Afficher plus', 'Afficher moins'],
    ]) {
      await i18n.changeLanguage(language);
      renderDashboards(path);
      const show = await screen.findByRole('button', { name: more });
      expect(screen.getAllByRole('button', { name: more }), 'the one-line description has none').toHaveLength(1);
      expect(screen.getByText(long.trim()).closest('[data-has-spoiler]')).toBeTruthy();
      await user.click(show);
      expect(screen.getByRole('button', { name: less }).getAttribute('aria-expanded')).toBe('true');
      cleanup();
    }
  });

  it("shows 'New dashboard' for a data app created under 10 s ago, without asking for its image", async () => {
    const fresh = makeDashboard({ _id: hexId('f1'), name: 'Fresh', timeCreated: new Date().toISOString() });
    const requests = stubNetwork((key) => (key === list ? { status: 200, body: [fresh] } : undefined));
    renderDashboards(path);
    expect(await screen.findByText('New dashboard')).toBeTruthy();
    expect(requests.some((r) => r.url.includes('/preview'))).toBe(false);
  });

  it('creates a data app with a required App Name, a description and the Report layout', async () => {
    const created = makeDashboard({ _id: hexId('e1'), name: 'Quarterly', type: 'Report' });
    const requests = serve({ 'POST /api/v1/dashboards': { status: 200, body: created } });
    renderDashboards(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Data App' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /App Name/ }), 'Quarterly');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Q3');
    await userEvent.click(within(dialog).getByText('Report'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { projectId: PROJECT_ID, name: 'Quarterly', description: 'Q3', type: 'Report', tabName: 'Section 1' },
    ]);
  }, 15_000);

  it('names the first tab of a new dashboard in French for a French user ("Onglet 1")', async () => {
    await i18n.changeLanguage('fr');
    const created = makeDashboard({ _id: hexId('e2'), name: 'Ventes' });
    const requests = serve({ 'POST /api/v1/dashboards': { status: 200, body: created } });
    renderDashboards(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Créer une application de données' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nom de l'application/ }), 'Ventes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { projectId: PROJECT_ID, name: 'Ventes', description: '', type: 'Dashboard', tabName: 'Onglet 1' },
    ]);
  }, 15_000);

  it('gives editors the card menu, and deletes a data app once its name is typed', async () => {
    const requests = serve({ [`DELETE /api/v1/dashboards/${hexId('a1')}`]: { status: 200, body: { ok: true } } });
    renderDashboards(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Menu of Alpha costs' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Data App Settings', 'Duplicate Dashboard', 'Update Dashboard Preview', 'Delete Dashboard']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete Dashboard' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Delete' });
    const typed = within(dialog).getByRole('textbox', { name: 'Type Alpha costs to confirm' });
    await userEvent.type(typed, 'Alpha');
    expect(within(dialog).getByText('Does not match')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(typed, ' costs');
    await userEvent.click(submit);
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('saves Data App Settings: name, description, the three display flags and cross-filtering', async () => {
    const requests = serve({
      [`PUT /api/v1/dashboards/${hexId('a1')}`]: { status: 200, body: apps[0] },
    });
    renderDashboards(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Menu of Alpha costs' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Data App Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Dashboard' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Hide Model Bar' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Hide Filters' }));
    // Cross-filtering is on unless turned off: the switch starts on, and turns it off.
    const cross = within(dialog).getByRole('switch', { name: /^Cross-filtering/ });
    expect((cross as HTMLInputElement).checked).toBe(true);
    await userEvent.click(cross);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Alpha costs',
      description: '',
      display: { hide: { hideCommandBar: true, hideDashboardColors: false, hideFilters: true }, crossFilters: false },
    });
  });

  it('offers view-only members neither Create Data App nor the card menu', async () => {
    serve();
    renderDashboards(path, { roles: VIEWER });
    await screen.findByText('Alpha costs');
    expect(screen.queryByRole('button', { name: 'Create Data App' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Menu of/ })).toBeNull();
  });
});
