import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { api, type DatasetDetail, LANGUAGE_STORAGE_KEY, type Unit } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { dragTo } from './support/drag.ts';
import { useJourney } from './support/journey.ts';
import { repoRoot } from './support/paths.ts';
import type { Tessera } from './support/tessera.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, signIn } from './support/ui.ts';

/**
 * Issue #20 items 1 to 6 in Chromium, over a small weather CSV whose sums are computed here from its text: a
 * bar of a number by category built by drag and drop sums by default and names its operation; a pie built as
 * its empty hint says (a number, Group By a category) slices by the group with the CSV's sums, keeps its
 * colours when a tab filter removes slices (live, and after a reload), and its header shows the filter icon
 * with its tooltip; a column of another dataset is refused at the drop with the reason; a refused append
 * shows the server's reason; a type change to Date says how many values it cannot read and offers a format.
 */

const WEATHERS = ['drizzle', 'fog', 'rain', 'snow', 'sun'];
const CITIES = ['Paris', 'Lyon', 'Nice'];

interface WeatherRow {
  day: string;
  city: string;
  weather: string;
  temp_max: number;
  precipitation: number;
}

/** 30 deterministic rows: days written as "Jan 1 2024" (text that ISO does not read). */
function weatherCsv(): { text: string; rows: WeatherRow[] } {
  const months = ['Jan', 'Feb', 'Mar'];
  const rows: WeatherRow[] = Array.from({ length: 30 }, (_, i) => ({
    day: `${months[i % 3]} ${1 + (i % 28)} 2024`,
    city: CITIES[(i * 7) % 3] as string,
    weather: WEATHERS[(i * 3) % 5] as string,
    temp_max: 5 + ((i * 37) % 200) / 10,
    precipitation: ((i * 53) % 97) / 4,
  }));
  const lines = rows.map((r) => `${r.day},${r.city},${r.weather},${r.temp_max},${r.precipitation}`);
  return { text: `day,city,weather,temp_max,precipitation\n${lines.join('\n')}\n`, rows };
}

const sumBy = (rows: WeatherRow[], key: (r: WeatherRow) => string, value: (r: WeatherRow) => number) => {
  const out = new Map<string, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + value(r));
  return out;
};

