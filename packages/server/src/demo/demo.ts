import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { api, fillPath, normalizeEmail } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { findUserByEmail, issueAccessToken } from '../modules/auth/index.ts';
import { callApi, uploadFile } from './call.ts';
import { DEMO, DEMO_DATASETS, type DemoCard, type DemoFeatures, dashboardCards, reportCards } from './demoContent.ts';
import { demoForm } from './demoForm.ts';
import { DEMO_MODELS, demoModels } from './demoModels.ts';

const IMPORT_DEADLINE_MS = 120_000;
/** A data app is created under this name, filled, then renamed: a start cut short mid-way leaves no half app. */
const UNFINISHED = ' (loading)';

export interface DemoResult {
  /** What this call created ('organization', 'project', dataset names, 'dashboard', 'report'): empty when all was there. */
  created: string[];
  organizationId: string;
  projectId: string;
  dashboardId: string;
  reportId: string;
  /** The model of the example package (a finished run) and the dashboard showing its output with the model bar. */
  modelId: string;
  modelDashboardId: string;
  /** The published form whose responses a card of the dashboard charts. */
  formId: string;
  /** The dashboard's public page: anyone with the link sees it without signing in. */
  publicUrl: string;
}

/** Where the npm package vega-datasets keeps its files. */
function datasetsDir(): string {
  const require = createRequire(import.meta.url);
  // Its only export is build/index.js; the CSVs sit in data/ beside build/.
  return path.join(path.dirname(require.resolve('vega-datasets')), '..', 'data');
}

/**
 * `DEMO=1`: a demo organization (sharing publicly), its public project, three datasets, a published form with a few
 * responses (demoForm.ts), a dashboard with a card of every type and one on the form's responses, a report and the
 * dashboard's public link, an example package with a model, its finished run, a paused
 * scheduled run and a dashboard on its output (demoModels.ts), built as the root user through the app's own API (each
 * call checked and stored as a client's would be). Idempotent: each piece is looked up by name first, so a second
 * start creates nothing; a piece a crash left unfinished is made again.
 */
export async function loadDemo(app: FastifyInstance): Promise<DemoResult> {
  const { db, config } = app.ctx;
  const root = await findUserByEmail(db, normalizeEmail(config.ADMIN_EMAIL));
  if (!root) throw new Error(`the demo needs the root user ${config.ADMIN_EMAIL}`);
  const token = await issueAccessToken(db, root.user.id);
  const created: string[] = [];

  const organizations = await callApi(app, token, api.listOrganizations);
  let organization = organizations.find((o) => o.name === DEMO.organization);
  if (!organization) {
    organization = await callApi(app, token, api.createOrganization, {
      body: { name: DEMO.organization, type: 'independent', publicSharing: true },
    });
    created.push('organization');
  }
  const projects = await callApi(app, token, api.listOrganizationProjects, {
    params: { organizationId: organization._id },
  });
  let project = projects.find((p) => p.name === DEMO.project);
  if (!project) {
    project = await callApi(app, token, api.createProject, {
      body: { name: DEMO.project, organizationId: organization._id },
    });
    created.push('project');
  }
  if (!project.public) {
    project = await callApi(app, token, api.updateProject, { params: { id: project._id }, body: { public: true } });
  }
  const projectId = project._id;

  const features = await demoDatasets(app, token, projectId, created);
  const checkIns = await demoForm(app, token, projectId, created);
  const dashboardId = await demoDashboard(
    app,
    token,
    projectId,
    DEMO.dashboard,
    'Dashboard',
    [...dashboardCards(features), checkIns.card],
    created,
  );
  // A demo dashboard made before the demo had a form gets the form's card too.
  await addMissingCards(app, token, dashboardId, [checkIns.card]);
  const reportId = await demoDashboard(app, token, projectId, DEMO.report, 'Report', reportCards(features), created);
  const models = await demoModels(app, token, projectId, features.weather.datasetId, created);
  const modelDashboardId = await demoDashboard(
    app,
    token,
    projectId,
    DEMO_MODELS.dashboard,
    'Dashboard',
    models.cards,
    created,
  );
  return {
    modelId: models.model._id,
    modelDashboardId,
    formId: checkIns.form._id,
    created,
    organizationId: organization._id,
    projectId,
    dashboardId,
    reportId,
    publicUrl: `${config.publicUrl}/public/dashboards/${dashboardId}`,
  };
}

