import { readFileSync } from 'node:fs';
import { api, LANGUAGE_STORAGE_KEY } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { pressUntilFocused } from './support/keyboard.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';
import { bars, CITIES, cardOf, clickBar, clickText, drawn, ROWS, sumByCity, uploadWeather } from './support/weather.ts';

/**
 * Issue 46 in Chromium, the rest (docs/cross-filters.md): on a public dashboard a click on a bar filters the other
 * cards, its chip shows and View rows counts the bar's rows; a legend entry of a "group by" chart selects its
 * group; and on the project page, by keyboard only, a chart's element is reached with the arrows, selected with
 * Enter, and its rows opened from the card menu and downloaded.
 */
describe('cross-filters: public page, legend entries, keyboard (issue 46)', () => {
  const j = useJourney();
  let token = '';
  let projectId = '';
  let tabPath = '';
  let publicPath = '';
  const ids = { byWeather: '', byCity: '', grouped: '' };
  const days = (weather: string) => ROWS.filter((r) => r.weather === weather).length;

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    projectId = (await callAs(j.app, token, api.createProject, { body: { name: 'Weather' } }))._id;
    const weather = await uploadWeather(j.app, token, projectId);
    const ref = (name: string) => ({
      _id: weather.features.find((f) => f.name === name)!._id,
      dataset: { _id: weather._id },
    });
    const dashboard = await callAs(j.app, token, api.createDashboard, { body: { projectId, name: 'Weather' } });
    const tabId = dashboard.tabs[0]!;
    tabPath = `/projects/${projectId}/dashboards/${dashboard._id}/tabs/${tabId}`;
    publicPath = `/public/dashboards/${dashboard._id}/tabs/${tabId}`;
    const card = async (name: string, vis: Record<string, unknown>) => {
      const { unit } = await callAs(j.app, token, api.createUnit, { params: { id: tabId }, body: {} });
      await callAs(j.app, token, api.updateUnit, {
        params: { id: unit._id },
        query: {},
        body: { name, type: 'chart', vis },
      });
      return unit._id;
    };
    const bar = (by: string, operation: string, groupBy?: string) => ({
      chartType: 'bar',
      independent: [{ series: [{ id: 'x', feature: ref(by), operation: '' }] }],
      dependent: [{ series: [{ id: 'y', feature: ref('precipitation'), operation }] }],
      ...(groupBy ? { groupBy: [{ series: [{ id: 'g', feature: ref(groupBy), operation: '' }] }] } : {}),
    });
    ids.byWeather = await card('Days by weather', bar('weather', 'count'));
    ids.byCity = await card('Precipitation by city', bar('city', 'sum'));
    ids.grouped = await card('Precipitation by city and weather', bar('city', 'sum', 'weather'));
  });

  /** Waits until the chart by city draws the sums of one weather. */
  async function expectCityView(page: Page, weather: string) {
    const sums = sumByCity(weather);
    await expect
      .poll(
        async () => {
          const drawnSums = await bars(page, ids.byCity);
          return (
            drawnSums.size === sums.size &&
            [...sums].every(([city, sum]) => Math.abs((drawnSums.get(city) ?? Number.NaN) - sum) < 1e-6)
          );
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  }

  it('a public page: a bar filters the other cards, chip, View rows; a legend entry selects its group', async () => {
    await callAs(j.app, token, api.updateProject, { params: { id: projectId }, body: { public: true } });
    const visitor = await j.anotherPage();
    await visitor.goto(publicPath);
    expect((await bars(visitor, ids.byCity)).size).toBe(CITIES.length);
    await clickBar(visitor, ids.byWeather, 'rain');
    await expect
      .poll(() => visitor.getByTestId('cross-filter-chip').textContent(), { timeout: 15_000 })
      .toContain('weather is rain — from Days by weather');
    await expectCityView(visitor, 'rain');
    expect(visitor.url()).toContain('cross=');
    await visitor.waitForTimeout(800);
    await screenshot(visitor, 'cross-filters-public-1-rain-en');

    await cardOf(visitor, ids.byWeather).getByRole('button', { name: 'View rows', exact: true }).click();
    await expect
      .poll(() => visitor.getByTestId('view-rows-count').textContent(), { timeout: 15_000 })
      .toBe(`${days('rain')} rows`);
    expect((await bars(visitor, ids.byWeather)).get('rain')).toBe(days('rain'));
    await screenshot(visitor, 'cross-filters-public-2-view-rows-en');
    await visitor.keyboard.press('Escape');

    // A legend entry of the "group by" chart selects its weather instead of hiding its bars.
    await visitor.getByRole('button', { name: 'Clear all', exact: true }).last().click();
    await expect.poll(() => visitor.getByTestId('cross-filter-chip').count(), { timeout: 15_000 }).toBe(0);
    await clickText(visitor, ids.grouped, 'snow');
    await expect
      .poll(() => visitor.getByTestId('cross-filter-chip').textContent(), { timeout: 15_000 })
      .toContain('weather is snow — from Precipitation by city and weather');
    await expectCityView(visitor, 'snow');
    // The grouped chart keeps drawing every weather (its selection is dimmed, not hidden).
    const grouped = await drawn(visitor, ids.grouped);
    expect(grouped.values.series.map((s) => s.name).sort()).toEqual([...new Set(ROWS.map((r) => r.weather))].sort());
    await visitor.waitForTimeout(800);
    await screenshot(visitor, 'cross-filters-public-3-legend-en');
    await callAs(j.app, token, api.updateProject, { params: { id: projectId }, body: { public: false } });
  });

  const languages = [
    {
      lang: 'en',
      menu: 'Card menu',
      viewRows: 'View rows of rain',
      count: 'rows',
      chip: 'weather is rain',
      csv: 'Download as CSV',
    },
    {
      lang: 'fr',
      menu: 'Menu de la carte',
      viewRows: 'Voir les lignes de rain',
      count: 'lignes',
      chip: 'weather est rain',
      csv: 'Télécharger en CSV',
    },
  ];
  it.each(languages)(
    'by keyboard only ($lang): Tab to a chart, arrows, Enter, chip, View rows from the card menu, CSV',
    async (words) => {
      const { page } = j;
      await signIn(page, ADMIN.email, ADMIN.password);
      await expectPath(page, '/projects');
      await page.evaluate(
        ([key, lang]) => localStorage.setItem(key as string, lang as string),
        [LANGUAGE_STORAGE_KEY, words.lang],
      );
      await page.goto(tabPath);
      await bars(page, ids.byCity);
      await page.waitForTimeout(1200);
      const chart = cardOf(page, ids.byWeather).getByRole('img', { name: 'Days by weather', exact: true });
      await pressUntilFocused(page, chart);
      const said = cardOf(page, ids.byWeather).getByTestId('chart-focus');
      for (let presses = 0; presses < 10 && !((await said.textContent()) ?? '').startsWith('rain'); presses += 1)
        await page.keyboard.press('ArrowRight');
      // "rain, precipitation (count): 6": the bar's key, its series and its value.
      expect(await said.textContent()).toMatch(new RegExp(`^rain, .+: ${days('rain')}$`));
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('cross-filter-chip').textContent(), { timeout: 15_000 })
        .toContain(words.chip);
      await expectCityView(page, 'rain');
      await page.waitForTimeout(800);
      await screenshot(page, `cross-filters-keyboard-1-chart-${words.lang}`);

      // Back to the card's menu (Shift+Tab), its View rows item drills into the focused element.
      const menu = cardOf(page, ids.byWeather).getByRole('button', { name: words.menu, exact: true });
      await pressUntilFocused(page, menu, { key: 'Shift+Tab', most: 10 });
      await page.keyboard.press('Enter');
      const item = page.getByRole('menuitem', { name: words.viewRows, exact: true });
      await item.waitFor();
      await pressUntilFocused(page, item, { key: 'ArrowDown', most: 10 });
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('view-rows-count').textContent(), { timeout: 15_000 })
        .toBe(`${days('rain')} ${words.count}`);
      await screenshot(page, `cross-filters-keyboard-2-view-rows-${words.lang}`);
      const download = page.getByRole('button', { name: words.csv, exact: true });
      await pressUntilFocused(page, download, { most: 40 });
      const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      const csv = readFileSync((await file.path())!, 'utf8')
        .trim()
        .split('\n');
      expect(csv).toHaveLength(1 + days('rain'));
      expect(csv.slice(1).every((line) => line.split(',')[1] === 'rain')).toBe(true);
    },
  );
});