async function upload(app: Tessera, token: string, projectId: string, name: string, csv: string) {
  const dataset = await callAs(app, token, api.createDataset, { body: { name, projectId } });
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), `${name}.csv`);
  const res = await fetch(`${app.url}/api/v1/datasets/${dataset._id}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const detail = await callAs(app, token, api.getDataset, { params: { id: dataset._id } });
    if (detail.imported) return detail;
    if (Date.now() > deadline) throw new Error(`${name} was not imported within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Screenshots go to e2e/screenshots and .tmp/screens (the ones to look at), once charts finished animating. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(1200);
  await screenshot(page, name);
  const dir = path.join(repoRoot, '.tmp/screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

interface Drawn {
  categories: string[] | null;
  series: Array<{ name: string | null; data: unknown[] }>;
}

describe('charts that draw what the data says (issue #20)', () => {
  const j = useJourney();
  const csv = weatherCsv();
  let token = '';
  let projectId = '';
  let dashboardId = '';
  let tabId = '';
  let weather: DatasetDetail;
  let stations: DatasetDetail;
  /** The bar of precipitation by city the first test builds (the next one reads it aloud). */
  let barUnitId = '';

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    projectId = (await callAs(j.app, token, api.createProject, { body: { name: 'Weather' } }))._id;
    weather = await upload(j.app, token, projectId, 'weather', csv.text);
    stations = await upload(j.app, token, projectId, 'stations', 'station,elevation\nA,120\nB,340\n');
    const dashboard = await callAs(j.app, token, api.createDashboard, { body: { projectId, name: 'Weather' } });
    dashboardId = dashboard._id;
    tabId = dashboard.tabs[0]!;
  });

  const tabPath = () => `/projects/${projectId}/dashboards/${dashboardId}/tabs/${tabId}`;
  const newCard = async () => (await callAs(j.app, token, api.createUnit, { params: { id: tabId }, body: {} })).unit;
  const readUnit = (id: string): Promise<Unit> => callAs(j.app, token, api.getUnit, { params: { id } });
  const feature = (page: Page, name: string, type: string) =>
    page.getByRole('button', { name: `${name} (${type})`, exact: true });
  const bucket = (page: Page, name: string) => page.getByTestId(`bucket-${name}-0`);
  const chipsIn = (page: Page, name: string) => bucket(page, name).locator('[data-testid^="chip-"]');
  const chartType = (page: Page, label: string) =>
    page.getByTestId('chart-type-picker').getByText(label, { exact: true });
  const card = (page: Page, unitId: string) => page.getByTestId(`card-${unitId}`);

  async function drawn(page: Page, unitId: string): Promise<Drawn> {
    const chart = card(page, unitId).locator('[data-testid="chart-view"][data-values]');
    await chart.waitFor();
    return JSON.parse((await chart.getAttribute('data-values')) ?? '{}') as Drawn;
  }

  /** A pie's slices: name → [value, colour]. */
  async function slices(page: Page, unitId: string): Promise<Map<string, [number, string]>> {
    const data = (await drawn(page, unitId)).series[0]?.data ?? [];
    return new Map(
      (data as Array<{ name: string; value: number; itemStyle: { color: string } }>).map((s) => [
        s.name,
        [s.value, s.itemStyle.color],
      ]),
    );
  }

  async function openNewChart(page: Page, type: string): Promise<Unit> {
    const unit = await newCard();
    await page.goto(tabPath());
    await card(page, unit._id).getByText('Chart', { exact: true }).click();
    await expectPath(page, `/projects/${projectId}/units/${unit._id}/mapping`);
    const gotIt = page.getByRole('button', { name: 'Got it', exact: true });
    if (await gotIt.isVisible().catch(() => false)) await gotIt.click();
    await chartType(page, type).click();
    await feature(page, 'precipitation', 'Number').waitFor();
    return unit;
  }

  async function saveAndReturn(page: Page, unitId: string) {
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expectPath(page, tabPath());
    await expect
      .poll(() => card(page, unitId).getByTestId('card-body').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('view');
  }

  it('a bar of a number by category sums by default, names the sum, and draws the sums of the CSV', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    const unit = await openNewChart(page, 'Bar');
    await dragTo(page, feature(page, 'precipitation', 'Number'), bucket(page, 'dependent'));
    await expect.poll(() => chipsIn(page, 'dependent').count()).toBe(1);
    await dragTo(page, feature(page, 'city', 'Category'), bucket(page, 'independent'));
    await expect.poll(() => chipsIn(page, 'independent').count()).toBe(1);
    const preview = page.getByTestId('mapping-preview');
    await expect.poll(() => preview.getAttribute('data-fetching'), { timeout: 15_000 }).toBe('false');
    await shot(page, 'charts-bar-mapping');
    await saveAndReturn(page, unit._id);

    const vis = (await readUnit(unit._id)).vis as { dependent: Array<{ series: Array<{ operation: string }> }> };
    expect(vis.dependent[0]!.series[0]!.operation).toBe('sum');
    const bars = await drawn(page, unit._id);
    expect(bars.series.map((s) => s.name)).toEqual(['precipitation (sum)']);
    const expected = sumBy(
      csv.rows,
      (r) => r.city,
      (r) => r.precipitation,
    );
    const got = new Map<string, number>();
    for (const point of bars.series[0]!.data) {
      const value = Array.isArray(point) ? point : ((point as { value?: unknown[] }).value ?? []);
      const [index, amount] = value as [number, number];
      got.set(bars.categories?.[index] ?? String(index), amount);
    }
    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [city, sum] of expected) expect(got.get(city)).toBeCloseTo(sum, 6);
    // One bar per city, not one per row.
    expect(bars.series[0]!.data).toHaveLength(CITIES.length);
    await shot(page, 'charts-bar-dashboard');
    barUnitId = unit._id;
  });

  it('the bar reads to a screen reader: named by its card, described from its data, shown as a table to members and public visitors (issue #50)', async () => {
    const { page } = j;
    expect(barUnitId).not.toBe('');
    await callAs(j.app, token, api.updateUnit, {
      params: { id: barUnitId },
      query: {},
      body: { name: 'Rain by city' },
    });
    const sums = sumBy(
      csv.rows,
      (r) => r.city,
      (r) => r.precipitation,
    );
    const sorted = [...sums].sort((a, b) => a[1] - b[1]);
    const [low, high] = [sorted[0]!, sorted.at(-1)!];
    const number = (text: string) => Number(text.replace(/[^\d.,-]/g, '').replace(',', '.'));
    /** The chart's description (what aria-describedby points at), checked against the CSV's sums. */
    const described = async (visitor: Page, pattern: RegExp) => {
      const chart = card(visitor, barUnitId).getByRole('img', { name: 'Rain by city', exact: true });
      await chart.waitFor();
      const id = await chart.getAttribute('aria-describedby');
      const text = (await visitor.locator(`[id="${id}"]`).textContent()) ?? '';
      const match = pattern.exec(text);
      expect(match, text).not.toBeNull();
      expect(number(match![1]!)).toBeCloseTo(low[1], 1);
      expect(number(match![2]!)).toBeCloseTo(high[1], 1);
      return text;
    };
    const cityTable = async (visitor: Page, label: string, headers: string[]) => {
      const table = card(visitor, barUnitId).getByRole('table', { name: label, exact: true });
      await table.waitFor();
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(headers);
      expect((await table.getByRole('rowheader').allTextContents()).sort()).toEqual([...CITIES].sort());
      expect(await card(visitor, barUnitId).getByRole('img', { name: 'Rain by city' }).count()).toBe(0);
    };

    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(tabPath());
    await described(
      page,
      new RegExp(
        `^Bar chart of precipitation \\(sum\\) by city: 3 values, from (\\S+) \\(${low[0]}\\) to (\\S+) \\(${high[0]}\\)\\.$`,
      ),
    );
    await card(page, barUnitId).getByRole('button', { name: 'Card menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Show as table', exact: true }).click();
    await cityTable(page, 'Data of Rain by city', ['city', 'precipitation (sum)']);
    await shot(page, 'charts-a11y-table-en');
    await card(page, barUnitId).getByRole('button', { name: 'Card menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Show as chart', exact: true }).click();
    await card(page, barUnitId).getByRole('img', { name: 'Rain by city', exact: true }).waitFor();

    // A visitor of the public page, in French: no card menu, a button instead.
    await callAs(j.app, token, api.updateProject, { params: { id: projectId }, body: { public: true } });
    const visitor = await j.anotherPage();
    await visitor.context().addInitScript(([key]) => localStorage.setItem(key as string, 'fr'), [LANGUAGE_STORAGE_KEY]);
    await visitor.goto(`/public/dashboards/${dashboardId}/tabs/${tabId}`);
    await described(
      visitor,
      new RegExp(
        `^Graphique en barres de precipitation \\(somme\\) par city : 3 valeurs, de (\\S+) \\(${low[0]}\\) à (\\S+) \\(${high[0]}\\)\\.$`,
      ),
    );
    expect(await card(visitor, barUnitId).getByRole('button', { name: 'Menu de la carte' }).count()).toBe(0);
    await shot(visitor, 'charts-a11y-public-chart-fr');
    await card(visitor, barUnitId).getByRole('button', { name: 'Afficher en tableau', exact: true }).click();
    await cityTable(visitor, 'Données de Rain by city', ['city', 'precipitation (somme)']);
    await shot(visitor, 'charts-a11y-public-table-fr');
    await card(visitor, barUnitId).getByRole('button', { name: 'Afficher en graphique', exact: true }).click();
    await card(visitor, barUnitId).getByRole('img', { name: 'Rain by city', exact: true }).waitFor();
    await callAs(j.app, token, api.updateProject, { params: { id: projectId }, body: { public: false } });
  });

  it('a pie with Group By slices by the group with the CSV sums and keeps its colours under a filter', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    const unit = await openNewChart(page, 'Pie');
    await expectText(page, 'Drag numeric data, and use Group By to separate it by categories.');
    await dragTo(page, feature(page, 'precipitation', 'Number'), bucket(page, 'dependent'));
    await expect.poll(() => chipsIn(page, 'dependent').count()).toBe(1);
    await dragTo(page, feature(page, 'weather', 'Category'), bucket(page, 'groupBy'));
    await expect.poll(() => chipsIn(page, 'groupBy').count()).toBe(1);
    const preview = page.getByTestId('mapping-preview');
    await expect.poll(() => preview.getAttribute('data-fetching'), { timeout: 15_000 }).toBe('false');
    await shot(page, 'charts-pie-mapping');
    await saveAndReturn(page, unit._id);

    const expected = sumBy(
      csv.rows,
      (r) => r.weather,
      (r) => r.precipitation,
    );
    const all = await slices(page, unit._id);
    expect([...all.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [name, sum] of expected) expect(all.get(name)?.[0]).toBeCloseTo(sum, 6);
    expect(new Set([...all.values()].map(([, color]) => color)).size).toBe(WEATHERS.length);
    expect((await drawn(page, unit._id)).series[0]!.name).toBe('precipitation (sum)');
    // No filter applies yet: no filter icon.
    expect(await card(page, unit._id).locator('[data-testid^="card-filter-icon-"]').count()).toBe(0);
    await shot(page, 'charts-pie-dashboard');

    // A tab filter saved while the dashboard is open: the pie loses slices, the others keep their colours.
    const weatherId = weather.features.find((x) => x.name === 'weather')!._id;
    await callAs(j.app, token, api.addTabFilter, {
      params: { id: tabId },
      body: { type: 'category', operation: 'equal', value: ['rain', 'snow'], feature: { id: weatherId } },
    });
    await expect.poll(async () => [...(await slices(page, unit._id)).keys()].sort()).toEqual(['rain', 'snow']);
    const filtered = await slices(page, unit._id);
    for (const name of ['rain', 'snow']) {
      expect(filtered.get(name)?.[1]).toBe(all.get(name)?.[1]);
      expect(filtered.get(name)?.[0]).toBeCloseTo(expected.get(name)!, 6);
    }
    // The card header shows the filter icon; its tooltip says which filter applies.
    const icon = card(page, unit._id).getByTestId(`card-filter-icon-${unit._id}`);
    await icon.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toContain('weather');
    expect(await icon.getAttribute('aria-label')).toContain('rain');
    await shot(page, 'charts-pie-filtered');
    // Opened again later, the filtered pie keeps the same colours.
    await page.reload();
    await expect.poll(async () => [...(await slices(page, unit._id)).keys()].sort()).toEqual(['rain', 'snow']);
    const again = await slices(page, unit._id);
    for (const name of ['rain', 'snow']) expect(again.get(name)?.[1]).toBe(all.get(name)?.[1]);
    await callAs(j.app, token, api.clearTabFilters, { params: { id: tabId } });
  });

  it('refuses a column of another dataset at the drop, with the reason', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await openNewChart(page, 'Bar');
    await dragTo(page, feature(page, 'city', 'Category'), bucket(page, 'independent'));
    await expect.poll(() => chipsIn(page, 'independent').count()).toBe(1);
    await feature(page, 'elevation', 'Number').scrollIntoViewIfNeeded();
    await dragTo(page, feature(page, 'elevation', 'Number'), bucket(page, 'dependent'));
    const alert = page.getByTestId('drop-refusal');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('A chart reads one dataset: this column comes from another one.');
    expect(await chipsIn(page, 'dependent').count()).toBe(0);
    await shot(page, 'charts-refused-drop');
    expect(stations.features.map((x) => x.name)).toContain('elevation');
  });

  it('a refused append shows the server reason in its modal and on the job', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/datasets/${stations._id}`);
    await page.getByRole('tab', { name: 'Append History', exact: true }).click();
    await page.getByRole('button', { name: 'Append a file', exact: true }).click();
    const modal = page.getByRole('dialog');
    await modal.locator('input[type="file"]').setInputFiles({
      name: 'wrong.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('station,height\nC,10\n'),
    });
    await modal.getByRole('button', { name: 'Append', exact: true }).click();
    const error = modal.getByTestId('append-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Missing columns: elevation; unexpected columns: height');
    await shot(page, 'charts-append-refused');
    await page.keyboard.press('Escape');
    const message = page.getByTestId('job-message').first();
    await message.waitFor();
    expect(await message.textContent()).toBe('Missing columns: elevation; unexpected columns: height');
    const failed = page.locator('[data-status="failed"]').first();
    expect(await failed.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(217, 78, 78)');
    const completed = page.locator('[data-status="completed"]').first();
    expect(await completed.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 196, 139)');
    await shot(page, 'charts-append-history');
  });

  it('a change to Date says how many values it cannot read and offers the format that reads them', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/datasets/${weather._id}`);
    await page.getByRole('tab', { name: 'Features', exact: true }).click();
    // The features in column order: "day" is the first.
    await page.locator('input[aria-label="Type"]').first().click();
    await page.getByRole('option', { name: 'Date', exact: true }).click();
    const warning = page.getByTestId('cast-unread');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('30 of 30 values could not be read as dates.');
    await shot(page, 'charts-type-unread');
    await page.getByRole('dialog').getByLabel('Date format', { exact: true }).click();
    await page.getByRole('option', { name: 'Jan 31 2000: reads 30 of 30', exact: true }).click();
    await warning.waitFor({ state: 'hidden' });
    await shot(page, 'charts-type-format');
    await page.getByRole('button', { name: 'Change type', exact: true }).click();
    await expect
      .poll(async () => {
        const detail = await callAs(j.app, token, api.getDataset, { params: { id: weather._id } });
        const f = detail.features.find((x) => x.name === 'day')!;
        return [f.type, f.dateFormat];
      })
      .toEqual(['date', '%b %d %Y']);
  });
});
