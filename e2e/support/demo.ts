import { setTimeout as sleep } from 'node:timers/promises';
import { api } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { apiSignIn, callAs } from './api.ts';
import { ADMIN, type Tessera } from './tessera.ts';

/** The journeys that visit the demo project (DEMO=1): its ids, read once it is loaded. */

const DEMO_LOADED = /Demo: sign in as/;
/** How long the demo may take to load on a busy machine. */
export const DEMO_DEADLINE_MS = 240_000;

export interface DemoIds {
  organizationId: string;
  projectId: string;
  dashboardId: string;
  tabId: string;
  /** The demo's report and its first section. */
  reportId: string;
  reportTabId: string;
  unitId: string;
  unitType: string;
  datasetId: string;
  modelId: string;
  packageId: string;
  formId: string;
  /** The names shown for them, which a journey may look for on the pages. */
  names: {
    project: string;
    dashboard: string;
    dashboardDescription: string;
    report: string;
    card: string;
    dataset: string;
    model: string;
    package: string;
    form: string;
    organization: string;
  };
}

/**
 * The settings of a server with the demo: DEMO=1, and the run's shared Python environments (sharedEnvs.ts), where
 * the first demo server builds the demo model's environment and the others find it.
 */
export const demoServerEnv = (): Record<string, string> => ({
  DEMO: '1',
  PYTHON_ENVS_DIR: inject('sharedEnvsDir'),
});

/** Waits until the server says the demo is loaded, then answers its ids. */
export async function waitForDemo(app: Tessera): Promise<DemoIds> {
  const deadline = Date.now() + DEMO_DEADLINE_MS;
  while (!DEMO_LOADED.test(app.log())) {
    if (Date.now() > deadline) throw new Error('the demo did not load in time');
    await sleep(500);
  }
  return demoIds(app);
}

export const demoProjectPath = (ids: DemoIds) => `/projects/${ids.projectId}`;
export const demoDashboardPath = (ids: DemoIds) =>
  `${demoProjectPath(ids)}/dashboards/${ids.dashboardId}/tabs/${ids.tabId}`;

/**
 * Waits for the page's requests to end and its loaders to go, then for what they render: its transitions (a menu
 * or popover fading in) to end and the page to be drawn.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .locator('.mantine-Loader-root, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  // Endless animations (a spinner elsewhere) never end: only those that do are waited for.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.evaluate(
    () => new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn()))),
  );
}

/** A page state of the demo: a page, and what to do there once it is shown (open a menu, a dialog). */
export interface DemoState {
  name: string;
  path: (ids: DemoIds) => string;
  open?: (page: Page) => Promise<void>;
}

/** Visits each state in turn (goes to its page, opens what it opens) and checks it once it has settled. */
export async function visitDemoStates<State extends DemoState>(
  page: Page,
  ids: DemoIds,
  states: readonly State[],
  check: (state: State) => Promise<void>,
): Promise<void> {
  for (const state of states) {
    await page.goto(state.path(ids));
    if (state.open) {
      await settle(page);
      await state.open(page);
    }
    await settle(page);
    await check(state);
  }
}

async function demoIds(app: Parameters<typeof callAs>[0]): Promise<DemoIds> {
  const token = await apiSignIn(app, ADMIN.email, ADMIN.password);
  const projects = await callAs(app, token, api.listMyProjects);
  const demo = projects.find((p) => p.name.startsWith('Demo'));
  if (!demo) throw new Error(`no demo project in ${projects.map((p) => p.name).join(', ')}`);
  const projectId = demo._id;
  const dashboards = await callAs(app, token, api.listDashboards, { query: { projectId } });
  const first = dashboards.find((d) => d.type === 'Dashboard');
  const report = dashboards.find((d) => d.type === 'Report');
  if (!first || !report) throw new Error('the demo has no dashboard or no report');
  const detail = await callAs(app, token, api.getDashboard, { params: { id: first._id } });
  const tab = detail.tabs[0];
  const unit = detail.units.find((u) => u.tabId === tab?._id && u.type === 'chart') ?? detail.units[0];
  const [datasets, models, packages, forms] = await Promise.all([
    callAs(app, token, api.listDatasets, { query: { projectId } }),
    callAs(app, token, api.listModels, { query: { projectId } }),
    callAs(app, token, api.listPackages, { query: { projectId } }),
    callAs(app, token, api.listForms, { query: { projectId } }),
  ]);
  const need = <T>(what: string, value: T | undefined): T => {
    if (value === undefined) throw new Error(`the demo has no ${what}`);
    return value;
  };
  return {
    organizationId: demo.organizationId ?? '',
    projectId,
    dashboardId: first._id,
    tabId: need('tab', tab)._id,
    reportId: report._id,
    reportTabId: need('section', report.tabs[0]),
    unitId: need('card', unit)._id,
    unitType: need('card', unit).type ?? 'chart',
    datasetId: need('dataset', datasets[0])._id,
    modelId: need('model', models[0])._id,
    packageId: need('package', packages[0])._id,
    formId: need('form', forms[0])._id,
    names: {
      project: demo.name,
      dashboard: detail.dashboard.name,
      dashboardDescription: detail.dashboard.description ?? '',
      report: report.name,
      card: need('card', unit).name ?? '',
      dataset: need('dataset', datasets[0]).name,
      model: need('model', models[0]).name,
      package: need('package', packages[0]).name,
      form: need('form', forms[0]).name,
      organization: demo.organization.name,
    },
  };
}
