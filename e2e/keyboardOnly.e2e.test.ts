import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { api, type Tab } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { DEMO_DEADLINE_MS, type DemoIds, demoServerEnv, waitForDemo } from './support/demo.ts';
import { pdfPages } from './support/exports.ts';
import { useJourney } from './support/journey.ts';
import { focusedName, isFocused, pressUntilFocused, signInByKeyboard } from './support/keyboard.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath } from './support/ui.ts';
import { bars, cardOf, drawn } from './support/weather.ts';

/**
 * Issues 50 and 46 (docs/accessibility.md, docs/cross-filters.md): the whole product by keyboard alone — Tab,
 * Shift+Tab, Enter, Space, the arrows, Escape and typing; no click, no mouse, no focus() shortcut. On the demo
 * (DEMO=1): sign in, open the demo dashboard from the projects page, move and resize a card, change its mapping
 * (the wind's average becomes a count of days), add a filter (weather is rain or sun), select the rain bar
 * (a cross-filter) and open its rows, open the model's dashboard and run the model with another threshold,
 * export that dashboard as a PDF, then answer the demo's public form as a visitor.
 */
describe('keyboard only (issues 50 and 46)', () => {
  const j = useJourney({ env: demoServerEnv });
  let ids: DemoIds;
  let token = '';
  const WIND = 'Wind by kind of weather';
  const KPI = 'Seattle, 2012-2015';
  const RAINY = 'Rainy days';

  /** The demo's Seattle weather, read from the same CSV the demo loads. */
  const seattle = (() => {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('vega-datasets')), '..', 'data');
    const [, ...lines] = readFileSync(path.join(dir, 'seattle-weather.csv'), 'utf8').trim().split('\n');
    return lines.map((line) => {
      const [, precipitation, high, , , weather] = line.split(',');
      return { precipitation: Number(precipitation), high: Number(high), weather: weather as string };
    });
  })();
  const days = (weather: string) => seattle.filter((day) => day.weather === weather).length;
  const wetterThan = (threshold: number) => seattle.filter((day) => day.precipitation > threshold).length;
  /** The KPI card's Average high over the days of these weathers, as it shows it (two decimals). */
  const averageHigh = (...weathers: string[]) => {
    const chosen = seattle.filter((day) => weathers.includes(day.weather));
    return (chosen.reduce((sum, day) => sum + day.high, 0) / chosen.length).toFixed(2);
  };

  beforeAll(async () => {
    ids = await waitForDemo(j.app);
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
  }, DEMO_DEADLINE_MS + 60_000);

  const dashboardNamed = async (name: string) => {
    const all = await callAs(j.app, token, api.listDashboards, { query: { projectId: ids.projectId } });
    const found = all.find((dashboard) => dashboard.name === name);
    if (!found) throw new Error(`the demo has no dashboard ${name}`);
    return callAs(j.app, token, api.getDashboard, { params: { id: found._id } });
  };
  const unitNamed = (detail: Awaited<ReturnType<typeof dashboardNamed>>, name: string) => {
    const unit = detail.units.find((candidate) => candidate.name === name);
    if (!unit) throw new Error(`no card ${name}`);
    return unit;
  };
  const readTab = async (tabId: string): Promise<Tab> =>
    (await callAs(j.app, token, api.getTab, { params: { id: tabId } })).tab;
  const placeOf = async (tabId: string, unitId: string) => {
    const item = (await readTab(tabId)).layout.find((candidate) => candidate.i === unitId);
    return item && `${item.x},${item.y} ${item.w}x${item.h}`;
  };
  const announced = (page: Page) =>
    page
      .getByRole('status')
      .filter({ hasText: /moved|resized/ })
      .first()
      .textContent()
      .then((text) => text?.trim());
  const kpiValue = (page: Page, unitId: string, kpiId: string) =>
    cardOf(page, unitId).getByTestId(`kpi-${kpiId}`).getByTestId('kpi-value').textContent();
  /** A KPI's number without its unit ("16.44 °C" → "16.44"). */
  const kpiNumber = async (page: Page, unitId: string, kpiId: string) =>
    /-?[\d,]+(\.\d+)?/.exec((await kpiValue(page, unitId, kpiId)) ?? '')?.[0]?.replaceAll(',', '');
  /** Opens the focused menu button's menu and picks an item with the arrows and Enter. */
  async function pickMenuItem(page: Page, item: string) {
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: item, exact: true }).waitFor();
    await pressUntilFocused(page, item, { key: 'ArrowDown', most: 20 });
    await page.keyboard.press('Enter');
  }
  /** Lets the charts finish growing in before a picture. */
  const settled = (page: Page) => page.waitForTimeout(800);

  it('signs in, lays out, maps, filters, cross-filters, runs a model, exports a PDF and answers the form', async () => {
    const { page } = j;
    const demo = await dashboardNamed('Demo dashboard');
    const tabId = demo.tabs[0]!._id;
    const wind = unitNamed(demo, WIND)._id;
    const kpi = unitNamed(demo, KPI)._id;

    // Sign in, then the project and its dashboard, each a link reached with Tab and followed with Enter.
    await signInByKeyboard(page, ADMIN);
    await pressUntilFocused(page, `Open ${ids.names.project}`);
    await page.keyboard.press('Enter');
    await expectPath(page, `/projects/${ids.projectId}`);
    await page.getByRole('link', { name: 'Open Demo dashboard', exact: true }).waitFor();
    await pressUntilFocused(page, 'Open Demo dashboard');
    await page.keyboard.press('Enter');
    await expectPath(page, `/projects/${ids.projectId}/dashboards/${demo.dashboard._id}/tabs/${tabId}`);
    await page.getByRole('button', { name: `Move ${WIND}`, exact: true }).waitFor();

    // Move and resize the wind card on its handle: one row taller, then one column left.
    const before = await placeOf(tabId, wind);
    expect(before).toBe('6,3 6x4');
    await pressUntilFocused(page, `Move ${WIND}`, { most: 80 });
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => announced(page)).toBe(`${WIND} resized to 6 columns by 5 rows`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => announced(page)).toBe(`${WIND} moved to column 6, row 4`);
    await settled(page);
    await screenshot(page, 'keyboard-only-1-moved', { fullPage: false });
    await expect.poll(() => placeOf(tabId, wind), { timeout: 10_000 }).toBe('5,3 6x5');

    // The mapping: Edit, the wind chip's settings, its operation from Average to Count, Save changes.
    await pressUntilFocused(page, cardOf(page, wind).getByRole('button', { name: 'Edit', exact: true }), { most: 5 });
    await page.keyboard.press('Enter');
    await expectPath(page, `/projects/${ids.projectId}/units/${wind}/mapping`);
    await page.getByRole('button', { name: 'Settings of wind, Average', exact: true }).waitFor();
    // The editor takes the focus on open: the card's name (its heading), not the page's body.
    await expect.poll(() => focusedName(page)).toBe(WIND);
    await pressUntilFocused(page, 'Settings of wind, Average');
    await page.keyboard.press('Enter');
    const operation = page.getByRole('combobox', { name: 'Operation', exact: true });
    await expect.poll(() => isFocused(operation)).toBe(true);
    await page.keyboard.press('ArrowDown');
    const chosen = page.locator('[data-combobox-selected]');
    for (let presses = 0; presses < 12 && (await chosen.textContent()) !== 'Count'; presses += 1)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await operation.inputValue()).toBe('Count');
    await page.keyboard.press('Escape');
    expect(await focusedName(page)).toBe('Settings of wind, Count');
    await screenshot(page, 'keyboard-only-2-mapping', { fullPage: false });
    await pressUntilFocused(page, 'Save changes', { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    await expectPath(page, `/projects/${ids.projectId}/dashboards/${demo.dashboard._id}/tabs/${tabId}`);
    // Saved: the chart counts the days of each weather, and the focus is back on the card's Edit.
    const saved = await callAs(j.app, token, api.getDashboard, { params: { id: demo.dashboard._id } });
    expect(JSON.stringify(unitNamed(saved, WIND).vis)).toContain('"operation":"count"');
    await expect.poll(async () => (await bars(page, wind)).get('rain'), { timeout: 15_000 }).toBe(days('rain'));
    await expect
      .poll(() => isFocused(cardOf(page, wind).getByRole('button', { name: 'Edit', exact: true })))
      .toBe(true);

    // A filter: Add Filter, the dataset and the feature typed and chosen, rain and sun ticked with Space, Done.
    expect(await kpiNumber(page, kpi, 'kpi-temp')).toBe(averageHigh(...new Set(seattle.map((day) => day.weather))));
    await pressUntilFocused(page, 'Add Filter', { key: 'Shift+Tab', most: 120 });
    await page.keyboard.press('Enter');
    // Each field is typed in once it has the focus and its choices have loaded (a busy machine is slow to give both).
    await page.getByPlaceholder('Choose a dataset', { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => isFocused(page.getByLabel('Dataset', { exact: true }))).toBe(true);
    await page.keyboard.type('Seattle weather');
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByPlaceholder('Choose a feature', { exact: true }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(page.getByLabel('Feature', { exact: true }))).toBe(true);
    await page.keyboard.type('weather');
    await page.getByRole('option', { name: 'weather', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // The feature's categories load from the server: tabbing starts once they are there (a busy machine is slow).
    await page.getByRole('checkbox', { name: 'sun', exact: true }).waitFor({ timeout: 30_000 });
    for (const weather of ['rain', 'sun']) {
      await pressUntilFocused(page, page.getByRole('checkbox', { name: weather, exact: true }), { most: 8 });
      await page.keyboard.press('Space');
    }
    await screenshot(page, 'keyboard-only-3-filter', { fullPage: false });
    await pressUntilFocused(page, 'Done', { most: 8 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('filter-chip').first().textContent()).toMatch(/weather.*rain.*sun/);
    expect(await focusedName(page)).toBe('Add Filter');
    await expect
      .poll(async () => (await drawn(page, wind)).values.categories.join(','), { timeout: 15_000 })
      .toBe('rain,sun');
    await expect.poll(() => kpiNumber(page, kpi, 'kpi-temp'), { timeout: 15_000 }).toBe(averageHigh('rain', 'sun'));

    // A cross-filter: Tab to the wind chart, the arrows to its rain bar, Enter; the other cards follow.
    const chart = cardOf(page, wind).getByRole('img', { name: WIND, exact: true });
    await pressUntilFocused(page, chart, { most: 120 });
    const said = cardOf(page, wind).getByTestId('chart-focus');
    for (let presses = 0; presses < 6 && !((await said.textContent()) ?? '').startsWith('rain'); presses += 1)
      await page.keyboard.press('ArrowRight');
    expect(await said.textContent()).toMatch(new RegExp(`^rain, .+: ${days('rain')}$`));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('cross-filter-chip').textContent(), { timeout: 15_000 })
      .toContain(`weather is rain — from ${WIND}`);
    await expect.poll(() => kpiNumber(page, kpi, 'kpi-temp'), { timeout: 15_000 }).toBe(averageHigh('rain'));
    await settled(page);
    await screenshot(page, 'keyboard-only-4-cross-filter', { fullPage: false });

    // View rows of the selected bar, from the card menu: as many rows as the bar counts.
    await pressUntilFocused(page, cardOf(page, wind).getByRole('button', { name: 'Card menu', exact: true }), {
      key: 'Shift+Tab',
      most: 10,
    });
    await pickMenuItem(page, 'View rows of rain');
    const shown = (await bars(page, wind)).get('rain');
    expect(shown).toBe(days('rain'));
    await expect
      .poll(() => page.getByTestId('view-rows-count').textContent(), { timeout: 15_000 })
      .toBe(`${shown} rows`);
    await screenshot(page, 'keyboard-only-5-view-rows', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByTestId('view-rows-count').waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Card menu');

    // The model's dashboard, from the Data Apps list; its model bar runs the model with a threshold of 10 mm.
    const model = await dashboardNamed('Weather model');
    const rainy = unitNamed(model, RAINY)._id;
    await pressUntilFocused(page, 'Data Apps', { key: 'Shift+Tab', most: 120 });
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Open Weather model', exact: true }).waitFor();
    await pressUntilFocused(page, 'Open Weather model');
    await page.keyboard.press('Enter');
    await expectPath(page, new RegExp(`/dashboards/${model.dashboard._id}/`));
    await expect.poll(() => kpiValue(page, rainy, 'kpi-rainy'), { timeout: 15_000 }).toBe(String(wetterThan(5)));
    const threshold = page.getByRole('textbox', { name: 'rain_threshold', exact: true });
    await pressUntilFocused(page, threshold, { most: 40 });
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('10');
    await pressUntilFocused(page, 'Run', { most: 3 });
    await page.keyboard.press('Enter');
    // Run stays focused (busy, not disabled) while the model runs, and after.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBe('true');
    expect(await focusedName(page)).toBe('Run');
    await expect.poll(() => kpiValue(page, rainy, 'kpi-rainy'), { timeout: 120_000 }).toBe(String(wetterThan(10)));
    expect(await focusedName(page)).toBe('Run');
    const { runs } = await callAs(j.app, token, api.listModelRuns, { params: { id: ids.modelId }, query: {} });
    expect(runs[0]?.status).toBe('finished');
    await screenshot(page, 'keyboard-only-6-model-run', { fullPage: false });

    // Export PDF… from the data app menu; the file downloads and reads the card's new value.
    await pressUntilFocused(page, 'Data app menu', { key: 'Shift+Tab', most: 40 });
    await pickMenuItem(page, 'Export PDF…');
    await page.getByRole('dialog', { name: 'Export PDF' }).waitFor();
    await pressUntilFocused(page, 'Export', { most: 10 });
    await screenshot(page, 'keyboard-only-7-export', { fullPage: false });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.keyboard.press('Enter'),
    ]);
    const pdf = readFileSync((await download.path())!);
    const text = (await pdfPages(pdf, 'keyboard-only-export')).join('\n');
    expect(text).toContain('Weather model');
    expect(text).toContain(RAINY);
    expect(text).toContain(String(wetterThan(10)));
    await expect.poll(() => focusedName(page)).toBe('Data app menu');

    // The public form, as a visitor with its link: a city, Yes, a rating, a note, Submit.
    const visitor = await j.anotherPage();
    const responsesBefore = (await callAs(j.app, token, api.getForm, { params: { id: ids.formId } })).responseCount;
    await visitor.goto(`/public/forms/${ids.formId}`);
    await visitor.getByRole('heading', { name: ids.names.form }).waitFor();
    await pressUntilFocused(visitor, visitor.getByRole('combobox', { name: 'City' }), { most: 10 });
    await visitor.keyboard.press('ArrowDown');
    await visitor.getByRole('option', { name: 'Paris', exact: true }).waitFor();
    const city = visitor.locator('[data-combobox-selected]');
    for (let presses = 0; presses < 5 && (await city.textContent()) !== 'Paris'; presses += 1)
      await visitor.keyboard.press('ArrowDown');
    await visitor.keyboard.press('Enter');
    await pressUntilFocused(visitor, visitor.getByRole('radio', { name: 'Yes', exact: true }), { most: 3 });
    await visitor.keyboard.press('Space');
    await pressUntilFocused(visitor, '4', { most: 6 });
    await visitor.keyboard.press('Enter');
    await pressUntilFocused(visitor, visitor.getByRole('textbox', { name: 'Anything to add?' }), { most: 4 });
    await visitor.keyboard.type('Sent with the keyboard alone.');
    await pressUntilFocused(visitor, 'Submit', { most: 3 });
    await screenshot(visitor, 'keyboard-only-8-form', { fullPage: false });
    await visitor.keyboard.press('Enter');
    await visitor.getByText('Thank you! Your response has been recorded.').waitFor();
    await expect.poll(() => focusedName(visitor)).toBe('Send another response');
    await expect
      .poll(async () => (await callAs(j.app, token, api.getForm, { params: { id: ids.formId } })).responseCount)
      .toBe(responsesBefore + 1);
    await screenshot(visitor, 'keyboard-only-9-form-sent', { fullPage: false });
  }, 400_000);
});
