import { api, LANGUAGE_STORAGE_KEY } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectToast, signIn } from './support/ui.ts';

/**
 * Issue 48, alerts (docs/data-apps.md "Alerts"): "Set alert…" in a KPI card's menu, the alert listed in the data
 * app menu's Alerts panel; an append that pushes the KPI over the threshold raises a notice in the open page and
 * a mail over real SMTP; the panel and the dialog in French.
 */
describe('alerts on a KPI card', () => {
  const j = useJourney();
  let token = '';
  let setup: CardsSetup;
  let datasetId = '';
  let dashboardId = '';
  let tabId = '';
  let kpiId = '';

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    setup = await CardsSetup.create(j.app, token, 'Alerts');
    const dataset = await setup.importCsv('sales.csv', 'region,amount\nNorth,10\nSouth,20\nEast,10\n');
    datasetId = dataset._id;
    const amount = dataset.features.find((f) => f.name === 'amount');
    if (!amount) throw new Error('no amount');
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: 'Sales watch', description: '', type: 'Dashboard', tabName: 'Main' },
    });
    dashboardId = dashboard._id;
    tabId = dashboard.tabs[0] as string;
    kpiId = await setup.addCard(tabId, { x: 0, y: 0, w: 4, h: 2 }, 'Total amount', 'kpi', {
      kpi: [{ id: 'kpi-total', feature: { _id: amount._id, dataset: { _id: datasetId } }, operation: 'sum' }],
      filters: [],
    });
  });

  /** Lets Mantine's drawer and menu transitions end before a screenshot (they last 200 ms). */
  const settled = (page: import('playwright-core').Page) => page.waitForTimeout(400);

  /** Appends rows through the real endpoint (multipart), as the datasets page does. */
  async function append(csv: string) {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'more.csv');
    const res = await fetch(`${j.app.url}${api.appendDataset.path.replace(':id', datasetId)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it('sets an alert from the card menu, lists it, and tells of its firing by notice and mail; in French too', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${setup.projectId}/dashboards/${dashboardId}/tabs/${tabId}`);
    const card = page.getByTestId(`card-${kpiId}`);
    await card.getByText('40').waitFor();

    await card.getByRole('button', { name: 'Card menu' }).click();
    await page.getByRole('menuitem', { name: 'Set alert…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set an alert' });
    await dialog.getByRole('textbox', { name: 'Threshold' }).fill('100');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Big total');
    await dialog.getByLabel('Value', { exact: true }).click();
    await page.getByRole('option', { name: 'amount (sum)' }).click();
    await screenshot(page, 'alerts-1-dialog-en', { fullPage: false });
    await dialog.getByRole('button', { name: 'Set alert' }).click();
    await expectToast(page, 'Alert set.');

    await page.getByRole('button', { name: 'Data app menu' }).click();
    await page.getByRole('menuitem', { name: 'Alerts' }).click();
    const panel = page.getByRole('dialog', { name: 'Alerts' });
    const row = panel.getByRole('group', { name: 'Big total' });
    await row.getByText('above 100').waitFor();
    await row.getByText('Last value: 40').waitFor();
    await row.getByText('Never fired').waitFor();
    await settled(page);
    await screenshot(page, 'alerts-2-panel-en', { fullPage: false });

    // An append pushes the total to 140: the notice comes live, the mail over SMTP, the panel shows the firing.
    const mails = j.app.mailbox.received.length;
    await append('region,amount\nWest,100\n');
    await expectToast(page, 'Alert: Big total');
    await row.getByText('Condition true').waitFor();
    await row
      .getByRole('list', { name: 'Firings' })
      .getByRole('listitem')
      .filter({ hasText: /: 140$/ })
      .waitFor();
    await settled(page);
    await screenshot(page, 'alerts-3-fired-en', { fullPage: false });
    const mail = await j.app.mailbox.waitForMail(ADMIN.email, { since: mails, timeoutMs: 30_000 });
    expect(mail.subject).toBe('Tessera alert: Big total');
    expect(mail.text).toContain('The value is 140, above 100.');
    expect(mail.text).toContain(`/projects/${setup.projectId}/dashboards/${dashboardId}/tabs/${tabId}`);

    // In French.
    await page.evaluate(([key]) => localStorage.setItem(key as string, 'fr'), [LANGUAGE_STORAGE_KEY]);
    await page.reload();
    await card.getByText('140').waitFor();
    await page.getByRole('button', { name: "Menu de l'application de données", exact: true }).click();
    await page.getByRole('menuitem', { name: 'Alertes', exact: true }).click();
    const fr = page.getByRole('dialog', { name: 'Alertes' });
    await fr.getByRole('group', { name: 'Big total' }).getByText('au-dessus de 100').waitFor();
    await fr.getByText('Condition vraie').waitFor();
    await settled(page);
    await screenshot(page, 'alerts-4-panel-fr', { fullPage: false });

    // Edit from the panel: the dialog opens filled in, a new threshold is saved in place.
    await fr.getByRole('group', { name: 'Big total' }).getByRole('button', { name: 'Modifier l’alerte' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Modifier l’alerte' });
    const threshold = editDialog.getByRole('textbox', { name: 'Seuil' });
    await expect.poll(() => threshold.inputValue()).toBe('100');
    await threshold.fill('200');
    await settled(page);
    await screenshot(page, 'alerts-6-edit-fr', { fullPage: false });
    await editDialog.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expectToast(page, 'Alerte enregistrée.');
    await fr.getByRole('group', { name: 'Big total' }).getByText('au-dessus de 200').waitFor();
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Menu de la carte' }).click();
    await page.getByRole('menuitem', { name: 'Créer une alerte…' }).click();
    const frDialog = page.getByRole('dialog', { name: 'Créer une alerte' });
    await frDialog.getByRole('textbox', { name: 'Seuil' }).waitFor();
    await settled(page);
    await screenshot(page, 'alerts-5-dialog-fr', { fullPage: false });
  });
});
