import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { api, PROJECT_ROLE_PRESETS, ROLE_PRESETS, type Vis } from '@tessera/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs, createClaimedUser } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { dialog } from './support/org.ts';
import { screenshotDir } from './support/paths.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, expectToast, signIn } from './support/ui.ts';

/**
 * Issue 20 items 7 to 12, as a newcomer meets them (one server for all): a View Dashboards member reads the
 * filter chips with their feature's name and no request is refused; the Datasets area and the KPIs hold at
 * phone width; a dataset dragged into a folder is announced by name; Delete Dataset names the cards that use it;
 * Cancel leaves no blank card, a copy is "… (copy)", Edit Description takes the typing, a new data app opens,
 * and a date filter's calendar opens on the data's months; a data app's image is drawn again after its cards
 * change.
 */
describe('newcomer', () => {
  // A data app's image is drawn again 1 s after its changes settle (30 s by default); a public page waits for
  // every answer the server writes into it (300 ms by default: on a loaded machine some would be left out).
  const j = useJourney({ env: () => ({ PREVIEW_REFRESH_SECONDS: '1', PAGE_ANSWERS_MS: '10000' }) });
  const PROJECT = 'Seattle weather';
  const BOARD = 'Weather board';
  const PHONE = { width: 390, height: 844 };
  const member = { first: 'Mia', last: 'Reader', email: 'mia@tessera.test', password: 'Mia-password-12' };
  let setup: CardsSetup;
  let token = '';
  let dashboardId = '';
  let tabId = '';
  let weatherId = '';
  let citiesId = '';
  const units: Record<string, string> = {};
  let weatherFeature: (name: string) => { _id: string; dataset: { _id: string } };

  /** 90 days of 2012 weather (a well-known public data set's shape): date, weather, temp_max, precipitation. */
  function weatherCsv(): string {
    const kinds = ['rain', 'sun', 'drizzle', 'snow', 'fog'];
    const lines = ['date,weather,temp_max,precipitation'];
    for (let i = 0; i < 90; i++) {
      const day = new Date(Date.UTC(2012, 0, 1 + i)).toISOString().slice(0, 10);
      lines.push(
        `${day},${kinds[(i * 7) % kinds.length]},${(5 + ((i * 13) % 17)).toFixed(1)},${((i * 31) % 97) * 1000.5}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    setup = await CardsSetup.create(j.app, token, PROJECT);
    const weather = await setup.importCsv('weather.csv', weatherCsv(), 'weather');
    const cities = await setup.importCsv('cities.csv', 'city,population\nSeattle,737015\nTacoma,219346\n', 'cities');
    weatherId = weather._id;
    citiesId = cities._id;
    const f = (name: string, d = weather) => ({
      _id: d.features.find((x) => x.name === name)!._id,
      dataset: { _id: d._id },
    });
    weatherFeature = (name) => f(name);
    const board = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: BOARD, description: '', type: 'Dashboard', tabName: 'Overview' },
    });
    dashboardId = board._id;
    tabId = board.tabs[0] as string;
    units.kpi = await setup.addCard(tabId, { x: 0, y: 0, w: 12, h: 2 }, 'Totals', 'kpi', {
      kpi: [
        { id: 'k-precipitation', feature: f('precipitation'), operation: 'sum' },
        { id: 'k-temp', feature: f('temp_max'), operation: 'sum', unitOfMeasure: '°C' },
        { id: 'k-days', feature: f('precipitation'), operation: 'sum', label: 'Precipitation again' },
      ],
      filters: [],
    } as Vis);
    units.chart = await setup.addCard(tabId, { x: 0, y: 2, w: 6, h: 4 }, 'Rain by weather', 'chart', {
      chartType: 'bar',
      independent: [{ series: [{ id: 'x-weather', feature: f('weather'), operation: '' }] }],
      dependent: [{ series: [{ id: 'y-precipitation', feature: f('precipitation'), operation: 'sum' }] }],
    } as Vis);
    units.table = await setup.addCard(tabId, { x: 6, y: 2, w: 6, h: 4 }, 'Rows', 'table', {
      table: [
        { id: 'c-date', feature: f('date') },
        { id: 'c-weather', feature: f('weather') },
      ],
      filters: [],
    } as Vis);
    units.cities = await setup.addCard(tabId, { x: 0, y: 6, w: 6, h: 2 }, 'Cities', 'table', {
      table: [{ id: 'c-city', feature: f('city', cities) }],
      filters: [],
    } as Vis);
    await callAs(j.app, token, api.addDashboardFilter, {
      params: { id: dashboardId },
      body: { type: 'category', operation: 'equal', value: ['rain', 'snow'], feature: { id: f('weather')._id } },
    });
    await callAs(j.app, token, api.createCollection, {
      body: { projectId: setup.projectId, name: 'Archive', description: '' },
    });
  });

  const boardPath = () => `/projects/${setup.projectId}/dashboards/${dashboardId}/tabs/${tabId}`;
  const card = (page: Page, unitId: string) => page.getByTestId(`card-${unitId}`);
  /** The cards of the grid (each wrapped in `card-{id}`). */
  const cards = (page: Page) =>
    page
      .locator('[data-testid^="card-"]')
      .evaluateAll((els) => els.filter((e) => /^card-[0-9a-f]{24}$/.test(e.getAttribute('data-testid') ?? '')).length);

  async function openAsRoot(page: Page, path: string) {
    // A loaded CI machine draws slowly: wait longer than the journeys' default for each step.
    page.context().setDefaultTimeout(45_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(path);
  }

  /** No two boxes overlap. */
  async function apart(boxes: Locator) {
    const all = await boxes.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    for (let a = 0; a < all.length; a++)
      for (let b = a + 1; b < all.length; b++) {
        const [p, q] = [all[a], all[b]];
        const overlap = p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
        expect(overlap, `${JSON.stringify(p)} overlaps ${JSON.stringify(q)}`).toBe(false);
      }
  }

  it('a View Dashboards member reads "weather = rain, snow" and no request is refused', async () => {
    const { page, app } = j;
    const organization = await callAs(app, token, api.getMyOrganization);
    const user = await createClaimedUser(app, token, organization._id, { ...member, roles: ROLE_PRESETS.viewOnly });
    await callAs(app, token, api.createPermission, {
      body: { projectId: setup.projectId, userId: user._id, roles: PROJECT_ROLE_PRESETS.viewDashboards },
    });
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 403 || res.status() === 401) refused.push(`${res.status()} ${res.url()}`);
    });
    await signIn(page, member.email, member.password);
    await expectPath(page, '/projects');
    await page.goto(boardPath());
    await page.getByText('weather = rain, snow', { exact: true }).waitFor();
    expect(await page.getByText('Feature = rain, snow', { exact: true }).count()).toBe(0);
    await card(page, units.chart).locator('canvas').first().waitFor();
    await screenshot(page, 'newcomer-member-dashboard');
    // The member's filter menu lists the feature's values (read through the dashboard).
    await page.getByRole('button', { name: 'Edit filter weather = rain, snow', exact: true }).click();
    await page.getByTestId('filter-menu').getByText('drizzle', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await page.getByText('weather = rain, snow', { exact: true }).waitFor();
    await screenshot(page, 'newcomer-member-dashboard-phone');
    expect(refused).toEqual([]);
  });

  it('at phone width the KPI values stay apart and the Datasets area fits the screen', async () => {
    const { page } = j;
    await page.setViewportSize(PHONE);
    await openAsRoot(page, boardPath());
    const kpi = card(page, units.kpi);
    await expect.poll(() => kpi.getByTestId('kpi-value').count(), { timeout: 60_000 }).toBe(3);
    await apart(kpi.getByTestId('kpi-value'));
    await card(page, units.chart).locator('canvas').first().waitFor();
    await screenshot(page, 'newcomer-kpi-phone');

    await page.goto(`/projects/${setup.projectId}/datasets`);
    await page.getByRole('link', { name: 'weather', exact: true }).waitFor();
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await wide()).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'newcomer-datasets-phone');
    await page.getByRole('link', { name: 'weather', exact: true }).click();
    const title = page.getByRole('heading', { name: 'weather', exact: true });
    await title.waitFor();
    // The title reads on one line (it took one letter per line beside a 300 px sidebar).
    expect((await title.boundingBox())?.height ?? 0).toBeLessThan(60);
    expect(await wide()).toBeLessThanOrEqual(PHONE.width);
    await expectText(page, '90 rows');
    await screenshot(page, 'newcomer-dataset-phone');
    // Back to the list by the page's own link (the area's navigation is in the closed menu at this width).
    const back = page
      .getByRole('link', { name: 'Datasets' })
      .filter({ has: page.locator('.tabler-icon-chevron-left') });
    await back.click();
    await page.getByRole('link', { name: 'cities', exact: true }).waitFor();
  });

  it('a dataset dragged into a folder is announced by its name; Delete Dataset names the cards that use it', async () => {
    const { page } = j;
    await openAsRoot(page, `/projects/${setup.projectId}/datasets`);
    const source = page.getByRole('link', { name: 'cities', exact: true });
    const target = page.getByText('Archive', { exact: true });
    const from = await source.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('nothing to drag');
    await page.mouse.move(from.x + 20, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + from.height / 2 + 5, { steps: 3 });
    await page.mouse.move(to.x + 10, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    const region = page.locator('[id^="DndLiveRegion"]');
    await expect.poll(() => region.textContent(), { timeout: 30_000 }).toBe('cities was dropped over Archive.');
    expect(await region.textContent()).not.toMatch(/dataset:|folder:/);
    await screenshot(page, 'newcomer-datasets-dropped');

    await page.goto(`/projects/${setup.projectId}/datasets/${citiesId}`);
    await page.getByRole('button', { name: 'Dataset menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete Dataset', exact: true }).click();
    const modal = dialog(page, 'Delete Dataset');
    await modal.getByText(`Cities (on ${BOARD})`, { exact: true }).waitFor();
    await modal.getByText(/^Used by 1 card\(s\) and 0 model\(s\)/).waitFor();
    const remove = modal.getByRole('button', { name: 'Delete', exact: true });
    expect(await remove.isDisabled()).toBe(true);
    await modal.getByLabel('Type cities to confirm', { exact: true }).fill('cities');
    await screenshot(page, 'newcomer-delete-dataset');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'newcomer-delete-dataset-phone');
    await remove.click();
    await expectToast(page, 'cities was deleted');
    await expectPath(page, `/projects/${setup.projectId}/datasets`);
    expect(await page.getByRole('link', { name: 'cities', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'weather', exact: true }).waitFor();
    expect(weatherId).not.toBe('');
  });

  it('Cancel leaves no blank card, a copy is named "(copy)", Edit Description takes the typing', async () => {
    const { page } = j;
    await openAsRoot(page, boardPath());
    await card(page, units.table).waitFor();
    const before = await cards(page);

    await page.getByRole('button', { name: 'Add Card', exact: true }).first().click();
    await expect.poll(() => cards(page), { timeout: 60_000 }).toBe(before + 1);
    await page.getByRole('button', { name: 'Chart', exact: true }).first().click();
    await page.getByTestId('mapping-screen').waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectPath(page, boardPath());
    await card(page, units.table).waitFor();
    await expect.poll(() => cards(page), { timeout: 60_000 }).toBe(before);

    await card(page, units.table).getByRole('button', { name: 'Card menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Duplicate', exact: true }).click();
    await expect.poll(() => cards(page), { timeout: 60_000 }).toBe(before + 1);
    await expect
      .poll(() =>
        page
          .getByRole('textbox', { name: 'Card name' })
          .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      )
      .toContain('Rows (copy)');

    await card(page, units.chart).getByRole('button', { name: 'Card menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit Description', exact: true }).click();
    const box = page.getByRole('textbox', { name: 'Card description', exact: true });
    await box.waitFor();
    await page.waitForTimeout(200);
    await page.keyboard.type('Sum of precipitation');
    expect(await box.inputValue()).toBe('Sum of precipitation');
    await screenshot(page, 'newcomer-card-description');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'newcomer-card-description-phone');
  });

  it('a date filter’s calendar opens on the data’s months, and a new data app opens at once', async () => {
    const { page } = j;
    await openAsRoot(page, boardPath());
    await page.getByRole('button', { name: 'Add Filter', exact: true }).click();
    await page.getByRole('combobox', { name: 'Dataset', exact: true }).click();
    await page.getByRole('option', { name: 'weather', exact: true }).click();
    await page.getByRole('combobox', { name: 'Feature', exact: true }).click();
    await page.getByRole('option', { name: 'date', exact: true }).click();
    await page.getByLabel('From', { exact: true }).click();
    await page.getByText('January 2012', { exact: true }).waitFor();
    await screenshot(page, 'newcomer-date-calendar');
    await page.keyboard.press('Escape');

    await page.goto(`/projects/${setup.projectId}/dashboards`);
    await page.getByRole('button', { name: 'Create Data App', exact: true }).click();
    const modal = dialog(page, 'Create Data App');
    await modal.getByRole('textbox', { name: /App Name/ }).fill('Forecasts');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { name: 'Forecasts', exact: true }).waitFor();
    await expectPath(page, new RegExp(`^/projects/${setup.projectId}/dashboards/[^/]+/tabs/[^/]+$`));
    await screenshot(page, 'newcomer-new-data-app');
  });

  /** The dashboard's first image rendered after `since` (its url's `v` is the time its render ended): url and PNG. */
  async function renderedImage(id: string, since: number): Promise<{ url: string; png: Buffer }> {
    let url = '';
    await expect
      .poll(
        async () => {
          const state = await callAs(j.app, token, api.getDashboardPreview, { params: { id } });
          const renderedAt = Number(new URL(state.url ?? '/', j.app.url).searchParams.get('v'));
          url = state.status === 'ready' && state.url && renderedAt > since ? state.url : '';
          return url !== '';
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    const res = await fetch(new URL(url, j.app.url), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return { url, png: Buffer.from(await res.arrayBuffer()) };
  }

  it('a data app’s image is drawn again once its cards change, and the list shows the new one', async () => {
    const { page } = j;
    const app = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: 'Thumbs', description: '', type: 'Dashboard', tabName: 'Main' },
    });
    // Drawn while empty: a preview shows nothing addressed to editors (the PNG is saved to be looked at).
    const empty = await renderedImage(app._id, 0);
    writeFileSync(path.join(screenshotDir, 'newcomer-preview-empty.png'), empty.png);

    await setup.addCard(app.tabs[0] as string, { x: 0, y: 0, w: 12, h: 4 }, 'Rain by weather', 'chart', {
      chartType: 'bar',
      independent: [{ series: [{ id: 'x-weather', feature: weatherFeature('weather'), operation: '' }] }],
      dependent: [{ series: [{ id: 'y-precipitation', feature: weatherFeature('precipitation'), operation: 'sum' }] }],
    } as Vis);
    const changed = Date.now();
    // Drawn again by itself once the card settled (1 s after its last change), with the card on it.
    const filled = await renderedImage(app._id, changed + 1000);
    writeFileSync(path.join(screenshotDir, 'newcomer-preview-filled.png'), filled.png);
    expect(filled.png.equals(empty.png)).toBe(false);

    // The list shows that render's image (its url names the render; fetched with the session's token).
    const fetched = page.waitForResponse((r) => r.url() === new URL(filled.url, j.app.url).href && r.ok(), {
      timeout: 45_000,
    });
    await openAsRoot(page, `/projects/${setup.projectId}/dashboards`);
    await fetched;
    const image = page.getByRole('img', { name: 'Preview of Thumbs', exact: true });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'newcomer-preview-in-list');
  });

  it('a public dashboard’s page draws its cards without asking for them: the server wrote their answers in', async () => {
    const organization = await callAs(j.app, token, api.getMyOrganization);
    await callAs(j.app, token, api.updateOrganization, {
      params: { id: organization._id },
      body: { publicSharing: true },
    });
    await callAs(j.app, token, api.updateProject, { params: { id: setup.projectId }, body: { public: true } });
    const board = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: 'Open weather', description: '', type: 'Dashboard', tabName: 'Main' },
    });
    const main = board.tabs[0] as string;
    await setup.addCard(main, { x: 0, y: 0, w: 6, h: 4 }, 'Rain by weather', 'chart', {
      chartType: 'bar',
      independent: [{ series: [{ id: 'x-weather', feature: weatherFeature('weather'), operation: '' }] }],
      dependent: [{ series: [{ id: 'y-precipitation', feature: weatherFeature('precipitation'), operation: 'sum' }] }],
    } as Vis);
    await setup.addCard(main, { x: 6, y: 0, w: 6, h: 4 }, 'Warmest by weather', 'chart', {
      chartType: 'line',
      independent: [{ series: [{ id: 'x-weather', feature: weatherFeature('weather'), operation: '' }] }],
      dependent: [{ series: [{ id: 'y-temp', feature: weatherFeature('temp_max'), operation: 'max' }] }],
    } as Vis);

    const visitor = await j.anotherPage();
    const asked: string[] = [];
    visitor.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(`${request.method()} ${pathname}`);
    });
    await visitor.goto(`/public/dashboards/${board._id}/tabs/${main}`);
    const drawn = visitor.locator('[data-testid="chart-view"][data-values]');
    await expect.poll(() => drawn.count(), { timeout: 30_000 }).toBe(2);
    // Neither the dashboard nor its cards were asked for: both answers came inside the page.
    expect(
      asked.filter((request) => request.startsWith('GET /api/v1/public/dashboards/') || request.endsWith('/data')),
    ).toEqual([]);
    const bars = JSON.parse((await drawn.first().getAttribute('data-values')) ?? '{}') as { series: unknown[] };
    expect(bars.series.length).toBeGreaterThan(0);
    // The charts grow into place: the picture is of them drawn.
    await visitor.waitForTimeout(1500);
    await screenshot(visitor, 'newcomer-public-answered');

    // Another tab's cards were not written into the page: they are asked for together, in one request.
    const { tab: second } = await callAs(j.app, token, api.createTab, {
      params: { id: board._id },
      body: { name: 'More' },
    });
    for (const [i, [name, operation]] of [
      ['Mildest by weather', 'min'],
      ['Average by weather', 'avg'],
    ].entries()) {
      await setup.addCard(second._id, { x: i * 6, y: 0, w: 6, h: 4 }, name as string, 'chart', {
        chartType: 'bar',
        independent: [{ series: [{ id: 'x-weather', feature: weatherFeature('weather'), operation: '' }] }],
        dependent: [{ series: [{ id: `y-${operation}`, feature: weatherFeature('temp_max'), operation }] }],
      } as Vis);
    }
    asked.length = 0;
    await visitor.getByRole('tab', { name: 'More', exact: true }).click();
    await visitor.getByText('Average by weather', { exact: true }).waitFor();
    await expect.poll(() => drawn.count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(() => asked.filter((request) => request.endsWith('/data')), { timeout: 30_000 })
      .toEqual([`POST /api/v1/public/dashboards/${board._id}/units/data`]);
    await visitor.waitForTimeout(1500);
    await screenshot(visitor, 'newcomer-public-cards-together');
  });
});
