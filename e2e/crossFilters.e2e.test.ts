import { readFileSync } from 'node:fs';
import { api, LANGUAGE_STORAGE_KEY } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import type { Tessera } from './support/tessera.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';

/**
 * Issue 46 in Chromium (docs/cross-filters.md): a click on a bar filters the tab's other cards, its chip shows in the
 * filter bar, the link reopened in a new browser context gives the same view, "View rows" counts the bar's rows
 * and downloads them as CSV. Expectations are worked out here from the CSV text.
 */
const WEATHERS = ['drizzle', 'fog', 'rain', 'snow', 'sun'];
const CITIES = ['Paris', 'Lyon', 'Nice'];
const ROWS = Array.from({ length: 30 }, (_, i) => ({
  city: CITIES[(i * 7) % 3] as string,
  weather: WEATHERS[(i * 3) % 5] as string,
  precipitation: ((i * 53) % 97) / 4,
}));
const CSV = `city,weather,precipitation\n${ROWS.map((r) => `${r.city},${r.weather},${r.precipitation}`).join('\n')}\n`;

async function upload(app: Tessera, token: string, projectId: string) {
  const dataset = await callAs(app, token, api.createDataset, { body: { name: 'weather', projectId } });
  const form = new FormData();
  form.set('file', new Blob([CSV], { type: 'text/csv' }), 'weather.csv');
  const res = await fetch(`${app.url}/api/v1/datasets/${dataset._id}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  for (let tries = 0; ; tries++) {
    const detail = await callAs(app, token, api.getDataset, { params: { id: dataset._id } });
    if (detail.imported) return detail;
    if (tries > 150) throw new Error('weather was not imported');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('cross-filters and View rows (issue 46)', () => {
  const j = useJourney();
  let token = '';
  let tabPath = '';
  let listPath = '';
  const ids = { byWeather: '', byCity: '', total: '', rows: '' };

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    const projectId = (await callAs(j.app, token, api.createProject, { body: { name: 'Weather' } }))._id;
    const weather = await upload(j.app, token, projectId);
    const ref = (name: string) => ({
      _id: weather.features.find((f) => f.name === name)!._id,
      dataset: { _id: weather._id },
    });
    const dashboard = await callAs(j.app, token, api.createDashboard, { body: { projectId, name: 'Weather' } });
    const tabId = dashboard.tabs[0]!;
    tabPath = `/projects/${projectId}/dashboards/${dashboard._id}/tabs/${tabId}`;
    listPath = `/projects/${projectId}/dashboards`;
    const card = async (name: string, type: 'chart' | 'kpi' | 'table', vis: Record<string, unknown>) => {
      const { unit } = await callAs(j.app, token, api.createUnit, { params: { id: tabId }, body: {} });
      await callAs(j.app, token, api.updateUnit, { params: { id: unit._id }, query: {}, body: { name, type, vis } });
      return unit._id;
    };
    const bar = (by: string, operation: string) => ({
      chartType: 'bar',
      independent: [{ series: [{ id: 'x', feature: ref(by), operation: '' }] }],
      dependent: [{ series: [{ id: 'y', feature: ref('precipitation'), operation }] }],
    });
    ids.byWeather = await card('Days by weather', 'chart', bar('weather', 'count'));
    ids.byCity = await card('Precipitation by city', 'chart', bar('city', 'sum'));
    ids.total = await card('Total precipitation', 'kpi', {
      kpi: [{ id: 'k', feature: ref('precipitation'), operation: 'sum' }],
    });
    ids.rows = await card('Weather rows', 'table', {
      table: [
        { id: 'c', feature: ref('city') },
        { id: 'w', feature: ref('weather') },
      ],
    });
  });

  const card = (page: Page, unitId: string) => page.getByTestId(`card-${unitId}`);
  const drawn = async (page: Page, unitId: string) => {
    const chart = card(page, unitId).locator('[data-testid="chart-view"][data-values][data-points]');
    await chart.waitFor();
    return {
      values: JSON.parse((await chart.getAttribute('data-values')) ?? '{}') as {
        categories: string[];
        series: Array<{ data: unknown[] }>;
      },
      points: JSON.parse((await chart.getAttribute('data-points')) ?? '[]') as Array<{
        x: number;
        y: number;
        baseY: number;
      }>,
      box: (await chart.boundingBox())!,
    };
  };
  /** A bar chart's drawn values: category → value. */
  const bars = async (page: Page, unitId: string) => {
    const { values } = await drawn(page, unitId);
    return new Map(
      values.series[0]!.data.map((point) => {
        const value = (Array.isArray(point) ? point : (point as { value: unknown[] }).value) as [number, number];
        return [values.categories[value[0]]!, value[1]];
      }),
    );
  };
  const rainByCity = () => {
    const out = new Map<string, number>();
    for (const r of ROWS.filter((row) => row.weather === 'rain'))
      out.set(r.city, (out.get(r.city) ?? 0) + r.precipitation);
    return out;
  };
  const rainDays = ROWS.filter((r) => r.weather === 'rain').length;

  async function clickBar(page: Page, unitId: string, category: string) {
    await drawn(page, unitId);
    // Bars grow in: a click mid-animation may land above the bar.
    await page.waitForTimeout(1200);
    const { values, points, box } = await drawn(page, unitId);
    const index = values.categories.indexOf(category);
    const point = points[index]!;
    await page.mouse.click(box.x + point.x, box.y + (point.y + point.baseY) / 2);
  }

  async function expectRainView(page: Page) {
    await expect.poll(() => page.getByTestId('cross-filter-chip').count(), { timeout: 15_000 }).toBe(1);
    const byCity = await (async () => {
      await expect
        .poll(async () => [...(await bars(page, ids.byCity)).keys()].sort().join(), { timeout: 15_000 })
        .toBe([...rainByCity().keys()].sort().join());
      // The filtered answer may come after the first drawing: wait for the rain sums themselves.
      await expect
        .poll(
          async () => {
            const drawn = await bars(page, ids.byCity);
            return [...rainByCity()].every(([city, sum]) => Math.abs((drawn.get(city) ?? Number.NaN) - sum) < 1e-6);
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      return bars(page, ids.byCity);
    })();
    for (const [city, sum] of rainByCity()) expect(byCity.get(city)).toBeCloseTo(sum, 6);
    // The clicked card keeps every bar (it highlights its selection instead of filtering itself).
    expect((await bars(page, ids.byWeather)).size).toBe(WEATHERS.length);
  }

  it('click a bar → the other cards filter → chip → link in a new context → View rows → CSV', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(tabPath);
    expect((await bars(page, ids.byCity)).size).toBe(CITIES.length);
    await clickBar(page, ids.byWeather, 'rain');
    await expect(page.getByTestId('cross-filter-chip').textContent()).resolves.toContain(
      'weather is rain — from Days by weather',
    );
    await expectRainView(page);
    await page.waitForTimeout(800);
    await screenshot(page, 'cross-filters-1-rain-en');
    const link = page.url();
    expect(link).toContain('cross=');

    // The link reopened in another browser (a new context: nothing shared) gives the same view.
    const other = await j.anotherPage();
    await signIn(other, ADMIN.email, ADMIN.password);
    await expectPath(other, '/projects');
    await other.goto(link);
    await expectRainView(other);

    // View rows of the selected bar: as many rows as the bar counts, and their CSV.
    await card(page, ids.byWeather).getByRole('button', { name: 'View rows', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('view-rows-count').textContent(), { timeout: 15_000 })
      .toBe(`${rainDays} rows`);
    expect((await bars(page, ids.byWeather)).get('rain')).toBe(rainDays);
    await screenshot(page, 'cross-filters-2-view-rows-en');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as CSV', exact: true }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe('city,weather,precipitation');
    expect(csv).toHaveLength(1 + rainDays);
    expect(csv.slice(1).every((line) => line.split(',')[1] === 'rain')).toBe(true);
    await page.keyboard.press('Escape');

    // Clear all: every card answers for every row again.
    await page.getByRole('button', { name: 'Clear all', exact: true }).last().click();
    await expect.poll(async () => (await bars(page, ids.byCity)).size, { timeout: 15_000 }).toBe(CITIES.length);
    expect(page.url()).not.toContain('cross=');
  });

  it('in French: the chip and View rows read in French', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.evaluate(([key]) => localStorage.setItem(key as string, 'fr'), [LANGUAGE_STORAGE_KEY]);
    await page.goto(tabPath);
    await bars(page, ids.byCity);
    await clickBar(page, ids.byWeather, 'rain');
    await expect
      .poll(() => page.getByTestId('cross-filter-chip').textContent(), { timeout: 15_000 })
      .toContain('weather est rain — depuis Days by weather');
    await page.waitForTimeout(800);
    await screenshot(page, 'cross-filters-3-rain-fr');
    await card(page, ids.byWeather).getByRole('button', { name: 'Voir les lignes', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('view-rows-count').textContent(), { timeout: 15_000 })
      .toBe(`${rainDays} lignes`);
    await screenshot(page, 'cross-filters-4-view-rows-fr');
  });

  it('a table cell cross-filters the other cards, by mouse and by keyboard; the settings switch', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(tabPath);
    expect((await bars(page, ids.byCity)).size).toBe(CITIES.length);
    const table = card(page, ids.rows).getByRole('table');
    const lyon = table.getByRole('button', { name: 'Lyon', exact: true });
    await lyon.first().click();
    await expect
      .poll(() => page.getByTestId('cross-filter-chip').textContent(), { timeout: 15_000 })
      .toContain('city is Lyon — from Weather rows');
    // The chart by city answers for Lyon only; the table keeps its rows, Lyon's bright.
    await expect.poll(async () => [...(await bars(page, ids.byCity)).keys()].join(), { timeout: 15_000 }).toBe('Lyon');
    expect(await table.getByRole('button', { name: 'Lyon', exact: true, pressed: true }).count()).toBe(
      ROWS.filter((r) => r.city === 'Lyon').length,
    );
    await page.waitForTimeout(800);
    await screenshot(page, 'cross-filters-5-table-cell-en');
    // By keyboard: the focused cell's Enter removes the value again.
    await lyon.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('cross-filter-chip').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(async () => (await bars(page, ids.byCity)).size, { timeout: 15_000 }).toBe(CITIES.length);

    // Data App Settings has the Cross-filtering switch (on).
    await page.goto(listPath);
    await page.getByRole('button', { name: 'Menu of Weather', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Data App Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Edit Dashboard' });
    await expect(settings.getByRole('switch', { name: /^Cross-filtering/ }).isChecked()).resolves.toBe(true);
    await screenshot(page, 'cross-filters-6-settings-en');
  });
});
