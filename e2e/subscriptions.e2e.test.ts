import { api, LANGUAGE_STORAGE_KEY } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';

/**
 * Issue 48, subscriptions (docs/data-apps.md "Subscriptions"): from a data app's menu, Subscribe… opens the dialog;
 * an editor adds a recipient, keeps the daily schedule, chooses a tab and saves; the subscription shows in the
 * dialog's list (its next send, nothing sent yet) and can be deleted. In English and in French.
 */
describe('subscriptions to a data app', () => {
  const j = useJourney();
  let projectId = '';
  let dashboardId = '';

  beforeAll(async () => {
    const token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    const setup = await CardsSetup.create(j.app, token, 'Subscriptions');
    projectId = setup.projectId;
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId, name: 'Weekly sales', description: '', type: 'Dashboard', tabName: 'Overview' },
    });
    dashboardId = dashboard._id;
    await callAs(j.app, token, api.createTab, {
      params: { id: dashboardId },
      body: { name: 'Details', description: '' },
    });
  });

  async function subscribe(
    page: Page,
    language: 'en' | 'fr',
    words: { menu: string; item: string; tabs: string; save: string; title: string },
  ) {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    if (language === 'fr')
      await page.evaluate(([key]) => localStorage.setItem(key as string, 'fr'), [LANGUAGE_STORAGE_KEY]);
    await page.goto(`/projects/${projectId}/dashboards/${dashboardId}`);
    await page.getByRole('button', { name: words.menu }).click();
    await page.getByRole('menuitem', { name: words.item }).click();
    const dialog = page.getByRole('dialog', { name: words.title });
    await dialog.waitFor();
    // The editor's own address is there to begin with; the schedule opens on every day from today.
    await expect.poll(() => dialog.textContent()).toContain(ADMIN.email);
    await dialog.getByLabel(words.tabs, { exact: true }).click();
    await page.getByRole('option', { name: 'Details' }).click();
    await dialog.getByRole('heading').first().click();
    await screenshot(page, `subscriptions-dialog-${language}`);
    await dialog.getByRole('button', { name: words.save, exact: true }).click();
    const row = dialog.getByTestId('subscription-row').filter({ hasText: ADMIN.email }).first();
    await row.waitFor();
    return { dialog, row };
  }

  it('an editor subscribes a member from the menu and sees it in the list (English)', async () => {
    const { page } = j;
    const { dialog, row } = await subscribe(page, 'en', {
      menu: 'Data app menu',
      item: 'Subscribe…',
      tabs: 'Tabs',
      save: 'Subscribe',
      title: 'Subscribe to Weekly sales',
    });
    await expect.poll(() => row.textContent()).toContain('Tabs: Details');
    expect(await row.textContent()).toContain('last sent: —');
    await screenshot(page, 'subscriptions-list-en');
    const listed = await callAs(j.app, await apiSignIn(j.app, ADMIN.email, ADMIN.password), api.listSubscriptions, {
      query: { dashboardId },
    });
    expect(listed.length).toBe(1);
    expect(listed[0]).toMatchObject({ format: 'pdf', recipients: [{ email: ADMIN.email, language: 'en' }] });
    await row.getByRole('button', { name: 'Delete subscription' }).click();
    await dialog.getByText('No subscriptions yet.').waitFor();
  });

  it('the same in French', async () => {
    const { page } = j;
    const { dialog, row } = await subscribe(page, 'fr', {
      menu: "Menu de l'application de données",
      item: "S'abonner…",
      tabs: 'Onglets',
      save: "S'abonner",
      title: "S'abonner à Weekly sales",
    });
    await expect.poll(() => row.textContent()).toContain('Onglets : Details');
    expect(await row.textContent()).toContain('dernier envoi : —');
    await screenshot(page, 'subscriptions-list-fr');

    // Edit: the form comes back filled in with the subscription; another tab is saved in place of the first.
    await row.getByRole('button', { name: "Modifier l'abonnement", exact: true }).click();
    await dialog.getByText(`Modification de l'abonnement de ${ADMIN.email}.`).waitFor();
    // With a tab chosen, the multi-select's text field shrinks behind its pill: opened from the keyboard.
    await dialog.getByLabel('Onglets', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Overview' }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'subscriptions-edit-fr');
    await dialog.getByRole('button', { name: 'Enregistrer les modifications', exact: true }).click();
    await expect.poll(() => row.textContent()).toContain('Onglets : Overview');

    const token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    const listed = await callAs(j.app, token, api.listSubscriptions, { query: { dashboardId } });
    expect(listed.map((s) => s.recipients[0]?.language)).toEqual(['fr']);
    expect(listed).toHaveLength(1);
  });
});
