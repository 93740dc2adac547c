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
 * Issue 16 on dashboards (model bar, model panel, card refetch on a finished run): a model's output
 * on a KPI card; a View Dashboards member runs the model from the model bar in their own browser and both
 * browsers see the card change without a reload; a sleeping run is cancelled from the model panel; with all-runs
 * storage, an older run's result is shown on the card from the model history, then the latest again.
 */
const VIEWER = { first: 'Vera', last: 'Viewer', email: 'vera@tessera.test', password: 'Viewer-password-1' };

describe('model bar', () => {
  const j = useJourney();
  let dashboardPath = '';
  let kpiUnit = '';
  let sleptUnit = '';
  let sleepyId = '';
  let scoreId = '';
  let keptUnit = '';
  let keptId = '';

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
    scoreId = score._id;
    const sleepy = await confirmedModel(j.app, token, pkg, 'sleepy');
    sleepyId = sleepy._id;
    // All-runs storage: each run's rows are kept, and a viewer may show an older run's.
    const kept = await confirmedModel(j.app, token, pkg, 'score', () => ({
      name: 'Run archive',
      resultStorage: 'all',
    }));
    keptId = kept._id;
    const [scored, slept, keptRun] = await Promise.all([
      settledRun(j.app, token, score._id),
      settledRun(j.app, token, sleepy._id),
      settledRun(j.app, token, kept._id),
    ]);
    expect([scored.status, slept.status, keptRun.status], `${scored.error} ${slept.error} ${keptRun.error}`).toEqual([
      'finished',
      'finished',
      'finished',
    ]);
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
    keptUnit = await setup.addCard(tabId, { x: 8, y: 0, w: 4, h: 2 }, 'Kept square', 'kpi', {
      kpi: [{ id: 'ks', feature: await feature(keptRun.outputs[0].dataset._id, 'square'), operation: 'sum' }],
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
    const bar = viewer.getByTestId(`model-bar-${scoreId}`);
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

  it("shows an older run's result on the cards from the model history, then the latest again", async () => {
    const { page } = j;
    const card = page.getByTestId(`card-${keptUnit}`);
    const kept = () => card.getByTestId('kpi-ks').getByTestId('kpi-value').textContent();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(dashboardPath);
    await expect.poll(() => kept()).toBe('9');
    await page
      .getByTestId(`model-bar-${keptId}`)
      .getByRole('button', { name: 'Open model panel', exact: true })
      .click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('textbox', { name: 'n', exact: true }).fill('4');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    // The latest run's rows alone: 16, not 9 + 16.
    await expect.poll(() => kept(), { timeout: 60_000 }).toBe('16');
    const rows = panel.getByTestId('model-run-row');
    await rows.nth(1).waitFor();
    const show = (row: number) => rows.nth(row).getByRole('button', { name: "Show this run's data on the cards" });
    await show(1).click();
    await expect.poll(() => kept()).toBe('9');
    expect(await show(1).getAttribute('aria-pressed')).toBe('true');
    await panel.getByTestId('model-selected-result').waitFor();
    const older = await rows.nth(1).locator('p').first().textContent();
    const label = await card.getByTestId('card-model-icon').getAttribute('aria-label');
    expect(label).toBe(`Data from the run ${older} of the model Run archive`);
    await page.mouse.move(0, 0);
    await screenshot(page, 'modelBar-8-older-run-selected');
    // The panel closed, the card still shows the older run's square.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await card.getByTestId('card-model-icon').hover();
    await screenshot(page, 'modelBar-9-older-run-on-card');
    expect(await kept()).toBe('9');
    await page
      .getByTestId(`model-bar-${keptId}`)
      .getByRole('button', { name: 'Open model panel', exact: true })
      .click();
    // Picking the newest run goes back to latest.
    await show(0).click();
    await expect.poll(() => kept()).toBe('16');
    expect(await panel.getByTestId('model-selected-result').count()).toBe(0);
    // And Show latest does too.
    await show(1).click();
    await expect.poll(() => kept()).toBe('9');
    await panel.getByRole('button', { name: 'Show latest', exact: true }).click();
    await expect.poll(() => kept()).toBe('16');
    await screenshot(page, 'modelBar-10-latest-again');
  });
});
