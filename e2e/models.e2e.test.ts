import { api } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { builtPackage, confirmedModel } from './support/models.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, expectToast, signIn } from './support/ui.ts';

/**
 * Issue 16, first slice end to end: a model of a package's function (created and confirmed through the API) shows in the Models card; its page runs it, the live notice says it finished, the
 * history shows the run and the output dataset is linked.
 */
describe('models', () => {
  const j = useJourney();
  let projectId = '';
  let modelId = '';

  beforeAll(async () => {
    const token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    projectId = (await callAs(j.app, token, api.createProject, { body: { name: 'Forecasts' } }))._id;
    const pkg = await builtPackage(j.app, token, projectId, 'calc', {
      'requirements.txt': '',
      'calc.py': 'def summary(n: int = 3) -> dict:\n    return {"n": n, "square": n * n}\n',
    });
    modelId = (await confirmedModel(j.app, token, pkg, 'summary'))._id;
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
});
