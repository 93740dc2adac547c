import { mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { api, formatNumber, type Vis } from '@tessera/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { CardsSetup, type FeatureIds, type SalesRow, salesCsv, sumBy } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { MainThreadTrace } from './support/mainThreadTrace.ts';
import { repoRoot } from './support/paths.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';

/**
 * Issue 7 end to end (card data life cycle, placeholders, number display): root uploads a real
 * CSV of sales, and cards whose vis is saved through the API fetch and show their data in a real Chromium — a
 * bar chart of the sum of amount by region (its drawn values compared with the sums computed here from the CSV
 * text), a KPI, a table sorted by header clicks and paged, Download as CSV, a saved tab filter changing the
 * numbers; then a 50-card dashboard's main-thread long tasks are measured while it loads.
 */
describe('cards that fetch and show their data', () => {
  const j = useJourney();
  const ROWS = 240;
  const rows: SalesRow[] = [];
  const screens = path.join(repoRoot, '.tmp', 'screens');
  let token = '';
  let setup: CardsSetup;
  let f: FeatureIds;
  let dashboardId = '';
  let tabId = '';
  const units = { chart: '', kpi: '', table: '' };

  /** A picture of the page, or of one card (a page scrolled under the fixed header draws oddly in full). */
  const shot = async (scope: Page | Locator, name: string) => {
    mkdirSync(screens, { recursive: true });
    const file = path.join(screens, `cards-${name}.png`);
    if ('goto' in scope) await scope.screenshot({ path: file, fullPage: true });
    else await scope.screenshot({ path: file });
  };
  const card = (page: Page, unitId: string): Locator => page.getByTestId(`card-${unitId}`);
  /** Root signs in (the session is stored once the app lands on /projects) and opens `to`. */
  async function openAsRoot(page: Page, to: string) {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(to);
  }
  const tabPath = () => `/projects/${setup.projectId}/dashboards/${dashboardId}/tabs/${tabId}`;

  /** The bar chart's drawn values by category (ECharts' own option, reported on the container). */
  async function drawnBars(page: Page, unitId: string): Promise<Map<string, number>> {
    const chart = card(page, unitId).locator('[data-testid="chart-view"][data-values]');
    await chart.waitFor();
    const drawn = JSON.parse((await chart.getAttribute('data-values')) ?? '{}') as {
      categories: string[] | null;
      series: Array<{ data: unknown[] }>;
    };
    const out = new Map<string, number>();
    for (const point of drawn.series[0]?.data ?? []) {
      const value = Array.isArray(point) ? point : ((point as { value?: unknown[] })?.value ?? []);
      const [index, amount] = value as [number, number];
      out.set(drawn.categories?.[index] ?? String(index), amount);
    }
    return out;
  }

  function expectSums(drawn: Map<string, number>, expected: Map<string, number>) {
    expect([...drawn.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [region, sum] of expected) expect(drawn.get(region)).toBeCloseTo(sum, 2);
  }

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    setup = await CardsSetup.create(j.app, token, 'Card Sales');
    const csv = salesCsv(ROWS);
    rows.push(...csv.rows);
    f = await setup.uploadDataset('sales.csv', csv.text);
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: {
        projectId: setup.projectId,
        name: 'Sales cards',
        description: '',
        type: 'Dashboard',
        tabName: 'Overview',
      },
    });
    dashboardId = dashboard._id;
    tabId = dashboard.tabs[0] as string;
    const ref = (id: string) => ({ _id: id, dataset: { _id: f.datasetId } });
    units.chart = await setup.addCard(tabId, { x: 0, y: 0, w: 6, h: 4 }, 'Amount by region', 'chart', {
      chartType: 'bar',
      independent: [{ series: [{ id: 'bar-region', feature: ref(f.region), operation: '' }] }],
      dependent: [{ series: [{ id: 'bar-amount', feature: ref(f.amount), operation: 'sum' }] }],
    } satisfies Vis);
    units.kpi = await setup.addCard(tabId, { x: 6, y: 0, w: 6, h: 2 }, 'Totals', 'kpi', {
      kpi: [
        { id: 'kpi-amount', feature: ref(f.amount), operation: 'sum', unitOfMeasure: '€' },
        { id: 'kpi-quantity', feature: ref(f.quantity), operation: 'sum', label: 'Units sold' },
      ],
      filters: [],
    });
    units.table = await setup.addCard(tabId, { x: 0, y: 4, w: 12, h: 5 }, 'Sales rows', 'table', {
      table: [
        { id: 'col-region', feature: ref(f.region) },
        { id: 'col-product', feature: ref(f.product) },
        { id: 'col-date', feature: ref(f.date) },
        { id: 'col-amount', feature: ref(f.amount) },
      ],
      filters: [],
    });
  });

  it('draws the bar chart of the sum of amount by region and the KPIs from the uploaded CSV', async () => {
    const { page } = j;
    await openAsRoot(page, tabPath());
    expectSums(
      await drawnBars(page, units.chart),
      sumBy(
        rows,
        (r) => r.region,
        (r) => r.amount,
      ),
    );

    const total = rows.reduce((sum, r) => sum + r.amount, 0);
    const quantity = rows.reduce((sum, r) => sum + r.quantity, 0);
    const kpi = card(page, units.kpi);
    await expect
      .poll(() => kpi.getByTestId('kpi-kpi-amount').getByTestId('kpi-value').textContent())
      .toBe(`${formatNumber(total, 'en')}€`);
    await kpi.getByText('amount (sum)', { exact: true }).waitFor();
    await kpi.getByText('Units sold', { exact: true }).waitFor();
    expect(await kpi.getByTestId('kpi-kpi-quantity').getByTestId('kpi-value').textContent()).toBe(
      formatNumber(quantity, 'en'),
    );
    await shot(page, 'dashboard');
  });

  it('sorts the table by header clicks (ascending, descending, none) and pages it, clamping the page jump', async () => {
    const { page } = j;
    await openAsRoot(page, tabPath());
    const table = card(page, units.table);
    const firstAmount = () => table.locator('tbody tr').first().locator('td').nth(3).textContent();
    const amounts = rows.map((r) => r.amount).sort((a, b) => a - b);
    // The column's one number of decimals: amounts with cents, so 2 for all (a whole amount reads "100.00").
    const shown = (amount: number | undefined) => formatNumber(amount as number, 'en', 2);
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('tbody tr').count()).toBe(100);
    const sortByAmount = table.getByRole('button', { name: 'Sort by amount', exact: true });

    await sortByAmount.click();
    await expect.poll(firstAmount).toBe(shown(amounts[0]));
    await sortByAmount.click();
    await expect.poll(firstAmount).toBe(shown(amounts[amounts.length - 1]));
    await shot(table, 'table-descending');
    await sortByAmount.click();
    await expect.poll(firstAmount).toBe(shown(rows[0]?.amount));

    // Pages of 100: 240 rows make 3; the jump clamps 99 to the last page and 0 to the first.
    const jump = table.getByRole('textbox', { name: 'Go to page', exact: true });
    await table.getByRole('button', { name: 'Next page', exact: true }).click();
    await expect.poll(() => jump.inputValue()).toBe('2');
    await expect.poll(firstAmount).toBe(shown(rows[100]?.amount));
    await jump.fill('99');
    await jump.press('Enter');
    await expect.poll(() => jump.inputValue()).toBe('3');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(ROWS - 200);
    await shot(table, 'table-last-page');
    await jump.fill('0');
    await jump.press('Enter');
    await expect.poll(() => jump.inputValue()).toBe('1');
    await expect.poll(firstAmount).toBe(shown(rows[0]?.amount));
  });

  it('downloads the chart card as CSV with the sums by region', async () => {
    const { page } = j;
    await openAsRoot(page, tabPath());
    await drawnBars(page, units.chart);
    await card(page, units.chart).getByRole('button', { name: 'Card menu', exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download as CSV', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Amount by region-\d{8}-\d{6}\.csv$/);
    const text = readFileSync((await download.path()) as string, 'utf8');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    expect(header).toBe('region,amount (sum)');
    const fromFile = new Map(
      lines.map((line) => {
        const [region, sum] = line.split(',');
        return [region as string, Number(sum)];
      }),
    );
    expectSums(
      fromFile,
      sumBy(
        rows,
        (r) => r.region,
        (r) => r.amount,
      ),
    );
  });

  it('a tab filter saved while the dashboard is open changes the numbers of every card', async () => {
    const { page } = j;
    await openAsRoot(page, tabPath());
    expect((await drawnBars(page, units.chart)).size).toBe(4);
    // Saved while the dashboard is open: the live channel brings the tab's new filters and the cards refetch.
    await callAs(j.app, token, api.addTabFilter, {
      params: { id: tabId },
      body: { type: 'category', operation: 'equal', value: ['North'], feature: { id: f.region } },
    });
    const north = rows.filter((r) => r.region === 'North');
    await expect.poll(async () => [...(await drawnBars(page, units.chart)).keys()]).toEqual(['North']);
    expectSums(
      await drawnBars(page, units.chart),
      sumBy(
        north,
        (r) => r.region,
        (r) => r.amount,
      ),
    );
    await expect
      .poll(() => card(page, units.kpi).getByTestId('kpi-kpi-amount').getByTestId('kpi-value').textContent())
      .toBe(
        `${formatNumber(
          north.reduce((sum, r) => sum + r.amount, 0),
          'en',
        )}€`,
      );
    const regions = await card(page, units.table).locator('tbody tr td:first-child').allTextContents();
    expect(new Set(regions)).toEqual(new Set(['North']));
    await shot(page, 'filtered');
    await callAs(j.app, token, api.clearTabFilters, { params: { id: tabId } });
  });

  it('draws a 50-card dashboard in the dashboard’s colours, its main thread traced', async () => {
    const { page } = j;
    const big = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: 'Fifty cards', description: '', type: 'Dashboard', tabName: 'All' },
    });
    const bigTab = big.tabs[0] as string;
    const ref = (id: string) => ({ _id: id, dataset: { _id: f.datasetId } });
    const kinds = ['bar', 'line', 'area', 'scatter', 'pie'] as const;
    const fifty: string[] = [];
    for (let i = 0; i < 50; i++) {
      const unitId = await setup.addCard(
        bigTab,
        { x: (i % 4) * 3, y: Math.floor(i / 4) * 3, w: 3, h: 3 },
        `Card ${i + 1}`,
        'chart',
        {
          chartType: kinds[i % kinds.length],
          independent: [{ series: [{ id: `x${i}`, feature: ref(i % 2 ? f.product : f.date), operation: '' }] }],
          dependent: [{ series: [{ id: `y${i}`, feature: ref(i % 3 ? f.amount : f.quantity), operation: 'sum' }] }],
        },
      );
      fifty.push(unitId);
    }
    // The dashboard's colour for amount: the cards summing amount draw their series in it.
    const AMOUNT_COLOR = '#c0392b';
    await callAs(j.app, token, api.updateDashboard, {
      params: { id: big._id },
      body: { colors: { features: { [f.amount]: AMOUNT_COLOR } } },
    });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: Array<{ start: number; duration: number }> };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    // Client-side navigation: the observer started above keeps listening while the dashboard loads, and a
    // Chromium trace records every main-thread task with its CPU time as well as its wall time.
    const trace = await MainThreadTrace.start(page);
    const load = loadavg()[0] ?? 0;
    const started = Date.now();
    const navigatedAt = await page.evaluate(() => performance.now());
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/projects/${setup.projectId}/dashboards/${big._id}/tabs/${bigTab}`);
    await expect
      .poll(() => page.locator('[data-testid="chart-view"][data-values]').count(), { timeout: 90_000 })
      .toBe(50);
    const loadedMs = Date.now() - started;
    // Read before the trace stops: flushing the trace is a task of the page too, and not the dashboard's.
    const all = await page.evaluate(
      () => (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks,
    );
    const { tasks } = await trace.stop();
    // Only the tasks from the navigation on: the sign-in page's own are not the dashboard's.
    const longTasks = all.filter((task) => task.start + task.duration >= navigatedAt);
    const longest = Math.max(0, ...longTasks.map((task) => task.duration));
    const longestCpu = tasks.reduce((max, task) => (task.cpu > max.cpu ? task : max), { wall: 0, cpu: 0 });
    const longestWall = tasks.reduce((max, task) => (task.wall > max.wall ? task : max), { wall: 0, cpu: 0 });
    const over = (limit: number) => tasks.filter((task) => task.cpu > limit).length;
    console.info(
      `50-card dashboard (load average ${load.toFixed(2)} on ${availableParallelism()} cores): loaded in ${loadedMs} ms; ` +
        `${longTasks.length} long tasks; longest ${Math.round(longest)} ms; ` +
        `(start after navigation: duration) ${longTasks.map((t) => `${Math.round(t.start - navigatedAt)}:${Math.round(t.duration)}`).join(', ')}; ` +
        `traced tasks: longest ${Math.round(longestWall.wall)} ms (${Math.round(longestWall.cpu)} ms CPU); ` +
        `main-thread CPU: longest task ${Math.round(longestCpu.cpu)} ms (${Math.round(longestCpu.wall)} ms wall), ` +
        `${over(50)} tasks over 50 ms, ${over(100)} over 100 ms, ${Math.round(tasks.reduce((sum, task) => sum + task.cpu, 0))} ms in all`,
    );
    // How long the tasks take is measured by bench/dashboard (the same dashboard, its table in docs/benchmarks.md), not
    // asserted here: on a shared machine a task's CPU and wall time follow the machine's load (a clean-clone CI
    // once saw a 208 ms task against a 200 ms budget). This journey checks the cards are drawn, and traced.
    expect(tasks.filter((task) => task.cpu > 0).length, 'the trace measured the tasks').toBeGreaterThan(100);
    // Card 2 sums amount (card 1 sums quantity): the dashboard's colour for amount, not the scheme's.
    const seriesColor = async (n: number) => {
      const chart = page
        .getByTestId('card-body')
        .nth(n - 1)
        .locator('[data-testid="chart-view"][data-values]');
      const drawn = JSON.parse((await chart.getAttribute('data-values')) ?? '{}') as {
        series: Array<{ color: unknown }>;
      };
      return drawn.series[0]?.color;
    };
    expect(await seriesColor(2)).toBe(AMOUNT_COLOR);
    expect(await seriesColor(1)).not.toBe(AMOUNT_COLOR);
    await shot(page, 'fifty');
  });
});
