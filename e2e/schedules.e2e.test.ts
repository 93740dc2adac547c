import { api } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { builtPackage, confirmedModel } from './support/models.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, signIn } from './support/ui.ts';

/**
 * Issue 17: schedule a model every minute from its Model Info, see the scheduled run arrive in its history (marked
 * Scheduled), find the row in the models list, pause it, delete it (the run stays). Real clock: the first fire
 * comes at the next minute, so this journey waits up to a minute.
 */
describe('scheduled runs', () => {
  const j = useJourney({ env: () => ({ SCHEDULER_POLL_MS: '500' }) });
  let projectId = '';
  let modelId = '';

  beforeAll(async () => {
    const token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    projectId = (await callAs(j.app, token, api.createProject, { body: { name: 'Refreshes' } }))._id;
    const pkg = await builtPackage(j.app, token, projectId, 'calc', {
      'requirements.txt': '',
      'calc.py': 'def summary(n: int = 3) -> dict:\n    return {"n": n}\n',
    });
    modelId = (await confirmedModel(j.app, token, pkg, 'summary'))._id;
  }, 120_000);

  it('schedules a model every minute, sees the scheduled run, pauses and deletes it', {
    timeout: 180_000,
  }, async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/models/${modelId}`);
    await expectText(page, 'No scheduled runs.');
    await page.getByRole('button', { name: 'Add scheduled run' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Every minute');
    await dialog.getByRole('combobox', { name: 'Repeats' }).click();
    await page.getByRole('option', { name: 'Minutes', exact: true }).click();
    await expectText(page, 'Model runs can be scheduled up to a year in advance');
    await dialog.getByRole('textbox', { name: 'End date' }).waitFor();
    await screenshot(page, 'schedules-1-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/^Next run: /).first().waitFor();
    await screenshot(page, 'schedules-2-model-info');
    // The first occurrence is at the next minute; the run arrives in the history, marked Scheduled.
    await page.getByRole('tab', { name: 'Outputs', exact: true }).click();
    await page.getByTestId('scheduled-badge').first().waitFor({ timeout: 100_000 });
    await expectText(page, 'Finished');
    await screenshot(page, 'schedules-3-history');

    await page.goto(`/projects/${projectId}/models`);
    await expectText(page, 'Every minute');
    await page.getByRole('button', { name: 'Actions for Every minute' }).click();
    await page.getByRole('menuitem', { name: 'Pause' }).click();
    await expectText(page, 'Paused: no next run');
    await screenshot(page, 'schedules-4-paused');
    await page.getByRole('button', { name: 'Actions for Every minute' }).click();
    await page.getByRole('menuitem', { name: 'Delete Scheduled Run' }).click();
    await expectText(page, 'Remove this scheduled run?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Every minute').waitFor({ state: 'detached' });

    await page.goto(`/projects/${projectId}/models/${modelId}`);
    await expectText(page, 'No scheduled runs.');
    await page.getByRole('tab', { name: 'Outputs', exact: true }).click();
    await page.getByTestId('scheduled-badge').first().waitFor();
  });
});
