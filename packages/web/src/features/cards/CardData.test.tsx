import { PREVIEW_READY_ATTRIBUTE, type UnitData } from '@tessera/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editDashboardCache, upsertTab } from '../../api/dashboards.ts';
import { applyUnitDataEvent } from '../../api/units.ts';
import i18n from '../../i18n/index.ts';
import { type RecordedRequest, stubNetwork } from '../../ui/testing.tsx';
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
} from '../dashboards/testSupport.tsx';

/**
 * Cards that fetch and show their data, through the dashboard screen with the network answered at fetch: the
 * request each card sends (tab, page, body orderBy), the render order's placeholders, the KPI and table views,
 * the table's sort cycle and page jump, and Download as CSV.
 */

const T1 = hexId('b1');
const U1 = hexId('c1');
const [F_REGION, F_AMOUNT] = [hexId('f1'), hexId('f2')];
const DATASET = hexId('d1');
const path = `/projects/${PROJECT_ID}/dashboards/${DASHBOARD_ID}/tabs/${T1}`;
const dataKey = `POST /api/v1/units/${U1}/data`;

const feature = (id: string) => ({ _id: id, dataset: { _id: DATASET } });
const features: UnitData['features'] = [
  { _id: F_REGION, name: 'region', type: 'category', precision: null, dataset: { _id: DATASET } },
  { _id: F_AMOUNT, name: 'amount', type: 'number', precision: null, dataset: { _id: DATASET } },
];

const tableUnit = makeUnit(U1, T1, {
  name: 'Sales rows',
  type: 'table',
  vis: {
    table: [
      { id: 'c-region', feature: feature(F_REGION) },
      { id: 'c-amount', feature: feature(F_AMOUNT) },
    ],
    filters: [],
  },
});

function tablePage(page: number, total: number): UnitData {
  return {
    data: [
      { 'c-region': `North ${page}`, 'c-amount': 1234.5 },
      { 'c-region': `South ${page}`, 'c-amount': 1000000 },
    ],
    series: [
      {
        id: 'c-region',
        role: 'table',
        axis: 0,
        featureId: F_REGION,
        operation: '',
        valueType: 'category',
        label: 'region',
      },
      {
        id: 'c-amount',
        role: 'table',
        axis: 0,
        featureId: F_AMOUNT,
        operation: '',
        valueType: 'number',
        label: 'amount',
      },
    ],
    features,
    pages: {
      current: page,
      total,
      hasNext: page < total,
      hasPrev: page > 1,
      next: page < total ? page + 1 : null,
      prev: page > 1 ? page - 1 : null,
    },
    jobId: hexId('e1'),
    error: null,
  };
}

