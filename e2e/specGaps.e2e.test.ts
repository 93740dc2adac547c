import { api, defaultPattern, type Model, TRIGGER_DEFAULTS, todayIn } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { builtPackage, confirmedModel, settledRun } from './support/models.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, signIn } from './support/ui.ts';

/**
 * Issue 44 (the spec audit's gaps) through the screens: the model's Info tab sets result storage and the run
 * button's text and links to its code; a scheduled run is edited; the package lists the models using it; the role
 * editor shows Packages following Models; a public dashboard shows its model bar read-only; the models help, the
 * Outputs tab's preview, a data app deleted by typing its name, a "re:" search over chosen fields. Each screen in en
 * and fr.
 */
describe('the spec audit’s gaps, on screen', () => {
  const j = useJourney();
  let projectId = '';
  let model: Model;
  let packageId = '';
  let dashboardId = '';
  let tabId = '';

  beforeAll(async () => {
    const token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    const setup = await CardsSetup.create(j.app, token, 'Gaps');
    projectId = setup.projectId;
    const pkg = await builtPackage(j.app, token, projectId, 'calc', {
      'requirements.txt': '',
      'calc.py': 'def summary(n: int = 3) -> dict:\n    return {"n": n}\n',
    });
    packageId = pkg._id;
    model = await confirmedModel(j.app, token, pkg, 'summary', (m) => ({
      name: 'Summary',
      inputs: m.inputs.map((i) => ({ ...i, name: 'N', display: { ...i.display, modelBar: true } })),
    }));
    const run = await settledRun(j.app, token, model._id, [{ varName: 'n', value: 5 }]);
    expect(run.status, run.error ?? '').toBe('finished');
    const output = await callAs(j.app, token, api.getDataset, { params: { id: run.outputs[0].dataset._id } });
    const n = output.features.find((f) => f.name === 'n');
    if (!n) throw new Error('no n column');
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId, name: 'Board', description: '', type: 'Dashboard', tabName: 'Main' },
    });
    dashboardId = dashboard._id;
    tabId = dashboard.tabs[0] as string;
    await setup.addCard(tabId, { x: 0, y: 0, w: 4, h: 2 }, 'N', 'kpi', {
      kpi: [{ id: 'n', feature: { _id: n._id, dataset: { _id: output._id } }, operation: 'sum' }],
    } as never);
    const today = todayIn(TRIGGER_DEFAULTS.timezone, new Date()) ?? new Date().toISOString().slice(0, 10);
    await callAs(j.app, token, api.createTrigger, {
      body: {
        name: 'Nightly',
        description: '',
        modelId: model._id,
        projectId,
        inputs: [{ varName: 'n', value: '4' }],
        pattern: { ...defaultPattern(today), repeat: { unit: 'days', value: 1 } },
      },
    });
    await callAs(j.app, token, api.updateProject, { params: { id: projectId }, body: { public: true } });
  }, 240_000);

  async function signedIn(): Promise<Page> {
    await signIn(j.page, ADMIN.email, ADMIN.password);
    await expectPath(j.page, '/projects');
    return j.page;
  }

  async function inLanguage(page: Page, lang: 'en' | 'fr') {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
  }

  it('Model Info: result storage, run button text, link to the code; the bar runs with that text', {
    timeout: 120_000,
  }, async () => {
    const page = await signedIn();
    await page.goto(`/projects/${projectId}/models/${model._id}`);
    await page.getByRole('combobox', { name: 'Result storage' }).click();
    await page.getByRole('option', { name: 'Merge runs', exact: true }).click();
    const text = page.getByRole('textbox', { name: 'Run button text' });
    await text.fill('Forecast');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectText(page, 'Each run adds its rows to the previous ones.');
    const link = page.getByRole('link', { name: 'summary (view source code)' });
    expect(await link.getAttribute('href')).toBe(`/projects/${projectId}/packages/${packageId}/code`);
    await screenshot(page, 'gaps-1-model-info-en');
    // Saved: the dashboard's model bar shows the new text.
    await page.goto(`/projects/${projectId}/dashboards/${dashboardId}/tabs/${tabId}`);
    await page.getByRole('button', { name: 'Forecast', exact: true }).waitFor();
    await page.goto(`/projects/${projectId}/models/${model._id}`);
    await inLanguage(page, 'fr');
    await expectText(page, 'Chaque exécution ajoute ses lignes aux précédentes.');
    await page.getByRole('link', { name: 'summary (voir le code source)' }).waitFor();
    await screenshot(page, 'gaps-1-model-info-fr');
    await inLanguage(page, 'en');
  });

  it('edits a scheduled run from its menu', { timeout: 60_000 }, async () => {
    const page = await signedIn();
    await page.goto(`/projects/${projectId}/models/${model._id}`);
    await page
      .getByRole('button', { name: /Nightly/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Edit Scheduled Run', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit scheduled run' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('Nightly');
    expect(await dialog.getByRole('textbox', { name: 'N', exact: true }).inputValue()).toBe('4');
    await name.fill('Every night');
    await screenshot(page, 'gaps-2-trigger-edit-en');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page, 'Every night');
    await inLanguage(page, 'fr');
    await page
      .getByRole('button', { name: /Every night/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: "Modifier l'exécution planifiée", exact: true }).click();
    await page.getByRole('dialog', { name: "Modifier l'exécution planifiée" }).waitFor();
    await screenshot(page, 'gaps-2-trigger-edit-fr');
    await inLanguage(page, 'en');
  });

  it('the package lists the models using it', { timeout: 60_000 }, async () => {
    const page = await signedIn();
    await page.goto(`/projects/${projectId}/packages/${packageId}`);
    await expectText(page, 'Used in 1 model(s)');
    const link = page.getByRole('link', { name: 'Summary', exact: true });
    expect(await link.getAttribute('href')).toBe(`/projects/${projectId}/models/${model._id}`);
    await expectText(page, 'function summary');
    await screenshot(page, 'gaps-3-package-used-in-en');
    await inLanguage(page, 'fr');
    await expectText(page, 'Utilisé dans 1 modèle(s)');
    await screenshot(page, 'gaps-3-package-used-in-fr');
    await inLanguage(page, 'en');
  });

  it('the role editor shows Packages following Models', { timeout: 60_000 }, async () => {
    const page = await signedIn();
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Project menu for Gaps', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit Members', exact: true }).click();
    await page
      .getByRole('button', { name: /^Edit role of/ })
      .first()
      .click();
    await expectText(page, 'Follows Models');
    await screenshot(page, 'gaps-4-role-editor-en', { fullPage: false });
    await inLanguage(page, 'fr');
    await page.getByRole('button', { name: 'Menu du projet Gaps', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Modifier les membres', exact: true }).click();
    await page
      .getByRole('button', { name: /^Modifier le rôle/ })
      .first()
      .click();
    await expectText(page, 'Suit Modèles');
    await screenshot(page, 'gaps-4-role-editor-fr', { fullPage: false });
    await inLanguage(page, 'en');
  });

  it('a visitor sees the public dashboard’s model bar read-only, with the inputs of the run shown', {
    timeout: 60_000,
  }, async () => {
    const visitor = await j.anotherPage();
    {
      await visitor.goto(`/public/dashboards/${dashboardId}/tabs/${tabId}`);
      const input = visitor.getByRole('textbox', { name: 'N' });
      await input.waitFor();
      expect([await input.inputValue(), await input.getAttribute('readonly')]).toEqual(['5', '']);
      await expectText(visitor, 'Inputs of the results shown');
      expect(await visitor.getByRole('button', { name: 'Forecast' }).count()).toBe(0);
      await screenshot(visitor, 'gaps-5-public-model-bar-en');
      await inLanguage(visitor, 'fr');
      await expectText(visitor, 'Entrées des résultats affichés');
      await screenshot(visitor, 'gaps-5-public-model-bar-fr');
    }
  });

  it('models help, the Outputs tab’s rows, typed deletion of a data app, and a "re:" search over chosen fields', {
    timeout: 120_000,
  }, async () => {
    const page = await signedIn();
    await page.goto(`/projects/${projectId}/models`);
    await expectText(page, 'About models');
    await screenshot(page, 'gaps-6-models-help-en');
    await inLanguage(page, 'fr');
    await expectText(page, 'À propos des modèles');
    await screenshot(page, 'gaps-6-models-help-fr');
    await inLanguage(page, 'en');
    await page.getByRole('button', { name: 'Got it', exact: true }).click();
    await page.getByText('About models').waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { name: 'Source Code' }).waitFor();
    expect(await page.getByText('About models').count(), 'dismissed for good').toBe(0);

    await page.goto(`/projects/${projectId}/models/${model._id}`);
    await page.getByRole('tab', { name: 'Outputs', exact: true }).click();
    const preview = page.getByTestId('output-preview').first();
    await expect.poll(() => page.title()).toBe('Summary · Models · Gaps · Tessera');
    await preview.getByRole('columnheader', { name: 'n', exact: true }).waitFor();
    expect(await preview.getByRole('cell').first().textContent()).toBe('5');
    await expectText(page, 'The first row of 1');
    await screenshot(page, 'gaps-7-outputs-preview-en');
    await inLanguage(page, 'fr');
    await page.getByRole('tab', { name: 'Sorties', exact: true }).click();
    await expectText(page, 'La première ligne sur 1');
    await screenshot(page, 'gaps-7-outputs-preview-fr');
    await inLanguage(page, 'en');

    const token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    await callAs(j.app, token, api.createDashboard, {
      body: { projectId, name: 'Scratch board', description: '', type: 'Dashboard', tabName: 'One' },
    });
    await page.goto(`/projects/${projectId}/dashboards`);
    await inLanguage(page, 'fr');
    await page.getByRole('button', { name: 'Menu de Scratch board', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Supprimer le tableau de bord', exact: true }).click();
    const dialogFr = page.getByRole('dialog', { name: 'Supprimer le tableau de bord' });
    await dialogFr.getByRole('textbox', { name: 'Saisissez Scratch board pour confirmer' }).fill('Scratch');
    await screenshot(page, 'gaps-8-typed-delete-fr', { fullPage: false });
    await inLanguage(page, 'en');
    await page.getByRole('button', { name: 'Menu of Scratch board', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete Dashboard', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Dashboard' });
    const typed = dialog.getByRole('textbox', { name: 'Type Scratch board to confirm' });
    await typed.fill('Scratch');
    await dialog.getByText('Does not match').waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'gaps-8-typed-delete-en', { fullPage: false });
    await typed.fill('Scratch board');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Menu of Scratch board', exact: true }).waitFor({ state: 'detached' });
    expect(await page.title()).toBe('Data Apps · Gaps · Tessera');

    await page.goto('/settings/root/organizations');
    const search = page.getByRole('textbox', { name: 'Search', exact: true });
    await search.fill('re:^.');
    const fields = page.getByRole('combobox', { name: 'Search in' });
    await fields.click();
    await page.getByRole('option', { name: 'Plan', exact: true }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'gaps-9-regex-fields-en', { fullPage: false });
    await inLanguage(page, 'fr');
    await page.getByRole('textbox', { name: 'Rechercher', exact: true }).fill('re:^.');
    await page.getByRole('combobox', { name: 'Rechercher dans' }).waitFor();
    await screenshot(page, 'gaps-9-regex-fields-fr', { fullPage: false });
    await inLanguage(page, 'en');
  });
});
