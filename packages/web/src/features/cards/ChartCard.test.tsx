import type { UnitData } from '@tessera/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { stubNetwork } from '../../ui/testing.tsx';
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
 * A chart card for screen readers (docs/accessibility.md "Charts"), through the dashboard screen: the chart is
 * named by the card's title and described from its data, and "Show as table" in the card menu shows the data
 * as a table in place of the chart, and back, without asking the server again.
 */

const T1 = hexId('b1');
const U1 = hexId('c1');
const [F_MONTH, F_RAIN] = [hexId('f1'), hexId('f2')];
const DATASET = hexId('d1');
const path = `/projects/${PROJECT_ID}/dashboards/${DASHBOARD_ID}/tabs/${T1}`;
const feature = (id: string) => ({ _id: id, dataset: { _id: DATASET } });

const chartUnit = makeUnit(U1, T1, {
  name: 'Rain by month',
  type: 'chart',
  vis: {
    chartType: 'bar',
    independent: [{ series: [{ id: 's-month', feature: feature(F_MONTH) }] }],
    dependent: [{ series: [{ id: 's-rain', feature: feature(F_RAIN) }] }],
  },
});
const answer: UnitData = {
  data: [
    { 's-month': 'June', 's-rain': 1.5 },
    { 's-month': 'July', 's-rain': 0.5 },
    { 's-month': 'November', 's-rain': 5.5 },
  ],
  series: [
    {
      id: 's-month',
      role: 'independent',
      axis: 0,
      featureId: F_MONTH,
      operation: '',
      valueType: 'category',
      label: 'month',
    },
    { id: 's-rain', role: 'dependent', axis: 0, featureId: F_RAIN, operation: '', valueType: 'number', label: 'rain' },
  ],
  features: [
    { _id: F_MONTH, name: 'month', type: 'category', precision: null, dataset: { _id: DATASET } },
    { _id: F_RAIN, name: 'rain', type: 'number', precision: null, dataset: { _id: DATASET } },
  ],
  pages: null,
  jobId: hexId('e1'),
  error: null,
} as unknown as UnitData;

/** jsdom lays nothing out: every observed element reports 600 × 300, as a card body in a browser would. */
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const contentRect = { x: 0, y: 0, top: 0, left: 0, bottom: 300, right: 600, width: 600, height: 300 };
    queueMicrotask(() => this.callback([{ target, contentRect } as unknown as ResizeObserverEntry], this as never));
  }
  unobserve() {}
  disconnect() {}
}

/**
 * jsdom has no canvas: a 2D context that takes every drawing call and draws nothing, so that ECharts' canvas
 * renderer runs (what it paints is the Chromium journey's to check, e2e/charts.e2e.test.ts).
 */
function blankContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const noop = () => undefined;
  const measure = () => ({ width: 0, actualBoundingBoxAscent: 0, actualBoundingBoxDescent: 0 });
  return new Proxy({ canvas } as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : key === 'measureText' ? measure : noop),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

