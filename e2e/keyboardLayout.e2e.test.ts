import { api, LANGUAGE_STORAGE_KEY, type Tab } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { focusedName, pressUntilFocused, signInByKeyboard } from './support/keyboard.ts';
import { ADMIN } from './support/tessera.ts';

/**
 * Issue 50 (WCAG 2.1.1 keyboard, 2.5.7 dragging movements): an editor lays out a dashboard with the keyboard
 * alone — no click and no mouse in this file. Root signs in by typing and Enter, opens the dashboard, reaches a
 * card's move handle with Tab, moves it with the arrow keys and resizes it with Shift and the arrows, hears each
 * step in the live region, reloads and finds the layout kept; then the card menu's Move dialog, opened and used
 * by keys, in French; last a report's section moved down with Move down in its menu, by keys.
 */
describe('layout by keyboard', () => {
  const j = useJourney();
  const RAIN = 'Rain by month';
  const STOCK = 'Stock';
  let token = '';
  let projectId = '';
  let dashboardId = '';
  let tabId = '';
  let rain = '';
  let stock = '';

  // The dashboard is the setting, made through the API: two full-width cards, Rain by month above Stock.
  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    projectId = (await callAs(j.app, token, api.createProject, { body: { name: 'Weather' } }))._id;
    const dashboard = await callAs(j.app, token, api.createDashboard, { body: { projectId, name: 'Rainfall' } });
    dashboardId = dashboard._id;
    tabId = dashboard.tabs[0] as string;
    for (const name of [RAIN, STOCK]) {
      const { unit } = await callAs(j.app, token, api.createUnit, { params: { id: tabId }, body: {} });
      await callAs(j.app, token, api.updateUnit, { params: { id: unit._id }, query: {}, body: { name } });
      if (name === RAIN) rain = unit._id;
      else stock = unit._id;
    }
  });

  const tabPath = () => `/projects/${projectId}/dashboards/${dashboardId}/tabs/${tabId}`;
  const readTab = async (): Promise<Tab> => (await callAs(j.app, token, api.getTab, { params: { id: tabId } })).tab;
  const places = (tab: Tab) => Object.fromEntries(tab.layout.map(({ i, x, y, w, h }) => [i, `${x},${y} ${w}x${h}`]));

  /** Waits for the cards to stop gliding (react-grid-layout animates a move) before a screenshot. */
  const settled = (page: Page) => page.waitForTimeout(600);

  const announced = (page: Page) =>
    page
      .getByRole('status')
      .filter({ hasText: /moved|resized|déplacée|redimensionnée/ })
      .first()
      .textContent()
      .then((text) => text?.trim());

  it('moves and resizes a card with the arrow keys, announced, and keeps the layout across a reload', async () => {
    const { page } = j;
    await signInByKeyboard(page, ADMIN);
    await page.goto(tabPath());
    await page.getByRole('button', { name: `Move ${RAIN}`, exact: true }).waitFor();
    expect(places(await readTab())).toEqual({ [rain]: '0,0 12x3', [stock]: '0,3 12x3' });

    await pressUntilFocused(page, `Move ${RAIN}`);
    // Six columns narrower, then six columns right: Rain by month sits in the right half of the top row.
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => announced(page)).toBe(`${RAIN} resized to 6 columns by 3 rows`);
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => announced(page)).toBe(`${RAIN} moved to column 7, row 1`);
    // The grid's edge: one more step right changes nothing and says where the card still is.
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe(`Move ${RAIN}`);
    // Down trades places with Stock, below it; one row taller.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => announced(page)).toBe(`${RAIN} moved to column 7, row 4`);
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => announced(page)).toBe(`${RAIN} resized to 6 columns by 4 rows`);
    await settled(page);
    await screenshot(page, 'keyboard-layout-en');

    // Saved as a drag saves it (after the grid's short pause), and drawn the same after a reload.
    await expect
      .poll(async () => places(await readTab()), { timeout: 10_000 })
      .toEqual({ [rain]: '6,3 6x4', [stock]: '0,0 12x3' });
    await page.reload();
    const rainCard = page.getByTestId(`card-${rain}`);
    const stockCard = page.getByTestId(`card-${stock}`);
    await page.getByRole('button', { name: `Move ${RAIN}`, exact: true }).waitFor();
    const [rainBox, stockBox] = [await rainCard.boundingBox(), await stockCard.boundingBox()];
    expect(rainBox && stockBox).toBeTruthy();
    expect(rainBox!.y).toBeGreaterThan(stockBox!.y + stockBox!.height - 1);
    expect(rainBox!.x).toBeGreaterThan(stockBox!.x + stockBox!.width / 2 - 20);
  });

  it('moves a card with the Move dialog of its menu, opened and used by keys, in French', async () => {
    const { page } = j;
    await page.context().addInitScript(([key]) => localStorage.setItem(key as string, 'fr'), [LANGUAGE_STORAGE_KEY]);
    await signInByKeyboard(page, ADMIN);
    await page.goto(tabPath());
    await page.getByRole('button', { name: `Déplacer ${RAIN}`, exact: true }).waitFor();
    // Rain by month's menu: the first "Menu de la carte" after its move handle; Enter opens it, the arrows walk it.
    await pressUntilFocused(page, `Déplacer ${RAIN}`);
    await page.keyboard.press('Tab');
    await pressUntilFocused(page, 'Menu de la carte');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Déplacer', exact: true }).waitFor();
    await pressUntilFocused(page, 'Déplacer', { key: 'ArrowDown', most: 10 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Déplacer ${RAIN}` });
    await dialog.waitFor();
    await pressUntilFocused(page, 'Vers le haut');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Colonne 7, ligne 1');
    await settled(page);
    await screenshot(page, 'keyboard-layout-move-dialog-fr', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The focus is back on the menu's button, not lost on the page.
    await expect.poll(() => focusedName(page)).toBe('Menu de la carte');
    await expect
      .poll(async () => places(await readTab()), { timeout: 10_000 })
      .toEqual({ [rain]: '6,0 6x4', [stock]: '0,4 12x3' });
  });

  it("moves a report's section with Move down in its menu, by keys, announced and kept", async () => {
    const { page } = j;
    const report = await callAs(j.app, token, api.createDashboard, {
      body: { projectId, name: 'Seasons', type: 'Report', tabName: 'Spring' },
    });
    const spring = report.tabs[0] as string;
    const summer = (await callAs(j.app, token, api.createTab, { params: { id: report._id }, body: { name: 'Summer' } }))
      .tab._id;
    await signInByKeyboard(page, ADMIN);
    await page.goto(`/projects/${projectId}/dashboards/report/${report._id}/tabs/${spring}`);
    const menuName = 'Menu of section Spring';
    await page.getByRole('button', { name: menuName, exact: true }).waitFor();
    await pressUntilFocused(page, menuName);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Move down', exact: true }).waitFor();
    // The first section has nowhere to go up.
    expect(await page.getByRole('menuitem', { name: 'Move up', exact: true }).count()).toBe(0);
    for (let presses = 0; presses < 10 && (await focusedName(page)) !== 'Move down'; presses += 1)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page)).toBe('Section Spring moved to position 2 of 2');
    const sectionNames = () =>
      page.locator('section[aria-label]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    await expect.poll(sectionNames).toEqual(['Summer', 'Spring']);
    // The focus is back on the moved section's menu button.
    await expect.poll(() => focusedName(page)).toBe(menuName);
    await screenshot(page, 'keyboard-layout-section-moved', { fullPage: false });
    await expect
      .poll(async () => (await callAs(j.app, token, api.getDashboard, { params: { id: report._id } })).dashboard.tabs, {
        timeout: 10_000,
      })
      .toEqual([summer, spring]);
  });
});