function serve(
  unit: ReturnType<typeof makeUnit>,
  data: (url: string) => { status: number; body?: unknown },
  more = {},
) {
  const view = makeView('Dashboard', [makeTab(T1, { units: [U1], layout: [layoutItem(U1, 0, 0, 12, 4)] })], [unit]);
  const extra = more as Record<string, { status: number; body?: unknown }>;
  return stubNetwork((key) => {
    if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}`) return { status: 200, body: view };
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
    if (key.startsWith(dataKey)) return data(key);
    return extra[key];
  });
}

const dataRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url.startsWith(`/api/v1/units/${U1}/data`));
/** The dashboard screen loads lazily: on a busy machine the first card can take a few seconds. */
const SLOW = { timeout: 8000 };
const pageOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('page') ?? '0');

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a table card', () => {
  it('asks for its tab’s first page, heads columns by feature name and formats numbers', async () => {
    const requests = serve(tableUnit, (url) => ({ status: 200, body: tablePage(pageOf(url), 3) }));
    renderDashboards(path);
    const table = await screen.findByRole('table', { name: 'Rows of Sales rows' }, SLOW);
    expect(await within(table).findByText('North 1')).toBeTruthy();
    // One number of decimals for the column: the integer beside 1,234.50 shows its two decimals too.
    expect(within(table).getByText('1,234.50')).toBeTruthy();
    expect(within(table).getByText('1,000,000.00')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Sort by region' })).toBeTruthy();
    const [first] = dataRequests(requests);
    expect(first?.url).toBe(`/api/v1/units/${U1}/data?tabId=${T1}&page=1`);
    // The dashboard's and the tab's filters in force (none here) go with every request.
    expect(first?.body).toEqual({ filters: [] });
  });

  it('a cell click cross-filters by its value (a chip), highlights its row; shift adds; by keyboard too', async () => {
    serve(tableUnit, (url) => ({ status: 200, body: tablePage(pageOf(url), 3) }));
    renderDashboards(path);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Rows of Sales rows' }, SLOW);
    const cell = (name: string) => within(table).getByRole('button', { name });
    const pressed = (name: string) => cell(name).getAttribute('aria-pressed');
    await user.click(await within(table).findByRole('button', { name: 'South 1' }));
    const chip = await screen.findByTestId('cross-filter-chip');
    expect(chip.textContent).toContain('South 1');
    expect(chip.textContent).toContain('Sales rows');
    expect([pressed('South 1'), pressed('North 1')]).toEqual(['true', 'false']);
    // Shift adds a value.
    await user.keyboard('{Shift>}');
    await user.click(cell('North 1'));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect([pressed('South 1'), pressed('North 1')]).toEqual(['true', 'true']));
    expect(screen.getByTestId('cross-filter-chip').textContent).toContain('North 1');
    // By keyboard: Enter on a focused cell selects its value alone, and again removes it.
    cell('North 1').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect([pressed('South 1'), pressed('North 1')]).toEqual(['false', 'true']));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('cross-filter-chip')).toBeNull());
    expect(pressed('North 1')).toBe('false');
  });

  it('cycles the sort none, ascending, descending, none on header clicks, each from page 1', async () => {
    const requests = serve(tableUnit, (url) => ({ status: 200, body: tablePage(pageOf(url), 3) }));
    renderDashboards(path);
    await screen.findByText('North 1', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('North 2', {}, SLOW);
    const amount = screen.getByRole('button', { name: 'Sort by amount' });
    await userEvent.click(amount);
    await waitFor(() => expect(dataRequests(requests)).toHaveLength(3));
    await userEvent.click(amount);
    await waitFor(() => expect(dataRequests(requests)).toHaveLength(4));
    await userEvent.click(amount);
    // Back to no sort on page 1: that answer is cached already, no new request.
    await screen.findByText('North 1', {}, SLOW);
    const sent = dataRequests(requests).map((r) => ({
      page: pageOf(r.url),
      orderBy: (r.body as { orderBy?: unknown }).orderBy,
    }));
    expect(sent).toEqual([
      { page: 1, orderBy: undefined },
      { page: 2, orderBy: undefined },
      { page: 1, orderBy: [{ id: 'c-amount', value: F_AMOUNT, type: 'ASC', nulls: 'last' }] },
      { page: 1, orderBy: [{ id: 'c-amount', value: F_AMOUNT, type: 'DESC', nulls: 'last' }] },
    ]);
    expect(screen.getByRole('columnheader', { name: /amount/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('clamps the page jump: below 1 goes to page 1, above the total to the last page', async () => {
    const requests = serve(tableUnit, (url) => ({ status: 200, body: tablePage(pageOf(url), 5) }));
    renderDashboards(path);
    await screen.findByText('North 1', {}, SLOW);
    const jump = screen.getByRole('textbox', { name: 'Go to page' });
    await userEvent.clear(jump);
    await userEvent.type(jump, '42{Enter}');
    expect(await screen.findByText('North 5', {}, SLOW)).toBeTruthy();
    expect((jump as HTMLInputElement).value).toBe('5');
    await userEvent.clear(jump);
    await userEvent.type(jump, '-4{Enter}');
    expect(await screen.findByText('North 1', {}, SLOW)).toBeTruthy();
    expect((jump as HTMLInputElement).value).toBe('1');
    expect(dataRequests(requests).map((r) => pageOf(r.url))).toEqual([1, 5]);
  });

  it('keeps the shown page when the next one fails (temporary data: failure changes nothing)', async () => {
    serve(tableUnit, (url) =>
      pageOf(url) === 2
        ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } }
        : { status: 200, body: tablePage(pageOf(url), 3) },
    );
    renderDashboards(path);
    await screen.findByText('North 1', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.queryAllByTestId('table-loading-row')).toHaveLength(0));
    expect(screen.getByText('North 1')).toBeTruthy();
    expect(
      screen.queryByText(
        'An error occurred when fetching data. Please make sure the configuration of this card is correct.',
      ),
    ).toBeNull();
  });
});

describe('placeholders of the render order', () => {
  it('shows the answer’s error code as its placeholder', async () => {
    serve(tableUnit, () => ({
      status: 200,
      body: { ...tablePage(1, 1), data: [], pages: null, error: { code: 'feature-deleted', message: 'gone' } },
    }));
    renderDashboards(path);
    expect(await screen.findByText('The dataset used in this card could not be found.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('No dataset')).toBeTruthy();
  });

  it('shows Error for a failed request and No data for an empty answer', async () => {
    serve(tableUnit, () => ({ status: 500, body: { error: { code: 'internal', message: 'boom' } } }));
    renderDashboards(path);
    expect(
      await screen.findByText(
        'An error occurred when fetching data. Please make sure the configuration of this card is correct.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    cleanup();
    serve(tableUnit, () => ({ status: 200, body: { ...tablePage(1, 1), data: [] } }));
    renderDashboards(path);
    expect(await screen.findByText('No data was found.', {}, SLOW)).toBeTruthy();
  });
});

describe('a KPI card', () => {
  it('shows each KPI’s formatted value, its label (feature and operation) and unit of measure', async () => {
    const kpi = makeUnit(U1, T1, {
      name: 'Totals',
      type: 'kpi',
      vis: {
        kpi: [
          { id: 'k1', feature: feature(F_AMOUNT), operation: 'sum', unitOfMeasure: '€' },
          { id: 'k2', feature: feature(F_REGION), operation: 'distinctCount', label: 'Regions' },
        ],
        filters: [],
      },
    });
    serve(kpi, () => ({
      status: 200,
      body: {
        data: { k1: 98765.4321, k2: 4 },
        series: [
          {
            id: 'k1',
            role: 'kpi',
            axis: 0,
            featureId: F_AMOUNT,
            operation: 'sum',
            valueType: 'number',
            label: 'amount',
          },
          {
            id: 'k2',
            role: 'kpi',
            axis: 0,
            featureId: F_REGION,
            operation: 'distinctCount',
            valueType: 'number',
            label: 'region',
          },
        ],
        features,
        pages: null,
        jobId: null,
        error: null,
      } satisfies UnitData,
    }));
    renderDashboards(path);
    const first = await screen.findByTestId('kpi-k1', {}, SLOW);
    expect(within(first).getByText('amount (sum)')).toBeTruthy();
    expect(within(first).getByTestId('kpi-value').textContent).toBe('98,765.43€');
    expect(within(screen.getByTestId('kpi-k2')).getByText('Regions')).toBeTruthy();
    expect(within(screen.getByTestId('kpi-k2')).getByTestId('kpi-value').textContent).toBe('4');
  });
});

describe('Download as CSV', () => {
  it('saves the server’s CSV under its file name, and is offered to readers of a table card', async () => {
    const csv = 'region,amount\nNorth,1234.5\n';
    const requests = serve(tableUnit, (url) => ({ status: 200, body: tablePage(pageOf(url), 1) }), {
      [`GET /api/v1/units/${U1}/download?tabId=${T1}`]: {
        status: 200,
        body: { data: csv, fileName: 'sales-rows-2024.csv' },
      },
    });
    const blobs: Blob[] = [];
    const saved: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    };
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderDashboards(path, { roles: VIEWER });
    await screen.findByText('North 1', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Card menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View rows', 'Download as CSV', 'Download PNG']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Download as CSV' }));
    await waitFor(() => expect(saved).toEqual(['sales-rows-2024.csv']));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0] as Blob);
    });
    expect(text).toBe(csv);
    expect(requests.some((r) => r.url === `/api/v1/units/${U1}/download?tabId=${T1}`)).toBe(true);
    click.mockRestore();
  });
});

describe('View rows from the card menu', () => {
  it('gives the focus back to the card menu’s button once closed (the menu item is gone)', async () => {
    serve(tableUnit, (url) => ({ status: 200, body: tablePage(pageOf(url), 1) }));
    renderDashboards(path, { roles: VIEWER });
    await screen.findByText('North 1', {}, SLOW);
    const menuButton = screen.getByRole('button', { name: 'Card menu' });
    await userEvent.click(menuButton);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'View rows' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });
});

describe('refetch triggers', () => {
  it('refetches with the filters in force when they change, back on page 1', async () => {
    const requests = serve(tableUnit, (url) => ({ status: 200, body: tablePage(pageOf(url), 3) }));
    const { client } = renderDashboards(path);
    await screen.findByText('North 1', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('North 2', {}, SLOW);
    const north = {
      _id: 'flt1',
      type: 'category' as const,
      operation: 'equal' as const,
      value: ['North'],
      feature: { id: F_REGION },
    };
    editDashboardCache(
      client,
      DASHBOARD_ID,
      upsertTab(makeTab(T1, { units: [U1], layout: [layoutItem(U1, 0, 0, 12, 4)], filters: [north] })),
    );
    await waitFor(() => expect(dataRequests(requests)).toHaveLength(3));
    const last = dataRequests(requests)[2];
    expect(pageOf(last?.url ?? '')).toBe(1);
    expect(last?.body).toEqual({ filters: [north] });
    // An invalid filter (no category chosen) is not sent: nothing changes, no request.
    const incomplete = { ...north, _id: 'flt2', value: [] };
    editDashboardCache(
      client,
      DASHBOARD_ID,
      upsertTab(makeTab(T1, { units: [U1], layout: [layoutItem(U1, 0, 0, 12, 4)], filters: [north, incomplete] })),
    );
    await screen.findByText('North 1', {}, SLOW);
    expect(dataRequests(requests)).toHaveLength(3);
  });

  it('refetches the cards reading a dataset when rows are appended to it, not for another dataset', async () => {
    const requests = serve(tableUnit, (url) => ({ status: 200, body: tablePage(pageOf(url), 1) }));
    const { client } = renderDashboards(path);
    await screen.findByText('North 1', {}, SLOW);
    applyUnitDataEvent('dataset:updated', { _id: hexId('d9'), reason: 'appended' }, client);
    applyUnitDataEvent('dataset:updated', { _id: DATASET, reason: 'updated' }, client);
    applyUnitDataEvent('dataset:updated', { _id: DATASET, reason: 'appended' }, client);
    await waitFor(() => expect(dataRequests(requests)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dataRequests(requests)).toHaveLength(2);
  });
});

describe('the preview page (the list image)', () => {
  it('is marked ready only once its cards’ data has answered, asked with the preview token', {
    timeout: 20_000,
  }, async () => {
    let release: () => void = () => {};
    // The public cards come in one batch, a line per card (here the one line of the one card).
    const held = new Promise<{ status: number; body: unknown }>((resolve) => {
      release = () => resolve({ status: 200, body: { index: 0, data: tablePage(1, 1) } });
    });
    const view = makeView(
      'Dashboard',
      [makeTab(T1, { units: [U1], layout: [layoutItem(U1, 0, 0, 12, 3)] })],
      [tableUnit],
    );
    const requests = stubNetwork((key) => {
      if (key === `GET /api/v1/public/dashboards/${DASHBOARD_ID}?previewToken=tok`)
        return { status: 200, body: { ...view, features } };
      if (key === `POST /api/v1/public/dashboards/${DASHBOARD_ID}/units/data?previewToken=tok`) return held as never;
    });
    renderDashboards(`/preview/projects/${PROJECT_ID}/dashboards/${DASHBOARD_ID}/tabs/${T1}?previewToken=tok`);
    const ready = () => document.querySelector(`[${PREVIEW_READY_ATTRIBUTE}="true"]`);
    await waitFor(() => expect(requests.some((r) => r.url.includes('/units/'))).toBe(true), SLOW);
    const batch = requests.find((r) => r.url.includes('/units/'));
    expect(batch?.url).toBe(`/api/v1/public/dashboards/${DASHBOARD_ID}/units/data?previewToken=tok`);
    expect(batch?.body).toMatchObject({ cards: [{ unitId: U1, query: { tabId: T1, page: 1 } }] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ready()).toBeNull();
    release();
    await screen.findByText('North 1', {}, SLOW);
    await waitFor(() => expect(ready()).not.toBeNull());
  });
});