function serve(unit = chartUnit, data: UnitData = answer) {
  const view = makeView('Dashboard', [makeTab(T1, { units: [U1], layout: [layoutItem(U1, 0, 0, 12, 4)] })], [unit]);
  return stubNetwork((key) => {
    if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}`) return { status: 200, body: view };
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
    if (key.startsWith(`POST /api/v1/units/${U1}/data`)) return { status: 200, body: data };
    return undefined;
  });
}

beforeEach(() => {
  void i18n.changeLanguage('en');
  vi.stubGlobal('ResizeObserver', SizedResizeObserver);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return blankContext(this) as never;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a chart card for screen readers', () => {
  it('is named by the card title, described from its data, and shows as a table and back from its menu', async () => {
    const requests = serve();
    renderDashboards(path, { roles: VIEWER });
    const chart = await screen.findByRole('img', { name: 'Rain by month' }, { timeout: 15_000 });
    expect(
      screen.getByRole('img', {
        name: 'Rain by month',
        description: 'Bar chart of rain by month: 3 values, from 0.5 (July) to 5.50 (November).',
      }),
    ).toBe(chart);
    // Only the card's data requests count: other requests of the page (its menus' lists) may land at any time.
    const dataRequests = () => requests.filter((r) => r.url.includes(`/units/${U1}/data`)).length;
    const asked = dataRequests();

    await userEvent.click(screen.getByRole('button', { name: 'Card menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View rows', 'Show as table', 'Download as CSV', 'Download PNG', 'Set alert…']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Show as table' }));
    const table = await screen.findByRole('table', { name: 'Data of Rain by month' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['month', 'rain']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['June', 'July', 'November']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1.50', '0.5', '5.50']);
    expect(screen.queryByRole('img', { name: 'Rain by month' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Card menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Show as chart' }));
    expect(await screen.findByRole('img', { name: 'Rain by month' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Data of Rain by month' })).toBeNull();
    // The table and the chart again came from the data the card had: no request more.
    await waitFor(() => expect(dataRequests()).toBe(asked));
  });
});

describe('a chart card from the keyboard (docs/cross-filters.md "Keyboard")', () => {
  it('arrows announce an element, Enter selects it, and the menu drills into it', async () => {
    serve();
    renderDashboards(path, { roles: VIEWER });
    const chart = await screen.findByRole('img', { name: 'Rain by month' }, { timeout: 15_000 });
    await waitFor(() => expect(chart.getAttribute('tabindex')).toBe('0'));
    chart.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByTestId('chart-focus').textContent).toBe('July, rain: 0.5');
    expect(chart.getAttribute('data-focused-row')).toBe('1');
    await userEvent.keyboard('{End}');
    expect(screen.getByTestId('chart-focus').textContent).toBe('November, rain: 5.5');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('cross-filter-chip').textContent).toContain('month is November'));

    await userEvent.click(screen.getByRole('button', { name: 'Card menu' }));
    expect(await screen.findByRole('menuitem', { name: 'View rows of November' })).toBeTruthy();
  });
});

describe('radars and raw points from the keyboard (docs/cross-filters.md "Radars and raw points")', () => {
  const F_CITY = hexId('f3');
  const meta = (id: string, role: string, featureId: string, valueType: string, operation = '') => ({
    id,
    role,
    axis: 0,
    featureId,
    operation,
    valueType,
    label: id,
  });
  const features = [
    { _id: F_MONTH, name: 'month', type: 'category', precision: null, dataset: { _id: DATASET } },
    { _id: F_RAIN, name: 'rain', type: 'number', precision: null, dataset: { _id: DATASET } },
    { _id: F_CITY, name: 'city', type: 'category', precision: null, dataset: { _id: DATASET } },
  ];
  const unitOf = (chartType: string, groupBy: boolean) =>
    makeUnit(U1, T1, {
      name: 'Rain',
      type: 'chart',
      vis: {
        chartType,
        independent: [{ series: [{ id: 'x', feature: feature(F_MONTH) }] }],
        dependent: [{ series: [{ id: 'y', feature: feature(F_RAIN), operation: chartType === 'radar' ? 'avg' : '' }] }],
        ...(groupBy ? { groupBy: [{ series: [{ id: 'g', feature: feature(F_CITY) }] }] } : {}),
      },
    });
  /** Serves the chart with its rows and series, renders the dashboard and focuses the chart. */
  const focusChart = async (chartType: string, groupBy: boolean, data: object[], series: object[]) => {
    serve(unitOf(chartType, groupBy), { ...answer, data, series, features } as unknown as UnitData);
    renderDashboards(path, { roles: VIEWER });
    const chart = await screen.findByRole('img', { name: 'Rain' }, { timeout: 15_000 });
    await waitFor(() => expect(chart.getAttribute('tabindex')).toBe('0'));
    chart.focus();
    return chart;
  };

  it("a radar's polygon is its city: Enter selects the city", async () => {
    await focusChart(
      'radar',
      true,
      [
        { x: 'June', g: 'Paris', y: 1.5 },
        { x: 'July', g: 'Paris', y: 2 },
        { x: 'June', g: 'Lyon', y: 3 },
        { x: 'July', g: 'Lyon', y: 4 },
      ],
      [
        meta('x', 'independent', F_MONTH, 'category'),
        meta('y', 'dependent', F_RAIN, 'number', 'avg'),
        meta('g', 'groupBy', F_CITY, 'category'),
      ],
    );
    await userEvent.keyboard('{End}');
    expect(screen.getByTestId('chart-focus').textContent).toBe('Lyon');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('cross-filter-chip').textContent).toContain('city is Lyon'));
  });

  it('a raw point with no group selects nothing, and View rows drills into its values', async () => {
    await focusChart(
      'scatter',
      false,
      [
        { x: 3.5, y: 12.25 },
        { x: 1, y: 4 },
      ],
      [meta('x', 'independent', F_MONTH, 'number'), meta('y', 'dependent', F_RAIN, 'number')],
    );
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('chart-focus').textContent).toBe('3.50, rain: 12.25');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByTestId('cross-filter-chip')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Card menu' }));
    expect(await screen.findByRole('menuitem', { name: 'View rows of 3.50, 12.25' })).toBeTruthy();
  });
});
