import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { api, type Unit } from '@tessera/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { dragTo } from './support/drag.ts';
import { useJourney } from './support/journey.ts';
import { dialog } from './support/org.ts';
import { repoRoot } from './support/paths.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, signIn } from './support/ui.ts';

/**
 * Issue 8 end to end (mapping route, mapping rules, drops, empty hints): from an empty card,
 * root builds a line chart with two series and a group-by by dragging columns onto buckets, sees the axes swap
 * when a number lands on X alone, answers 'Discard chart setup?' both ways, saves, and the dashboard draws the
 * card from the saved mapping; a second card is built with the keyboard alone.
 */

const CSV = [
  'month,region,revenue,cost',
  '2024-01-01,North,100,60',
  '2024-01-01,South,80,50',
  '2024-02-01,North,120,70',
  '2024-02-01,South,90,55',
  '2024-03-01,North,150,80',
  '2024-03-01,South,110,65',
].join('\n');

/** Screenshots the issue asks to look at also go to .tmp/screens. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  const dir = path.join(repoRoot, '.tmp/screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

describe('card mapping editor', () => {
  const j = useJourney();
  let token = '';
  let projectId = '';
  let dashboardId = '';
  let tabId = '';

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    projectId = (await callAs(j.app, token, api.createProject, { body: { name: 'Mapping' } }))._id;
    // The dataset is the setting, not the journey (issue 5 covers uploads): created and uploaded through the API.
    const dataset = await callAs(j.app, token, api.createDataset, { body: { name: 'sales', projectId } });
    const form = new FormData();
    form.set('file', new Blob([CSV], { type: 'text/csv' }), 'sales.csv');
    const res = await fetch(`${j.app.url}/api/v1/datasets/${dataset._id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 30_000;
    while (!(await callAs(j.app, token, api.getDataset, { params: { id: dataset._id } })).imported) {
      if (Date.now() > deadline) throw new Error('the dataset was not imported within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const dashboard = await callAs(j.app, token, api.createDashboard, { body: { projectId, name: 'Sales' } });
    dashboardId = dashboard._id;
    tabId = dashboard.tabs[0]!;
  });

  const tabPath = () => `/projects/${projectId}/dashboards/${dashboardId}/tabs/${tabId}`;
  const newCard = async () => (await callAs(j.app, token, api.createUnit, { params: { id: tabId }, body: {} })).unit;
  const readUnit = async (id: string): Promise<Unit> => callAs(j.app, token, api.getUnit, { params: { id } });
  const feature = (page: Page, name: string, type: string) =>
    page.getByRole('button', { name: `${name} (${type})`, exact: true });
  const bucket = (page: Page, name: string, axis = 0) => page.getByTestId(`bucket-${name}-${axis}`);
  const chipsIn = (page: Page, name: string) => bucket(page, name).locator('[data-testid^="chip-"]');
  const chartType = (page: Page, label: string) =>
    page.getByTestId('chart-type-picker').getByText(label, { exact: true });

  it('builds a line chart with two series and a group-by by drag and drop, and saves it', async () => {
    const { page } = j;
    const unit = await newCard();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(tabPath());
    // The chooser of an empty card opens the mapping screen with the type chosen.
    await page.getByTestId(`card-${unit._id}`).getByText('Chart', { exact: true }).click();
    await expectPath(page, `/projects/${projectId}/units/${unit._id}/mapping`);
    expect(new URL(page.url()).searchParams.get('type')).toBe('chart');
    expect(new URL(page.url()).searchParams.get('tab')).toBe(tabId);
    await expectText(page, 'Drag and drop columns to create something beautiful.');
    await feature(page, 'revenue', 'Number').waitFor();
    await shot(page, 'mapping-empty');

    // The help shows until dismissed once, for good (saved with the user).
    await expectText(page, 'Map your data');
    await page.getByRole('button', { name: 'Got it', exact: true }).click();
    await page.getByText('Map your data', { exact: true }).waitFor({ state: 'hidden' });
    expect((await callAs(j.app, token, api.getMyUser)).popOvers.mappingPopovers).toBe(true);

    // A number dropped on X alone swaps the axes: it lands on Y.
    await dragTo(page, feature(page, 'revenue', 'Number'), bucket(page, 'independent'));
    await expect.poll(() => chipsIn(page, 'dependent').count()).toBe(1);
    expect(await chipsIn(page, 'independent').count()).toBe(0);
    await page.getByTestId('mapping-preview').locator('[data-state="view"], [data-state="placeholder"]').waitFor();
    await shot(page, 'mapping-swap');

    // Pie is not of the line family: 'Discard chart setup?' → Start from Scratch empties the buckets.
    await chartType(page, 'Pie').click();
    const discard = dialog(page, 'Discard chart setup?');
    await discard.waitFor();
    await shot(page, 'mapping-discard');
    await discard.getByRole('button', { name: 'Start from Scratch', exact: true }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await chipsIn(page, 'dependent').count()).toBe(0);
    await expectText(page, 'Drag numeric data, and use Group By to separate it by categories.');
    // An empty chart changes type at once.
    await chartType(page, 'Line').click();
    expect(await dialog(page, 'Discard chart setup?').count()).toBe(0);

    await dragTo(page, feature(page, 'month', 'Date'), bucket(page, 'independent'));
    await dragTo(page, feature(page, 'revenue', 'Number'), bucket(page, 'dependent'));
    await dragTo(page, feature(page, 'cost', 'Number'), bucket(page, 'dependent'));
    // A refused drop: group by takes no raw number; the bucket says why while the number hovers over it.
    await dragTo(page, feature(page, 'cost', 'Number'), bucket(page, 'groupBy'), { release: false });
    expect(await bucket(page, 'groupBy').getAttribute('data-drop')).toBe('refused');
    await expectText(page, "This column's type does not fit here.");
    await page.mouse.up();
    expect(await chipsIn(page, 'groupBy').count()).toBe(0);
    await dragTo(page, feature(page, 'region', 'Category'), bucket(page, 'groupBy'));
    await expect.poll(() => chipsIn(page, 'groupBy').count()).toBe(1);
    expect(await chipsIn(page, 'independent').count()).toBe(1);
    expect(await chipsIn(page, 'dependent').count()).toBe(2);

    // The live preview draws the unsaved mapping from temporary data.
    const preview = page.getByTestId('mapping-preview');
    await expect.poll(() => preview.getAttribute('data-fetching'), { timeout: 15_000 }).toBe('false');
    expect(await preview.locator('[data-testid="card-body"]').getAttribute('data-state')).toBe('view');
    await shot(page, 'mapping-line');

    // A display change redraws the preview without asking for data again: animation off.
    let previewRequests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/units/data?')) previewRequests += 1;
    });
    await page.getByRole('switch', { name: 'Animation', exact: true }).click({ force: true });
    expect(await page.getByRole('switch', { name: 'Animation', exact: true }).isChecked()).toBe(false);
    // A series' settings open from its chip (the settings panel).
    await page.getByRole('button', { name: 'Settings of revenue', exact: true }).click();
    await page.getByRole('dialog').last().waitFor();
    await shot(page, 'mapping-series-settings');
    await page.keyboard.press('Escape');
    expect(previewRequests).toBe(0);

    // Pie again, answered Cancel: the line chart keeps its mapping.
    await chartType(page, 'Pie').click();
    await dialog(page, 'Discard chart setup?').getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await chipsIn(page, 'dependent').count()).toBe(2);

    // Save changes returns to the dashboard's tab, which asks the card's data with the saved mapping.
    const cardData = page.waitForResponse(
      (r) => r.url().includes(`/api/v1/units/${unit._id}/data`) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expectPath(page, tabPath());
    const answer = await (await cardData).json();
    const saved = await readUnit(unit._id);
    const vis = saved.vis as {
      chartType: string;
      independent: Array<{ series: Array<{ id: string }> }>;
      dependent: Array<{ series: Array<{ id: string; feature: { _id: string } }> }>;
      groupBy: Array<{ series: Array<{ id: string }> }>;
    };
    expect(saved.type).toBe('chart');
    expect(vis.chartType).toBe('line');
    expect(vis.dependent[0]!.series).toHaveLength(2);
    const [x, revenue, cost, region] = [
      vis.independent[0]!.series[0]!.id,
      vis.dependent[0]!.series[0]!.id,
      vis.dependent[0]!.series[1]!.id,
      vis.groupBy[0]!.series[0]!.id,
    ];
    const rows = (answer.data as Array<Record<string, unknown>>).map((r) => [
      String(r[x]).slice(0, 10),
      r[region],
      r[revenue],
      r[cost],
    ]);
    rows.sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`));
    expect(rows).toEqual([
      ['2024-01-01', 'North', 100, 60],
      ['2024-01-01', 'South', 80, 50],
      ['2024-02-01', 'North', 120, 70],
      ['2024-02-01', 'South', 90, 55],
      ['2024-03-01', 'North', 150, 80],
      ['2024-03-01', 'South', 110, 65],
    ]);
    const card = page.getByTestId(`card-${unit._id}`);
    await expect.poll(() => card.getByTestId('card-body').getAttribute('data-state'), { timeout: 15_000 }).toBe('view');
    await shot(page, 'mapping-dashboard');
    // Three monthly points on a time axis tick on months (1 March once read "29", a weekly tick).
    await shot(page, 'followup-dashboard-time-axis');

    // The card's Edit button opens the screen again on the saved mapping; Cancel returns without saving.
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    await expectPath(page, `/projects/${projectId}/units/${unit._id}/mapping`);
    await expect.poll(() => chipsIn(page, 'dependent').count()).toBe(2);
    expect(await page.getByText('Map your data', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectPath(page, tabPath());
  });

  it('builds the same chart with the keyboard alone', async () => {
    const { page } = j;
    const unit = await newCard();
    await callAs(j.app, token, api.updateUnit, { params: { id: unit._id }, query: {}, body: { type: 'chart' } });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/units/${unit._id}/mapping?tab=${tabId}&type=chart`);
    await chartType(page, 'Line').click();

    /** Focus a column, Enter opens "Add to…", arrows reach the bucket, Enter adds it. */
    const addByKeyboard = async (name: string, type: string, bucketName: string) => {
      await feature(page, name, type).focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const item = menu.getByRole('menuitem', { name: bucketName, exact: true });
      for (let i = 0; i < 12 && !(await item.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'hidden' });
    };
    await addByKeyboard('month', 'Date', 'X axis');
    await addByKeyboard('revenue', 'Number', 'Y axis');
    await addByKeyboard('cost', 'Number', 'Y axis');
    await addByKeyboard('region', 'Category', 'Group By');
    expect(await chipsIn(page, 'independent').count()).toBe(1);
    expect(await chipsIn(page, 'dependent').count()).toBe(2);
    expect(await chipsIn(page, 'groupBy').count()).toBe(1);
    // Reordered from the keyboard: Space picks "revenue" up, ArrowDown takes it to the next place, Space drops it.
    const yChips = chipsIn(page, 'dependent');
    await expect
      .poll(() => yChips.allInnerTexts())
      .toEqual([expect.stringContaining('revenue'), expect.stringContaining('cost')]);
    await page.getByRole('button', { name: 'Settings of revenue', exact: true }).focus();
    const announced = () => page.locator('[id^="DndLiveRegion"]').textContent();
    await page.keyboard.press('Space');
    await expect
      .poll(announced, { timeout: 5000 })
      .toBe('Picked up revenue. Use the arrow keys to choose where it goes.');
    // dnd-kit listens for the keys of a drag from the task after the one that picked it up, as a person's pace allows.
    await page.waitForTimeout(100);
    await page.keyboard.press('ArrowDown');
    await expect.poll(announced, { timeout: 5000 }).toBe('revenue is at place 2 of 2 in Y axis.');
    // The viewport only: a full-page screenshot resizes the window, and a resize cancels a keyboard drag.
    mkdirSync(path.join(repoRoot, '.tmp/screens'), { recursive: true });
    await page.screenshot({ path: path.join(repoRoot, '.tmp/screens/mapping-keyboard-drag.png') });
    await page.keyboard.press('Space');
    await expect
      .poll(() => yChips.allInnerTexts())
      .toEqual([expect.stringContaining('cost'), expect.stringContaining('revenue')]);
    await expect.poll(announced, { timeout: 5000 }).toBe('revenue moved to place 2 of 2 in Y axis.');
    // A bucket that is full or refuses the type is not offered.
    await feature(page, 'cost', 'Number').focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem', { name: 'Group By', exact: true }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'X axis', exact: true }).count()).toBe(0);
    await shot(page, 'mapping-keyboard-menu');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Save changes', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectPath(page, tabPath());
    const vis = (await readUnit(unit._id)).vis as { dependent: Array<{ series: unknown[] }>; groupBy: unknown[] };
    expect(vis.dependent[0]!.series).toHaveLength(2);
    expect(vis.groupBy).toHaveLength(1);
  });

  it('maps a KPI list and a table, whose columns come from one dataset only', async () => {
    const { page } = j;
    const other = await callAs(j.app, token, api.createDataset, { body: { name: 'other', projectId } });
    const form = new FormData();
    form.set('file', new Blob(['city,people\nLyon,500\nNantes,300'], { type: 'text/csv' }), 'other.csv');
    await fetch(`${j.app.url}/api/v1/datasets/${other._id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const deadline = Date.now() + 30_000;
    while (!(await callAs(j.app, token, api.getDataset, { params: { id: other._id } })).imported) {
      if (Date.now() > deadline) throw new Error('the second dataset was not imported within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const kpi = await newCard();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/units/${kpi._id}/mapping?tab=${tabId}&type=kpi`);
    await expectText(page, 'Drag columns to derive KPI values from their row data.');
    await dragTo(page, feature(page, 'revenue', 'Number'), bucket(page, 'kpi'));
    await expect.poll(() => chipsIn(page, 'kpi').count()).toBe(1);
    const preview = page.getByTestId('mapping-preview');
    await expect
      .poll(() => preview.locator('[data-testid="card-body"]').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('view');
    // A number becomes a sum: 100 + 80 + 120 + 90 + 150 + 110.
    await preview.getByText('650', { exact: true }).waitFor();
    await shot(page, 'mapping-kpi');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expectPath(page, tabPath());

    const table = await newCard();
    await page.goto(`/projects/${projectId}/units/${table._id}/mapping?tab=${tabId}&type=table`);
    await expectText(page, 'Drag and drop columns to add them to your table.');
    await dragTo(page, feature(page, 'region', 'Category'), bucket(page, 'table'));
    await dragTo(page, feature(page, 'revenue', 'Number'), bucket(page, 'table'));
    // No duplicate column, and no column of another dataset.
    await dragTo(page, feature(page, 'revenue', 'Number'), bucket(page, 'table'), { release: false });
    expect(await bucket(page, 'table').getAttribute('data-drop')).toBe('refused');
    await page.mouse.up();
    await dragTo(page, feature(page, 'people', 'Number'), bucket(page, 'table'), { release: false });
    await expectText(page, 'All columns of a table must come from one dataset.');
    await page.mouse.up();
    expect(await chipsIn(page, 'table').count()).toBe(2);
    await expect
      .poll(() => preview.locator('[data-testid="card-body"]').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('view');
    await preview.getByText('South', { exact: true }).first().waitFor();
    await shot(page, 'mapping-table');
  });

  it('sends an unknown card back to the data apps list, and shows the custom editor for type custom', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/units/ffffffffffffffffffffffff/mapping?type=chart`);
    await expectPath(page, `/projects/${projectId}/dashboards`);

    const unit = await newCard();
    await page.goto(`/projects/${projectId}/units/${unit._id}/mapping?tab=${tabId}&type=custom`);
    await expectText(page, 'Caution: these card types are not fully supported and may have some bugs!');
    await shot(page, 'mapping-custom');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectPath(page, tabPath());
  });

  it('edits a card filter from its chip; the preview applies it once complete', async () => {
    const { page } = j;
    const kpi = await newCard();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/units/${kpi._id}/mapping?tab=${tabId}&type=kpi`);
    await dragTo(page, feature(page, 'revenue', 'Number'), bucket(page, 'kpi'));
    const preview = page.getByTestId('mapping-preview');
    await preview.getByText('650', { exact: true }).waitFor({ timeout: 15_000 });

    // Dropped on Filters, the column's filter menu opens at once; without a value it filters nothing.
    await dragTo(page, feature(page, 'revenue', 'Number'), bucket(page, 'filters'));
    const menu = page.getByTestId('filter-menu');
    await menu.waitFor();
    await menu.getByRole('textbox', { name: 'Value', exact: true }).fill('100');
    await shot(page, 'followup-filter-menu');
    await menu.getByRole('button', { name: 'Done', exact: true }).click();
    await menu.waitFor({ state: 'hidden' });
    // revenue > 100: 120 + 150 + 110.
    await preview.getByText('380', { exact: true }).waitFor({ timeout: 15_000 });
    await expectText(page, 'revenue > 100');
    await shot(page, 'followup-filter-applied');

    // The chip opens the menu again; emptying the value and closing drops the filter: back to 650.
    await page.getByRole('button', { name: 'Edit the filter: revenue > 100', exact: true }).click();
    await menu.waitFor();
    await menu.getByRole('textbox', { name: 'Value', exact: true }).fill('');
    await menu.getByRole('button', { name: 'Done', exact: true }).click();
    await expect.poll(() => chipsIn(page, 'filters').count()).toBe(0);
    await preview.getByText('650', { exact: true }).waitFor({ timeout: 15_000 });
  });

  it('maps a comparison KPI (custom) with the KPI bucket and previews it', async () => {
    const { page } = j;
    const unit = await newCard();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/units/${unit._id}/mapping?tab=${tabId}&type=custom`);
    await page.getByRole('combobox', { name: 'Card type', exact: true }).click();
    await page.getByRole('option', { name: 'Comparison KPI', exact: true }).click();
    await dragTo(page, feature(page, 'revenue', 'Number'), bucket(page, 'kpi'));
    // The next drop waits for the first chip (drops are not queued while the screen re-renders).
    await expect.poll(() => chipsIn(page, 'kpi').count()).toBe(1);
    await dragTo(page, feature(page, 'cost', 'Number'), bucket(page, 'kpi'));
    await expect.poll(() => chipsIn(page, 'kpi').count()).toBe(2);
    const preview = page.getByTestId('mapping-preview');
    await expect.poll(() => preview.getAttribute('data-fetching'), { timeout: 15_000 }).toBe('false');
    await preview.getByText('650', { exact: true }).waitFor({ timeout: 15_000 });
    // cost: 60 + 50 + 70 + 55 + 80 + 65.
    await preview.getByText(/Compared with 380/).waitFor({ timeout: 15_000 });
    await shot(page, 'followup-custom-kpi');
    // Chips reorder within their bucket: cost dropped on revenue takes its place (the current value first).
    const [revenueChip, costChip] = [chipsIn(page, 'kpi').nth(0), chipsIn(page, 'kpi').nth(1)];
    expect(await revenueChip.textContent()).toContain('revenue');
    const chipId = async (chip: Locator) => (await chip.getAttribute('data-testid'))!.replace(/^chip-/, '');
    const [revenueId, costId] = [await chipId(revenueChip), await chipId(costChip)];
    await dragTo(page, costChip.getByText('cost', { exact: true }), revenueChip);
    await expect.poll(() => chipsIn(page, 'kpi').nth(0).textContent()).toContain('cost');
    await preview.getByText(/Compared with 650/).waitFor({ timeout: 15_000 });
    await shot(page, 'followup-chip-reorder');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expectPath(page, tabPath());
    const saved = await readUnit(unit._id);
    expect(saved.subtype).toBe('comparisonKpi');
    // The saved order is the reordered one: the first KPI is the one that was second.
    const kpi = (saved.vis as { kpi: Array<{ id: string }> }).kpi;
    expect(kpi.map((k) => k.id)).toEqual([costId, revenueId]);
  });
});
