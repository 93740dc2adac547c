import { readFileSync } from 'node:fs';
import { api, LANGUAGE_STORAGE_KEY } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';
import { bars, CITIES, cardOf, clickBar, ROWS, sumByCity, uploadWeather, WEATHERS } from './support/weather.ts';

/**
 * Issue 46 in Chromium (docs/cross-filters.md): a click on a bar filters the tab's other cards, its chip shows in the
 * filter bar, the link reopened in a new browser context gives the same view, "View rows" counts the bar's rows
 * and downloads them as CSV. Expectations are worked out here from the CSV text.
 */
describe('cross-filters and View rows (issue 46)', () => {
  const j = useJourney();
  let token = '';
  let tabPath = '';
  let listPath = '';
  const ids = { byWeather: '', byCity: '', total: '', rows: '' };

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    const projectId = (await callAs(j.app, token, api.createProject, { body: { name: 'Weather' } }))._id;
    const weather = await uploadWeather(j.app, token, projectId);
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

  const card = cardOf;
  const rainByCity = () => sumByCity('rain');
  const rainDays = ROWS.filter((r) => r.weather === 'rain').length;

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
