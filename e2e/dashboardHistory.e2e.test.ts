import { api, LANGUAGE_STORAGE_KEY, type Tab, type Vis } from '@tessera/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup, type FeatureIds, salesCsv } from './support/cards.ts';
import { dragTo } from './support/drag.ts';
import { columnWidth, dragBy, resizeHandle, settledBox } from './support/grid.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';

/**
 * Issue 47 end to end (docs/data-apps.md "History", "Undo and redo"): an editor moves, resizes, remaps and deletes
 * cards with the mouse; undoes all of it step by step (Ctrl+Z and the Undo button), redoes half, reloads (the
 * state is the server's), opens History from the data app's menu, previews an old version and restores it,
 * while a second browser on the same tab sees the restore arrive live. Screenshots in English and French.
 */
describe('data app history, undo and redo', () => {
  const j = useJourney();
  let token = '';
  let setup: CardsSetup;
  let ids: FeatureIds;
  let dashboardId = '';
  let tabId = '';
  let cardA = '';
  let cardB = '';

  const bar = (f: FeatureIds, value: string, operation: string): Vis => ({
    chartType: 'bar',
    independent: [{ series: [{ id: 'reg', feature: { _id: f.region, dataset: { _id: f.datasetId } } }] }],
    dependent: [{ series: [{ id: 'val', feature: { _id: value, dataset: { _id: f.datasetId } }, operation }] }],
  });

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    setup = await CardsSetup.create(j.app, token, 'Weather');
    ids = await setup.uploadDataset('sales.csv', salesCsv(40).text);
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: 'Sales history' },
    });
    dashboardId = dashboard._id;
    tabId = dashboard.tabs[0] as string;
    cardA = await setup.addCard(
      tabId,
      { x: 0, y: 0, w: 6, h: 4 },
      'Amount by region',
      'chart',
      bar(ids, ids.amount, 'sum'),
    );
    cardB = await setup.addCard(
      tabId,
      { x: 6, y: 0, w: 6, h: 4 },
      'Quantity by region',
      'chart',
      bar(ids, ids.quantity, 'sum'),
    );
    // A saved tab filter the versions keep; it is cleared before History opens (the preview shows it as it was).
    await callAs(j.app, token, api.addTabFilter, {
      params: { id: tabId },
      body: { type: 'category', operation: 'equal', value: ['North'], feature: { id: ids.region } },
    });
  });

  const tabPath = () => `/projects/${setup.projectId}/dashboards/${dashboardId}/tabs/${tabId}`;
  const card = (page: Page, unitId: string): Locator => page.getByTestId(`card-${unitId}`);
  /** What the server holds of the tab: each card's box and mapping. */
  async function state(): Promise<string> {
    const { tab, units } = await callAs(j.app, token, api.getTab, { params: { id: tabId } });
    const boxes = Object.fromEntries((tab as Tab).layout.map(({ i, x, y, w, h }) => [i, [x, y, w, h]]));
    const cards = units.map((u) => [u._id, JSON.stringify(u.vis)]).sort();
    return JSON.stringify({ boxes, cards, order: tab.units });
  }
  const changedFrom = async (before: string) => expect.poll(state, { timeout: 15_000 }).not.toBe(before);
  const becomes = async (expected: string) => expect.poll(state, { timeout: 15_000 }).toBe(expected);

  it('moves, resizes, remaps and deletes; undoes it all, redoes half, reloads; restores a version seen live', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(tabPath());
    await card(page, cardA).waitFor();
    await card(page, cardB).waitFor();
    const states = [await state()];

    // 1. Move card B below card A by its drag handle (six columns left, a card's height down).
    const grid = await settledBox(page.locator('.react-grid-layout'));
    const column = columnWidth(grid.width, 12) + 20;
    await dragBy(page, card(page, cardB).getByRole('button', { name: /^Move / }), -6 * column, 360);
    await changedFrom(states[0]!);
    states.push(await state());
    // 2. Widen card A by three columns with its corner handle.
    await dragBy(page, resizeHandle(card(page, cardA)), 3 * column, 0);
    await changedFrom(states[1]!);
    states.push(await state());
    // 3. Remap card B: amount joins its Y axis in the mapping editor, saved.
    await card(page, cardB).getByRole('button', { name: 'Edit', exact: true }).click();
    await expectPath(page, new RegExp(`/units/${cardB}/mapping`));
    const gotIt = page.getByRole('button', { name: 'Got it', exact: true });
    if (await gotIt.isVisible().catch(() => false)) await gotIt.click();
    await dragTo(
      page,
      page.getByRole('button', { name: 'amount (Number)', exact: true }),
      page.getByTestId('bucket-dependent-0'),
    );
    await expect.poll(() => page.getByTestId('bucket-dependent-0').locator('[data-testid^="chip-"]').count()).toBe(2);
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await expectPath(page, tabPath());
    await changedFrom(states[2]!);
    states.push(await state());
    // 4. Delete card A from its menu.
    await card(page, cardA).getByRole('button', { name: 'Card menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await page.getByText('Delete this card?', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await card(page, cardA).waitFor({ state: 'detached' });
    await changedFrom(states[3]!);
    states.push(await state());
    await screenshot(page, 'history-1-edited');

    // Undo all four, one at a time: the delete, the remap (Ctrl+Z), the resize and the move (the Undo button).
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    // A press while the previous step is still on its way is ignored (both buttons are off meanwhile): each waits
    // for its button to be ready.
    const ready = (button: Locator) => expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await ready(undo);
    await page.keyboard.press('Control+z');
    await becomes(states[3]!);
    await card(page, cardA).waitFor();
    await ready(undo);
    await page.keyboard.press('Control+z');
    await becomes(states[2]!);
    await ready(undo);
    await undo.click();
    await becomes(states[1]!);
    await ready(undo);
    await undo.click();
    await becomes(states[0]!);
    await expect.poll(() => undo.isDisabled()).toBe(true);
    // Redo half: the move (Ctrl+Shift+Z) and the resize (the Redo button).
    await ready(redo);
    await page.keyboard.press('Control+Shift+z');
    await becomes(states[1]!);
    await ready(redo);
    await redo.click();
    await becomes(states[2]!);
    await screenshot(page, 'history-2-undone-redone');

    // A reload shows what the server kept.
    await page.reload();
    await card(page, cardA).waitFor();
    expect(await state()).toBe(states[2]);

    // A second browser on the same tab.
    const other = await j.anotherPage();
    await signIn(other, ADMIN.email, ADMIN.password);
    await expectPath(other, '/projects');
    await other.goto(tabPath());
    await card(other, cardA).waitFor();
    const wide = (await settledBox(card(other, cardA))).width;
    // Today the tab has no filter any more (a version of its own); the versions before it had 'region = North'.
    await callAs(j.app, token, api.clearTabFilters, { params: { id: tabId } });

    // History from the data app's menu: newest first, grouped by day.
    await page.getByRole('button', { name: 'Data app menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'History', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'History' });
    await panel
      .getByText(/resized 'Amount by region'/)
      .first()
      .waitFor();
    await screenshot(page, 'history-3-panel-en');
    const versions = await callAs(j.app, token, api.listDashboardVersions, {
      params: { id: dashboardId },
      query: {},
    });
    const moved = versions.versions.find((v) => v.kind === 'cardMoved');
    expect(moved, versions.versions.map((v) => v.summary).join('\n')).toBeDefined();
    // The version's cards ask for their data under the filter saved then, not today's (none).
    const versionData = page.waitForRequest(
      (r) => r.url().includes(`/versions/${moved!._id}/units/${cardA}/data`) && r.method() === 'POST',
    );
    await panel.getByRole('button', { name: `Open version ${moved!.number}`, exact: true }).click();
    const preview = page.getByRole('dialog', { name: `Version ${moved!.number}` });
    await preview.getByText('What differs from now', { exact: true }).waitFor();
    await preview.getByText("'Amount by region': size changed since", { exact: true }).waitFor();
    await preview.getByText(/^Tab '.*': filters changed since$/).waitFor();
    const thenFilters = preview.getByRole('list', { name: 'Filters of this tab then:' });
    await thenFilters.getByRole('listitem').filter({ hasText: 'region = North' }).waitFor();
    const sent = JSON.parse((await versionData).postData() ?? '{}') as { filters?: Array<{ value: unknown }> };
    expect(sent.filters?.map((f) => f.value)).toEqual([['North']]);
    for (const id of [cardA, cardB]) {
      await preview.getByTestId(`card-${id}`).locator('[data-testid="card-body"][data-state="view"]').waitFor();
    }
    await screenshot(page, 'history-4-preview-en');

    // Restore: a new version equal to it; the other browser sees card A narrow again without reloading.
    await preview.getByRole('button', { name: 'Restore this version', exact: true }).click();
    await page.getByText(`Version ${moved!.number} was restored.`, { exact: true }).waitFor();
    await becomes(states[1]!);
    await expect.poll(async () => (await settledBox(card(other, cardA))).width, { timeout: 15_000 }).toBeLessThan(wide);
    const after = await callAs(j.app, token, api.listDashboardVersions, {
      params: { id: dashboardId },
      query: {},
    });
    expect(after.total).toBe(versions.total + 1);
    expect(after.versions[0]?.summary).toMatch(new RegExp(`restored version ${moved!.number}$`));
    await screenshot(other, 'history-5-other-browser-live');

    // In French.
    await page.evaluate(([key]) => localStorage.setItem(key as string, 'fr'), [LANGUAGE_STORAGE_KEY]);
    await page.reload();
    await card(page, cardA).waitFor();
    await page.getByRole('button', { name: "Menu de l'application de données", exact: true }).click();
    await page.getByRole('menuitem', { name: 'Historique', exact: true }).click();
    const fr = page.getByRole('dialog', { name: 'Historique' });
    await fr.getByText(new RegExp(`a restauré la version ${moved!.number}$`)).waitFor();
    await screenshot(page, 'history-6-panel-fr');
    await fr.getByRole('button', { name: `Ouvrir la version ${moved!.number}`, exact: true }).click();
    await page
      .getByRole('dialog', { name: `Version ${moved!.number}` })
      .getByText("Rien ne diffère d'aujourd'hui.")
      .waitFor();
    await screenshot(page, 'history-7-preview-fr');
  });
});
