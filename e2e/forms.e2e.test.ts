import { api, type Form, formatNumber, LANGUAGE_STORAGE_KEY, type Vis } from '@tessera/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { chooseOption, dialog, fieldLabel } from './support/org.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';

/**
 * Issue 18 end to end: an editor builds a form with every element type in the builder, publishes it, and two
 * anonymous visitors answer it from a fresh browser (one invalid attempt first); a KPI card on a dashboard
 * reading the Form Responses dataset counts both responses without a reload; closing the form makes the public
 * page refuse. Screenshots in English and French.
 */
describe('forms: build, publish, answer, chart live, close', () => {
  const j = useJourney();
  let token = '';
  let setup: CardsSetup;
  let formId = '';

  const builderPath = () => `/projects/${setup.projectId}/forms/${formId}`;

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    setup = await CardsSetup.create(j.app, token, 'Staff data');
  });

  /** Adds one element through the Add element menu and its modal. */
  async function addElement(page: Page, type: string, fill: (modal: Locator) => Promise<void>) {
    await page.getByRole('button', { name: 'Add element' }).click();
    await page.getByRole('menuitem', { name: type, exact: true }).click();
    const modal = dialog(page, `Add ${type}`);
    await fill(modal);
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
  }
  const question =
    (text: string, required = false) =>
    async (modal: Locator) => {
      await modal.getByLabel(fieldLabel('Question')).fill(text);
      if (required) await modal.getByRole('switch', { name: 'Required' }).check();
    };
  const withOptions =
    (text: string, options: string, required = false) =>
    async (modal: Locator) => {
      await question(text, required)(modal);
      await modal.getByLabel(fieldLabel('Options')).fill(options);
    };

  /** Waits until a dialog has faded in (its opening transition), so that a screenshot shows it as a person does. */
  const shownInFull = (modal: Locator) =>
    expect.poll(() => modal.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

  /** Fills the public form with one visitor's answers. */
  async function answer(page: Page, name: string, hours: string, mood: string) {
    await page.getByLabel(fieldLabel('Name')).fill(name);
    await page.getByLabel(fieldLabel('Comments')).fill(`Notes from ${name}`);
    await page.getByLabel(fieldLabel('Hours')).fill(hours);
    // The Select's input (its open list is labelled by the same label).
    await page.getByLabel(fieldLabel('Team')).first().click();
    await page.getByRole('option', { name: 'Ops', exact: true }).click();
    await page.getByRole('radio', { name: 'South' }).check();
    await page.getByRole('checkbox', { name: 'Python' }).check();
    await page.getByRole('group', { name: 'Mood' }).getByRole('button', { name: mood, exact: true }).click();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByLabel(fieldLabel('Start date')).fill('2026-03-01');
    await page.getByLabel(fieldLabel('Start time')).fill('08:30');
  }

  it('builds every element type, publishes, takes two anonymous responses a KPI card counts live, then closes', async () => {
    const { page, context } = j;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${setup.projectId}/forms`);
    await page.getByText('No forms.').waitFor();

    // Create Form: name required, then the new form opens in the builder.
    await page.getByRole('button', { name: 'Create Form' }).click();
    const create = dialog(page, 'Create Form');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('Required').waitFor();
    await create.getByLabel(fieldLabel('Name')).fill('Staff survey');
    await create.getByLabel('Description').fill('Five minutes, anonymous');
    await create.getByRole('button', { name: 'Create' }).click();
    await expectPath(page, /\/forms\/[0-9a-f]{24}$/);
    formId = page.url().split('/').pop()!;

    await addElement(page, 'Title', (m) => m.getByLabel(fieldLabel('Title')).fill('About your week'));
    await addElement(page, 'Short text', question('Name', true));
    await addElement(page, 'Long text', question('Comments'));
    await addElement(page, 'Number', async (m) => {
      await question('Hours')(m);
      await m.getByRole('checkbox', { name: 'Allow decimals' }).check();
    });
    // An empty option is refused with the spec's words.
    await page.getByRole('button', { name: 'Add element' }).click();
    await page.getByRole('menuitem', { name: 'Dropdown', exact: true }).click();
    const dropdown = dialog(page, 'Add Dropdown');
    await withOptions('Team', 'Sales, , IT', true)(dropdown);
    await dropdown.getByRole('button', { name: 'Save' }).click();
    await dropdown.getByText('This input is required.').waitFor();
    await dropdown.getByLabel(fieldLabel('Options')).fill('Sales, Ops, IT');
    await dropdown.getByRole('button', { name: 'Save' }).click();
    await dropdown.waitFor({ state: 'hidden' });
    await addElement(page, 'Single choice', withOptions('Site', 'North, South'));
    await addElement(page, 'Checkboxes', withOptions('Tools', 'Excel, Tableau, Python'));
    await addElement(page, 'Rating scale', async (m) => {
      await question('Mood')(m);
      await chooseOption(m, 'Scale', '-5 to 5');
      await m.getByLabel('Left text').fill('Bad');
      await m.getByLabel('Right text').fill('Good');
    });
    // No texts of its own: respondents see Yes and No (Oui and Non in French).
    await addElement(page, 'Yes or no', question('Remote'));
    await addElement(page, 'Date', question('Start date'));
    await addElement(page, 'Time', question('Start time'));
    const rows = page.getByTestId('form-element');
    await expect.poll(() => rows.count()).toBe(11);

    // Move up and move to top only after the second element; the keyboard reorders too.
    expect(await rows.nth(1).getByRole('button', { name: 'Move up' }).count()).toBe(0);
    await rows.nth(2).getByRole('button', { name: 'Move to top' }).click();
    await expect.poll(() => rows.nth(0).textContent()).toContain('Comments');
    await rows.nth(0).getByRole('button', { name: 'Move down' }).click();
    await expect.poll(() => rows.nth(1).textContent()).toContain('Comments');
    const handle = rows.nth(1).getByRole('button', { name: 'Drag to reorder Comments' });
    await handle.focus();
    // dnd-kit measures the list between key presses: give each step a frame or two.
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => rows.nth(2).textContent()).toContain('Comments');
    await expect.poll(() => rows.nth(1).textContent()).toContain('Name');
    // The live preview shows the public page's fields.
    await page.getByTestId('form-preview').getByRole('group', { name: 'Mood' }).waitFor();
    await screenshot(page, 'forms-builder-en');

    // Publishing asks first: a published form cannot be edited.
    await page.getByRole('button', { name: 'Publish Form' }).click();
    const ask = dialog(page, 'Publish Form');
    await ask.getByText(/A published form cannot be edited/).waitFor();
    await shownInFull(ask);
    await screenshot(page, 'forms-publish-confirm-en', { fullPage: false });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect((await callAs(j.app, token, api.getForm, { params: { id: formId } })).published).toBe(false);
    await page.getByRole('button', { name: 'Publish Form' }).click();
    await dialog(page, 'Publish Form').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('button', { name: 'Published' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Collecting Responses' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${j.app.url}/public/forms/${formId}`);

    // A dashboard with a KPI card on the Form Responses dataset.
    const form = (await callAs(j.app, token, api.getForm, { params: { id: formId } })) as Form;
    const dataset = await callAs(j.app, token, api.getDataset, { params: { id: form.dataset!._id } });
    const feature = (name: string) => ({
      _id: dataset.features.find((f) => f.name === name)!._id,
      dataset: { _id: dataset._id },
    });
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: 'Survey', description: '', type: 'Dashboard', tabName: 'Answers' },
    });
    const tabId = dashboard.tabs[0] as string;
    const unitId = await setup.addCard(tabId, { x: 0, y: 0, w: 6, h: 2 }, 'Responses', 'kpi', {
      kpi: [
        { id: 'kpi-count', feature: feature('Name'), operation: 'count', label: 'Responses' },
        { id: 'kpi-hours', feature: feature('Hours'), operation: 'sum', label: 'Hours' },
      ],
      filters: [],
    } as unknown as Vis);
    await page.goto(`/projects/${setup.projectId}/dashboards/${dashboard._id}/tabs/${tabId}`);
    const kpi = (id: string) => page.getByTestId(`card-${unitId}`).getByTestId(`kpi-${id}`).getByTestId('kpi-value');
    await expect.poll(() => kpi('kpi-count').textContent()).toBe('0');

    // Two visitors without login, in a fresh browser; the first tries once with invalid answers.
    const visitor = await j.anotherPage();
    await visitor.goto(`/public/forms/${formId}`);
    await visitor.getByRole('heading', { name: 'Staff survey' }).waitFor();
    await visitor.getByLabel(fieldLabel('Hours')).fill('3');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await visitor.getByText('Please correct the answers marked in red.').waitFor();
    expect(await visitor.getByText('This input is required.').count()).toBe(2);
    const remote = visitor.getByRole('radiogroup', { name: 'Remote' });
    expect(
      await remote
        .getByRole('radio')
        .evaluateAll((all) => all.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)),
    ).toEqual(['Yes', 'No']);
    await screenshot(visitor, 'forms-public-invalid-en');
    await answer(visitor, 'Ann', '7.5', '-2');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await visitor.getByText('Thank you! Your response has been recorded.').waitFor();
    await screenshot(visitor, 'forms-public-thanks-en');
    await visitor.getByRole('button', { name: 'Send another response' }).click();
    await answer(visitor, 'Bob', '2', '4');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await visitor.getByText('Thank you! Your response has been recorded.').waitFor();

    // The card counts both, without a reload of the dashboard.
    await expect.poll(() => kpi('kpi-count').textContent(), { timeout: 10_000 }).toBe('2');
    expect(await kpi('kpi-hours').textContent()).toBe(formatNumber(9.5, 'en'));
    await screenshot(page, 'forms-dashboard-en');

    // Closing the form: the public page refuses.
    await page.goto(builderPath());
    // A click, then the badge: the switch follows the saved state (an optimistic flip may be re-rendered once).
    await page.getByRole('switch', { name: 'Collecting Responses' }).click();
    await expect.poll(() => page.getByText('Closed', { exact: true }).count()).toBeGreaterThan(0);
    await visitor.reload();
    await visitor.getByText('This form is not accepting responses.').waitFor();
    await screenshot(visitor, 'forms-public-closed-en');
    await page.goto(`/projects/${setup.projectId}/forms`);
    await page.getByTestId('form-card').getByText('Closed').waitFor();
    await screenshot(page, 'forms-list-en');
  });

  it('speaks French on the list, the builder and the public page', async () => {
    const { page } = j;
    await callAs(j.app, token, api.updateForm, { params: { id: formId }, body: { closed: false } });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.evaluate(([key]) => localStorage.setItem(key as string, 'fr'), [LANGUAGE_STORAGE_KEY]);
    await page.goto(`/projects/${setup.projectId}/forms`);
    await page.getByRole('button', { name: 'Créer un formulaire' }).waitFor();
    await page.getByTestId('form-card').getByText('Publié').waitFor();
    await screenshot(page, 'forms-list-fr');
    await page.goto(builderPath());
    await page.getByRole('switch', { name: 'Collecte des réponses' }).waitFor();
    await screenshot(page, 'forms-builder-fr');
    const visitor = await j.anotherPage();
    await visitor.context().addInitScript(([key]) => localStorage.setItem(key as string, 'fr'), [LANGUAGE_STORAGE_KEY]);
    await visitor.goto(`/public/forms/${formId}`);
    await visitor.getByRole('button', { name: 'Envoyer' }).click();
    await visitor.getByText('Ce champ est obligatoire.').first().waitFor();
    const remote = visitor.getByRole('radiogroup', { name: 'Remote' });
    expect(
      await remote
        .getByRole('radio')
        .evaluateAll((all) => all.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)),
    ).toEqual(['Oui', 'Non']);
    await screenshot(visitor, 'forms-public-fr');

    // Publishing a draft asks first, in French too.
    const draft = await callAs(j.app, token, api.createForm, {
      body: { projectId: setup.projectId, name: 'Brouillon' },
    });
    await page.goto(`/projects/${setup.projectId}/forms/${draft._id}`);
    await page.getByRole('button', { name: 'Publier le formulaire' }).click();
    const ask = dialog(page, 'Publier le formulaire');
    await ask.getByText(/Un formulaire publié ne peut plus être modifié/).waitFor();
    await ask.getByRole('button', { name: 'Publier', exact: true }).waitFor();
    await shownInFull(ask);
    await screenshot(page, 'forms-publish-confirm-fr', { fullPage: false });
    await ask.getByRole('button', { name: 'Annuler' }).click();
    await ask.waitFor({ state: 'hidden' });
  });
});
