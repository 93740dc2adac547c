import { api, PROJECT_ROLE_PRESETS, ROLE_PRESETS } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs, createClaimedUser } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { builtPackage, confirmedModel, settledRun } from './support/models.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';

/**
 * Issue 16 on dashboards (spec 2 §2 model bar, model panel, card refetch on a finished run): a model's output
 * on a KPI card; a View Dashboards member runs the model from the model bar in their own browser and both
 * browsers see the card change without a reload; a sleeping run is cancelled from the model panel.
 */
const VIEWER = { first: 'Vera', last: 'Viewer', email: 'vera@tessera.test', password: 'Viewer-password-1' };

describe('model bar', () => {
  const j = useJourney();
  let dashboardPath = '';
  let kpiUnit = '';
  let sleptUnit = '';
  let sleepyId = '';

  beforeAll(async () => {
    const token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    const setup = await CardsSetup.create(j.app, token, 'Scores');
    const pkg = await builtPackage(j.app, token, setup.projectId, 'scores', {
      'requirements.txt': '',
      'scores.py': [
        'import time',
        '',
        'def score(n: int = 3) -> dict:',
        '    return {"n": n, "square": n * n}',
        '',
        'def sleepy(seconds: int = 0) -> dict:',
        '    time.sleep(seconds)',
        '    return {"slept": seconds}',
        '',
      ].join('\n'),
    });
    const onBar = (model: { inputs: Array<{ display: object }> }) => ({
      inputs: model.inputs.map((i) => ({ ...i, display: { ...i.display, modelBar: true } })) as never,
    });
    // Latest-run storage: the card shows the newest run's rows alone.
    const score = await confirmedModel(j.app, token, pkg, 'score', (m) => ({
      ...onBar(m),
      runButtonText: 'Score it',
      resultStorage: 'latest',
    }));
    const sleepy = await confirmedModel(j.app, token, pkg, 'sleepy');
    sleepyId = sleepy._id;
    const [scored, slept] = await Promise.all([
      settledRun(j.app, token, score._id),
      settledRun(j.app, token, sleepy._id),
    ]);
    expect([scored.status, slept.status], `${scored.error} ${slept.error}`).toEqual(['finished', 'finished']);
    const feature = async (datasetId: string, name: string) => {
      const detail = await callAs(j.app, token, api.getDataset, { params: { id: datasetId } });
      const found = detail.features.find((f) => f.name === name);
      if (!found) throw new Error(`no ${name}`);
      return { _id: found._id, dataset: { _id: datasetId } };
    };
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: 'Scoreboard', description: '', type: 'Dashboard', tabName: 'Main' },
    });
    const tabId = dashboard.tabs[0] as string;
    kpiUnit = await setup.addCard(tabId, { x: 0, y: 0, w: 4, h: 2 }, 'Square', 'kpi', {
      kpi: [{ id: 'sq', feature: await feature(scored.outputs[0].dataset._id, 'square'), operation: 'sum' }],
    } as never);
    sleptUnit = await setup.addCard(tabId, { x: 4, y: 0, w: 4, h: 2 }, 'Slept', 'kpi', {
      kpi: [{ id: 'sl', feature: await feature(slept.outputs[0].dataset._id, 'slept'), operation: 'max' }],
    } as never);
    dashboardPath = `/projects/${setup.projectId}/dashboards/${dashboard._id}/tabs/${tabId}`;
    const organization = await callAs(j.app, token, api.getMyOrganization);
    const viewer = await createClaimedUser(j.app, token, organization._id, { ...VIEWER, roles: ROLE_PRESETS.viewOnly });
    await callAs(j.app, token, api.createPermission, {
      body: { projectId: setup.projectId, userId: viewer._id, roles: PROJECT_ROLE_PRESETS.viewDashboards },
    });
  }, 240_000);

  const kpiValue = (page: Page) =>
    page.getByTestId(`card-${kpiUnit}`).getByTestId('kpi-sq').getByTestId('kpi-value').textContent();

  it('a View Dashboards member runs the model from the bar and both browsers see the card change', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(dashboardPath);
    await expect.poll(() => kpiValue(page)).toBe('9');
    const icon = page.getByTestId(`card-${kpiUnit}`).getByTestId('card-model-icon');
    await icon.waitFor();

    const viewer = await j.anotherPage();
    await signIn(viewer, VIEWER.email, VIEWER.password);
    await expectPath(viewer, '/projects');
    await viewer.goto(dashboardPath);
    await expect.poll(() => kpiValue(viewer)).toBe('9');
    const bar = viewer.getByTestId('model-bars').locator('[data-testid^="model-bar-"]', { hasText: 'score' });
    await bar.getByRole('textbox', { name: 'n', exact: true }).fill('5');
    await screenshot(viewer, 'modelBar-1-viewer-bar');
    await bar.getByRole('button', { name: 'Score it', exact: true }).click();
    // Neither page reloads: the finished run's event refetches the card on both.
    await expect.poll(() => kpiValue(viewer), { timeout: 60_000 }).toBe('25');
    await expect.poll(() => kpiValue(page), { timeout: 30_000 }).toBe('25');
    await screenshot(page, 'modelBar-2-editor-after-run');
    // Without model edit there is no edit link in the panel; the history holds both runs.
    await bar.getByRole('button', { name: 'Open model panel', exact: true }).click();
    const panel = viewer.getByRole('dialog');
    await panel.getByTestId('model-run-row').nth(1).waitFor();
    expect(await panel.getByText('Edit model', { exact: true }).count()).toBe(0);
    await screenshot(viewer, 'modelBar-3-viewer-panel');
    await viewer.setViewportSize({ width: 390, height: 844 });
    await screenshot(viewer, 'modelBar-4-viewer-panel-phone');
  });

  it('cancels a sleeping run from the model panel', async () => {
    const { page } = j;
    const sleptIcon = () => page.getByTestId(`card-${sleptUnit}`).getByTestId('card-model-icon');
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(dashboardPath);
    const bar = page.getByTestId(`model-bar-${sleepyId}`);
    expect(await bar.getByRole('textbox', { name: 'seconds', exact: true }).count()).toBe(0);
    await bar.getByRole('button', { name: 'Open model panel', exact: true }).click();
    const panel = page.getByRole('dialog');
    await panel.getByText('Edit model', { exact: true }).waitFor();
    await panel.getByRole('textbox', { name: 'seconds', exact: true }).fill('120');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await panel.getByText('Running Model...', { exact: true }).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => sleptIcon().getAttribute('data-running')).toBe('true');
    await screenshot(page, 'modelBar-5-running');
    await panel.getByRole('button', { name: 'Cancel Run', exact: true }).click();
    await panel.getByText('Model Run Cancelled', { exact: true }).first().waitFor({ timeout: 30_000 });
    // The card's icon stops pulsing and Run is ready again.
    await expect.poll(() => sleptIcon().getAttribute('data-running'), { timeout: 30_000 }).toBe('false');
    await expect.poll(() => panel.getByRole('button', { name: 'Run', exact: true }).isEnabled()).toBe(true);
    await screenshot(page, 'modelBar-6-cancelled');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'modelBar-7-cancelled-phone');
  });
});
