import { readFileSync } from 'node:fs';
import { api, LANGUAGE_STORAGE_KEY } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';
import {
  bars,
  CITIES,
  cardOf,
  clickBar,
  clickPointOf,
  clickText,
  drawn,
  ROWS,
  sumByCity,
  uploadCsv,
  uploadWeather,
  WEATHERS,
} from './support/weather.ts';

/**
 * Issue 46 in Chromium (docs/cross-filters.md): a click on a bar filters the tab's other cards, its chip shows in the
 * filter bar, the link reopened in a new browser context gives the same view, "View rows" counts the bar's rows
 * and downloads them as CSV. On a second tab: a radar's legend entry, a raw scatter's point and a bar of a joined
 * dataset (the weather joined with its cities on the city: its bar by the cities' city filters the weather's cards
 * through the join's pairing) each filter the other cards. Expectations are worked out here from the CSV text.
 */
describe('cross-filters and View rows (issue 46)', () => {
  const j = useJourney();
  let token = '';
  let tabPath = '';
  let listPath = '';
  const ids = { byWeather: '', byCity: '', total: '', rows: '' };
  /** The second tab: precipitation by weather (the card that is filtered), a radar, a raw scatter, a joined bar. */
  const elements = { path: '', byWeather: '', radar: '', scatter: '', joined: '' };

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

    // The second tab, of the other elements that select.
    const cities = await uploadCsv(
      j.app,
      token,
      projectId,
      'cities',
      'city,region\nParis,North\nLyon,Centre\nNice,South\n',
    );
    const cityOf = (d: typeof weather) => d.features.find((f) => f.name === 'city')!._id;
    const joined = await callAs(j.app, token, api.createDataset, {
      body: {
        type: 'joined',
        name: 'weather with cities',
        projectId,
        source: {
          join: [{ _id: weather._id, type: 'left', on: [[cityOf(weather), cityOf(cities)]] }, { _id: cities._id }],
        },
      },
    });
    const joinedRef = (name: string) => ({
      _id: joined.features.find((f) => f.name === name)!._id,
      dataset: { _id: joined._id },
    });
    const { tab } = await callAs(j.app, token, api.createTab, {
      params: { id: dashboard._id },
      body: { name: 'Elements' },
    });
    elements.path = `/projects/${projectId}/dashboards/${dashboard._id}/tabs/${tab._id}`;
    const onTab = async (name: string, vis: Record<string, unknown>) => {
      const { unit } = await callAs(j.app, token, api.createUnit, { params: { id: tab._id }, body: {} });
      await callAs(j.app, token, api.updateUnit, {
        params: { id: unit._id },
        query: {},
        body: { name, type: 'chart', vis },
      });
      return unit._id;
    };
    const series = (id: string, feature: object, operation = '') => ({ series: [{ id, feature, operation }] });
    elements.byWeather = await onTab('Precipitation by weather', bar('weather', 'sum'));
    elements.radar = await onTab('Radar by city', {
      chartType: 'radar',
      independent: [series('x', ref('weather'))],
      dependent: [series('y', ref('precipitation'), 'sum')],
      groupBy: [series('g', ref('city'))],
    });
    elements.scatter = await onTab('Precipitation points', {
      chartType: 'scatter',
      independent: [series('x', ref('weather'))],
      dependent: [series('y', ref('precipitation'))],
    });
    elements.joined = await onTab('Days by city (joined)', {
      chartType: 'bar',
      independent: [series('x', joinedRef('cities.city'))],
      dependent: [series('y', joinedRef('precipitation'), 'count')],
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

  type Row = (typeof ROWS)[number];
  /** The precipitation of each weather over the rows `keep` keeps, rounded as the comparison is. */
  const byWeatherOf = (keep: (r: Row) => boolean) => {
    const out = new Map<string, number>();
    for (const r of ROWS.filter(keep)) out.set(r.weather, (out.get(r.weather) ?? 0) + r.precipitation);
    return JSON.stringify([...out].map(([w, sum]) => [w, sum.toFixed(6)]).sort());
  };
  /** Waits until the second tab's "Precipitation by weather" draws the sums of the rows `keep` keeps. */
  async function expectByWeather(page: Page, keep: (r: Row) => boolean) {
    const drawnSums = async () =>
      JSON.stringify([...(await bars(page, elements.byWeather))].map(([w, sum]) => [w, sum.toFixed(6)]).sort());
    await expect.poll(drawnSums, { timeout: 15_000 }).toBe(byWeatherOf(keep));
  }
  /** Opens View rows of a card's selection, checks its count, and answers its rows' CSV lines (header first). */
  async function viewRows(page: Page, unitId: string, total: number, fr = false) {
    const name = fr ? 'Voir les lignes' : 'View rows';
    await card(page, unitId).getByRole('button', { name, exact: true }).click();
    await expect
      .poll(() => page.getByTestId('view-rows-count').textContent(), { timeout: 15_000 })
      .toBe(`${total} ${fr ? 'lignes' : 'rows'}`);
  }
  async function viewRowsCsv(page: Page) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as CSV', exact: true }).click(),
    ]);
    return readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
  }
  const chip = (page: Page) => page.getByTestId('cross-filter-chip');
  /** The values of a radar's polygon (its sums by weather). */
  async function polygonOf(page: Page, unitId: string, name: string) {
    const { values } = await drawn(page, unitId);
    const items = values.series.flatMap((s) => s.data) as Array<{ name?: string; value?: unknown[] }>;
    return (items.find((item) => item.name === name)?.value ?? []) as number[];
  }
  /** A picture of the whole page from its top (the chips under the filter bar in sight). */
  async function shoot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(800);
    await screenshot(page, name);
  }
  const clearAll = async (page: Page) => {
    await page.getByRole('button', { name: 'Clear all', exact: true }).last().click();
    await expectByWeather(page, () => true);
  };

  it("a radar's legend entry, a raw scatter's point, a joined dataset's bar: each filters the other cards", async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(elements.path);
    await expectByWeather(page, () => true);

    // The radar's legend entry of Lyon selects the city: the weather's cards and the joined card (its copy) filter.
    const lyon = ROWS.filter((r) => r.city === 'Lyon');
    await clickText(page, elements.radar, 'Lyon');
    await expect
      .poll(() => chip(page).textContent(), { timeout: 15_000 })
      .toContain('city is Lyon — from Radar by city');
    await expectByWeather(page, (r) => r.city === 'Lyon');
    await expect
      .poll(async () => JSON.stringify([...(await bars(page, elements.joined))]), { timeout: 15_000 })
      .toBe(JSON.stringify([['Lyon', lyon.length]]));
    await shoot(page, 'cross-filters-7-radar-en');
    // The polygon's rows: Lyon's days, whose precipitation adds up to the polygon's values.
    await viewRows(page, elements.radar, lyon.length);
    const csv = await viewRowsCsv(page);
    expect(csv).toHaveLength(1 + lyon.length);
    const column = csv[0]!.split(',').indexOf('precipitation');
    const rowsSum = csv.slice(1).reduce((sum, line) => sum + Number(line.split(',')[column]), 0);
    const polygonSum = (await polygonOf(page, elements.radar, 'Lyon')).reduce((sum, v) => sum + v, 0);
    expect(rowsSum).toBeCloseTo(polygonSum, 6);
    expect(rowsSum).toBeCloseTo(
      lyon.reduce((sum, r) => sum + r.precipitation, 0),
      6,
    );
    await page.keyboard.press('Escape');
    await clearAll(page);

    // A raw scatter's point (weather on X, each day's precipitation) selects its weather.
    await clickPointOf(page, elements.scatter, 'snow');
    await expect
      .poll(() => chip(page).textContent(), { timeout: 15_000 })
      .toContain('weather is snow — from Precipitation points');
    await expectByWeather(page, (r) => r.weather === 'snow');
    await shoot(page, 'cross-filters-8-scatter-en');
    await viewRows(page, elements.scatter, ROWS.filter((r) => r.weather === 'snow').length);
    await page.keyboard.press('Escape');
    await clearAll(page);

    // The joined card's bar of Nice selects the cities' city: the join pairs it with the weather's city.
    const nice = ROWS.filter((r) => r.city === 'Nice').length;
    await card(page, elements.joined).scrollIntoViewIfNeeded();
    await clickBar(page, elements.joined, 'Nice');
    await expect
      .poll(() => chip(page).textContent(), { timeout: 15_000 })
      .toContain('cities.city is Nice — from Days by city (joined)');
    await expectByWeather(page, (r) => r.city === 'Nice');
    expect((await bars(page, elements.joined)).get('Nice')).toBe(nice);
    await shoot(page, 'cross-filters-9-joined-en');
    await viewRows(page, elements.joined, nice);
    await screenshot(page, 'cross-filters-10-joined-view-rows-en', { fullPage: false });
  });

  it("in French: the radar's selection, its chip and View rows", async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.evaluate(([key]) => localStorage.setItem(key as string, 'fr'), [LANGUAGE_STORAGE_KEY]);
    await page.goto(elements.path);
    await expectByWeather(page, () => true);
    await clickText(page, elements.radar, 'Paris');
    await expect
      .poll(() => chip(page).textContent(), { timeout: 15_000 })
      .toContain('city est Paris — depuis Radar by city');
    await expectByWeather(page, (r) => r.city === 'Paris');
    await shoot(page, 'cross-filters-11-radar-fr');
    await viewRows(page, elements.radar, ROWS.filter((r) => r.city === 'Paris').length, true);
  });
});
