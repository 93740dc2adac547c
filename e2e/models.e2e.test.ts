import { api } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { builtPackage, confirmedModel } from './support/models.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, expectToast, signIn } from './support/ui.ts';

/**
 * Issue 16 end to end in the Models area: a model of a package's function (created and confirmed through the API)
 * shows in the Models card; its page runs it, the live notice says it finished, the history shows the run and the
 * output dataset is linked. A second model is onboarded through the three steps of the wizard. Update Source moves
 * the first model to a function whose output renames a column: relinked, the dashboard card on that column keeps
 * working.
 */
describe('models', () => {
  const j = useJourney();
  let projectId = '';
  let modelId = '';
  let noisyId = '';
  let setup: CardsSetup;
  let token = '';

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    setup = await CardsSetup.create(j.app, token, 'Forecasts');
    projectId = setup.projectId;
    const pkg = await builtPackage(j.app, token, projectId, 'calc', {
      'requirements.txt': '',
      'calc.py': [
        'def summary(n: int = 3) -> dict:',
        '    return {"n": n, "square": n * n}',
        '',
        'def summary2(n: int = 3) -> dict:',
        '    return {"n": n, "squared": n * n}',
        '',
        'def forecast(days, growth: float = 1.5) -> dict:',
        '    return {"days": days, "total": days * growth}',
        '',
        'def noisy(n: int = 3) -> dict:',
        '    for i in range(n):',
        '        print("step", i)',
        '    raise ValueError("no good " + str(n))',
        '',
      ].join('\n'),
    });
    noisyId = (await confirmedModel(j.app, token, pkg, 'noisy'))._id;
    // Latest-run storage: a card on its output shows the newest run's rows alone.
    modelId = (await confirmedModel(j.app, token, pkg, 'summary', () => ({ resultStorage: 'latest' })))._id;
  }, 120_000);

  it('lists the model and runs it from its page', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/models`);
    await expectText(page, 'Ready to run');
    await screenshot(page, 'models-1-models-card');
    await page.getByRole('link', { name: 'summary', exact: true }).click();
    await expectPath(page, `/projects/${projectId}/models/${modelId}`);
    await page.getByRole('tab', { name: 'Outputs', exact: true }).click();
    await expectText(page, 'This model has not yet been run.');
    await page.getByRole('textbox', { name: 'n', exact: true }).fill('7');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expectToast(page, 'Model Run Complete:');
    await expectText(page, 'Finished');
    await screenshot(page, 'models-2-outputs-tab');
    await page.getByRole('tab', { name: 'Model Info', exact: true }).click();
    // The output dataset takes the model's name and links to its data.
    const output = page.getByRole('link', { name: 'summary', exact: true });
    await output.waitFor();
    expect(await output.getAttribute('href')).toMatch(
      new RegExp(`^/projects/${projectId}/datasets/[0-9a-f]{24}/data$`),
    );
    await screenshot(page, 'models-3-model-info');
  });

  it("shows a failed run's summary line first and keeps its output, in the panel and the history", async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/models/${noisyId}`);
    await page.getByRole('tab', { name: 'Outputs', exact: true }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expectToast(page, 'Model Run Failed:');
    const summary = page.getByTestId('run-failure-summary').first();
    await summary.waitFor();
    expect(await summary.textContent()).toBe('ValueError: no good 3');
    const log = page.getByTestId('run-log').first();
    await log.waitFor();
    expect(await log.textContent()).toBe('step 0\nstep 1\nstep 2\n');
    // The traceback is folded below the summary, from the package's own frame, without a server path.
    await page.getByText('Traceback', { exact: true }).first().click();
    const traceback = page.locator('details').first();
    await traceback.waitFor();
    expect(await traceback.textContent()).toContain('raise ValueError("no good " + str(n))');
    expect(await traceback.textContent()).not.toMatch(/\/(work|runner|pkg|tmp)\//);
    await screenshot(page, 'models-3b-failed-run');
    await page.getByRole('button', { name: 'Show log', exact: true }).first().click();
    await expect.poll(async () => page.getByTestId('run-log').count()).toBeGreaterThan(1);
    await screenshot(page, 'models-3c-history-log');
  });

  it('onboards a model from the package in three steps, with a live UI preview, and runs it', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/models`);
    await page.getByRole('button', { name: 'Add model', exact: true }).click();
    await expectPath(page, `/projects/${projectId}/models/onboard`);
    // Select Source Function: package, file, function; an empty name takes the function's.
    await page.getByRole('combobox', { name: 'Package', exact: true }).click();
    await page.getByRole('option', { name: 'calc', exact: true }).click();
    await page.getByRole('combobox', { name: 'Function', exact: true }).click();
    await page.getByRole('option', { name: 'forecast', exact: true }).click();
    expect(await page.getByPlaceholder('Auto (Function Name)').inputValue()).toBe('');
    await screenshot(page, 'models-4-onboard-source');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectPath(page, new RegExp(`^/projects/${projectId}/models/[0-9a-f]{24}/onboard$`));
    await expectText(page, 'Create Model - forecast');

    // Configure Inputs: `days` has no annotation, so it comes as a String with no default: Continue waits until it
    // has one. Changing its type to Integer resets the default.
    const days = page.getByTestId('input-days');
    const next = page.getByRole('button', { name: 'Continue', exact: true });
    await days.getByText('This input requires a default value', { exact: true }).waitFor();
    expect(await next.isDisabled()).toBe(true);
    await days.getByRole('combobox', { name: 'Type', exact: true }).click();
    await page.getByRole('option', { name: 'Integer', exact: true }).click();
    await days.getByText('This input requires a default value', { exact: true }).waitFor();
    await days.getByRole('textbox', { name: 'Default value', exact: true }).fill('4');
    await expect.poll(() => next.isDisabled()).toBe(false);
    // The live preview shows both inputs at their defaults; it cannot run.
    const preview = page.getByTestId('ui-preview');
    await expect.poll(() => preview.getByRole('textbox', { name: 'days', exact: true }).inputValue()).toBe('4');
    expect(await preview.getByRole('textbox', { name: 'growth', exact: true }).inputValue()).toBe('1.5');
    await preview.getByRole('button', { name: 'Run', exact: true }).click();
    await preview.getByText('Model cannot be run in the UI Preview', { exact: true }).waitFor();
    await screenshot(page, 'models-5-onboard-inputs');
    await next.click();

    // Generate Outputs: Done waits for one finished run.
    const done = page.getByRole('button', { name: 'Done', exact: true });
    expect(await done.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expectText(page, 'Finished');
    await expect.poll(() => done.isDisabled()).toBe(false);
    await screenshot(page, 'models-6-onboard-outputs');
    await done.click();
    await expectPath(page, `/projects/${projectId}/models`);
    await page.getByRole('link', { name: 'forecast', exact: true }).waitFor();
    // The list refetches once the model is confirmed: the three (summary, noisy, forecast) read Ready to run.
    await expect.poll(() => page.getByText('Ready to run', { exact: true }).count()).toBe(3);
    await screenshot(page, 'models-7-list-after-onboarding');
  });

  it('updates the source to a function that renames a column; relinked, the dashboard card keeps working', {
    timeout: 180_000,
  }, async () => {
    const { page } = j;
    // A KPI card sums the output's square column (49 after the first journey's run with n = 7).
    const model = await callAs(j.app, token, api.getModel, { params: { id: modelId } });
    const outputId = model.outputs[0].dataset._id;
    const output = await callAs(j.app, token, api.getDataset, { params: { id: outputId } });
    const square = output.features.find((f) => f.name === 'square');
    if (!square) throw new Error('no square column');
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId, name: 'Forecast board', description: '', type: 'Dashboard', tabName: 'Main' },
    });
    const tabId = dashboard.tabs[0] as string;
    const unit = await setup.addCard(tabId, { x: 0, y: 0, w: 4, h: 2 }, 'Square', 'kpi', {
      kpi: [{ id: 'sq', feature: { _id: square._id, dataset: { _id: outputId } }, operation: 'sum' }],
    } as never);
    const boardPath = `/projects/${projectId}/dashboards/${dashboard._id}/tabs/${tabId}`;
    const kpiValue = () => page.getByTestId(`card-${unit}`).getByTestId('kpi-value').first().textContent();

    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(boardPath);
    await expect.poll(kpiValue, { timeout: 30_000 }).toBe('49');

    // Update Source from the model's menu: Select Source, Review Inputs, Update Outputs.
    await page.goto(`/projects/${projectId}/models`);
    await page.getByTestId(`model-row-${modelId}`).getByRole('button', { name: 'Model actions' }).click();
    await page.getByRole('menuitem', { name: 'Update Source', exact: true }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Update Source Function', { exact: true }).waitFor();
    await modal.getByRole('combobox', { name: 'Function', exact: true }).click();
    await page.getByRole('option', { name: 'summary2', exact: true }).click();
    await modal.getByRole('button', { name: 'Continue', exact: true }).click();
    await modal.getByRole('button', { name: 'Run and review outputs', exact: true }).click();
    // The trial output is matched to the old one (Linked), `squared` linked to `square`.
    const merge = modal.getByTestId(/^merge-/);
    await merge.waitFor({ timeout: 60_000 });
    await merge.getByText('Linked', { exact: true }).waitFor();
    const link = merge.getByRole('combobox', { name: 'Link of squared', exact: true });
    await expect.poll(() => link.inputValue()).toBe('square');
    await screenshot(page, 'models-8-update-source-merge');
    // Unlinked, `square` would be deleted; linked again, nothing is.
    await link.click();
    await page.getByRole('option', { name: 'New', exact: true }).click();
    await merge.getByText('Deleted', { exact: true }).waitFor();
    await link.click();
    await page.getByRole('option', { name: 'square', exact: true }).click();
    await expect.poll(() => merge.getByText('Deleted', { exact: true }).count()).toBe(0);
    await screenshot(page, 'models-9-update-source-relinked');
    await modal.getByRole('button', { name: 'Commit', exact: true }).click();
    await modal.waitFor({ state: 'detached' });

    // The card still reads its column; a run of the new function (n = 5) changes it through the link.
    await page.goto(boardPath);
    await expect.poll(kpiValue, { timeout: 30_000 }).toBe('49');
    await page.goto(`/projects/${projectId}/models/${modelId}`);
    // The Info tab names the new function, linked to its code.
    await page.getByRole('link', { name: 'summary2 (view source code)', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Outputs', exact: true }).click();
    await page.getByRole('textbox', { name: 'n', exact: true }).fill('5');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expectToast(page, 'Model Run Complete:');
    await page.goto(boardPath);
    await expect.poll(kpiValue, { timeout: 30_000 }).toBe('25');
    await screenshot(page, 'models-10-card-after-update-source');
  });
});