/** The three datasets, uploaded and imported (an unimported one, left by a crash, is deleted and made again). */
async function demoDatasets(app: FastifyInstance, token: string, projectId: string, created: string[]) {
  const existing = await callApi(app, token, api.listDatasets, { query: { projectId } });
  const features = {} as DemoFeatures;
  for (const source of DEMO_DATASETS) {
    let dataset = existing.find((d) => d.name === source.name);
    if (dataset && !dataset.imported) {
      await callApi(app, token, api.deleteDataset, { params: { id: dataset._id } });
      dataset = undefined;
    }
    if (!dataset) {
      dataset = await callApi(app, token, api.createDataset, { body: { type: 'file', name: source.name, projectId } });
      const bytes = await readFile(path.join(datasetsDir(), source.file));
      await uploadFile(app, token, fillPath(api.uploadDataset.path, { id: dataset._id }), source.file, bytes);
      await waitForImport(app, token, dataset._id, source.file);
      created.push(source.name);
    }
    const detail = await callApi(app, token, api.getDataset, { params: { id: dataset._id } });
    features[source.key] = {
      datasetId: detail._id,
      features: Object.fromEntries(detail.features.map((f) => [f.name, f._id])),
    };
  }
  return features;
}

async function waitForImport(app: FastifyInstance, token: string, datasetId: string, file: string): Promise<void> {
  const deadline = Date.now() + IMPORT_DEADLINE_MS;
  for (;;) {
    const history = await callApi(app, token, api.datasetHistory, { params: { id: datasetId } });
    const failed = history.jobs.find((job) => job.status === 'failed');
    if (failed) throw new Error(`the demo's ${file} was not imported: ${failed.message ?? 'the import failed'}`);
    const dataset = await callApi(app, token, api.getDataset, { params: { id: datasetId } });
    if (dataset.imported) return;
    if (Date.now() > deadline) throw new Error(`the demo's ${file} was not imported within two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A dashboard or report with its cards; one already complete is kept as it is. Answers its id. */
async function demoDashboard(
  app: FastifyInstance,
  token: string,
  projectId: string,
  name: string,
  type: 'Dashboard' | 'Report',
  cards: DemoCard[],
  created: string[],
): Promise<string> {
  const existing = await callApi(app, token, api.listDashboards, { query: { projectId } });
  const done = existing.find((d) => d.name === name);
  if (done) return done._id;
  for (const unfinished of existing.filter((d) => d.name === `${name}${UNFINISHED}`)) {
    await callApi(app, token, api.deleteDashboard, { params: { id: unfinished._id } });
  }
  const dashboard = await callApi(app, token, api.createDashboard, {
    body: {
      projectId,
      name: `${name}${UNFINISHED}`,
      description: 'Built by DEMO=1 from the vega-datasets package: a card of every type.',
      type,
      tabName: type === 'Report' ? 'Seattle weather' : 'Overview',
    },
  });
  const tabId = dashboard.tabs[0] as string;
  for (const card of cards) await addCard(app, token, tabId, card);
  await callApi(app, token, api.updateDashboard, { params: { id: dashboard._id }, body: { name } });
  created.push(type === 'Report' ? 'report' : 'dashboard');
  return dashboard._id;
}

async function addCard(app: FastifyInstance, token: string, tabId: string, card: DemoCard): Promise<void> {
  const { unit } = await callApi(app, token, api.createUnit, {
    params: { id: tabId },
    body: { layoutItem: { ...card.box, moved: false, static: false } },
  });
  await callApi(app, token, api.updateUnit, {
    params: { id: unit._id },
    query: { tabId },
    body: { name: card.name, description: card.description, type: card.type, vis: card.vis },
  });
}

/** Adds to the data app's first tab each of these cards it has none of by name. */
async function addMissingCards(app: FastifyInstance, token: string, dashboardId: string, cards: DemoCard[]) {
  const detail = await callApi(app, token, api.getDashboard, { params: { id: dashboardId } });
  const names = new Set(detail.units.map((u) => u.name));
  const tabId = detail.dashboard.tabs[0] as string;
  for (const card of cards) if (!names.has(card.name)) await addCard(app, token, tabId, card);
}
