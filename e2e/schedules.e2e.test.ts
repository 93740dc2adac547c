import { api, TRIGGER_DEFAULTS, todayIn } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { builtPackage, confirmedModel, settledRun } from './support/models.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, signIn } from './support/ui.ts';

/**
 * Issue 17: schedule a model every minute from its Model Info (with its own input), see the open dashboard's card
 * change when it has run and the run in the history (marked Scheduled), find the row in the models list, pause it, delete it (the run stays). Real clock: the first fire
 * comes at the next minute, so this journey waits up to a minute.
 */
describe('scheduled runs', () => {
  const j = useJourney({ env: () => ({ SCHEDULER_POLL_MS: '500' }) });
  let projectId = '';
  let modelId = '';

  let boardPath = '';
  let kpiUnit = '';

  beforeAll(async () => {
    const token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    const setup = await CardsSetup.create(j.app, token, 'Refreshes');
    projectId = setup.projectId;
    const pkg = await builtPackage(j.app, token, projectId, 'calc', {
      'requirements.txt': '',
      'calc.py': 'def summary(n: int = 3) -> dict:\n    return {"n": n}\n',
    });
    // Latest-run storage: the card shows the newest run's n alone (3 after this first run).
    modelId = (await confirmedModel(j.app, token, pkg, 'summary', () => ({ resultStorage: 'latest' })))._id;
    const first = await settledRun(j.app, token, modelId);
    expect(first.status, first.error ?? '').toBe('finished');
    const output = await callAs(j.app, token, api.getDataset, { params: { id: first.outputs[0].dataset._id } });
    const n = output.features.find((f) => f.name === 'n');
    if (!n) throw new Error('no n column');
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId, name: 'Refreshed board', description: '', type: 'Dashboard', tabName: 'Main' },
    });
    const tabId = dashboard.tabs[0] as string;
    kpiUnit = await setup.addCard(tabId, { x: 0, y: 0, w: 4, h: 2 }, 'N', 'kpi', {
      kpi: [{ id: 'n', feature: { _id: n._id, dataset: { _id: output._id } }, operation: 'sum' }],
    } as never);
    boardPath = `/projects/${projectId}/dashboards/${dashboard._id}/tabs/${tabId}`;
  }, 180_000);

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
    // The scheduled runs take their own inputs: n = 8.
    await dialog.getByRole('textbox', { name: 'n', exact: true }).fill('8');
    // Today where the server computes occurrences. Chromium's time zone data may disagree with Node's about a zone
    // (in November 2026 Chromium 156 puts Canada/Mountain at UTC-6, Node 20 at UTC-7): between the two midnights the
    // browser's today would be the server's tomorrow, and the first run a day away.
    await dialog.getByLabel('Start date').fill(todayIn(TRIGGER_DEFAULTS.timezone) as string);
    await dialog.getByRole('combobox', { name: 'Repeats' }).click();
    await page.getByRole('option', { name: 'Minutes', exact: true }).click();
    await expectText(page, 'Model runs can be scheduled up to a year in advance');
    await dialog.getByRole('textbox', { name: 'End date' }).waitFor();
    await screenshot(page, 'schedules-1-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByText(/^Next run: /)
      .first()
      .waitFor();
    await screenshot(page, 'schedules-2-model-info');
    // The first occurrence is at the next minute: the open dashboard's card changes by itself when it has run.
    await page.goto(boardPath);
    const kpiValue = () => page.getByTestId(`card-${kpiUnit}`).getByTestId('kpi-value').first().textContent();
    await expect.poll(kpiValue, { timeout: 30_000 }).toBe('3');
    await expect.poll(kpiValue, { timeout: 100_000 }).toBe('8');
    await screenshot(page, 'schedules-3-card-changed');
    // The run is in the model's history, marked Scheduled.
    await page.goto(`/projects/${projectId}/models/${modelId}`);
    await page.getByRole('tab', { name: 'Outputs', exact: true }).click();
    await page.getByTestId('scheduled-badge').first().waitFor();
    await screenshot(page, 'schedules-4-history');

    await page.goto(`/projects/${projectId}/models`);
    await expectText(page, 'Every minute');
    await page.getByRole('button', { name: 'Actions for Every minute' }).click();
    await page.getByRole('menuitem', { name: 'Pause' }).click();
    await expectText(page, 'Paused: no next run');
    await screenshot(page, 'schedules-5-paused');
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
