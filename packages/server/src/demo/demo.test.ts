import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, CHART_TYPES, fillPath } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { sharedEnvsDir } from '../runner/testing.ts';
import { freshDatabase, ROOT } from '../test/harness.ts';
import { type DemoResult, loadDemo } from './demo.ts';
import { DEMO } from './demoContent.ts';
import { DEMO_FORM } from './demoForm.ts';

/** Two starts with DEMO=1 on one database and data directory, as `DEMO=1 npm start` twice. */
describe('DEMO=1', () => {
  let database: Database;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-demo-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ROOT.email,
    ADMIN_PASSWORD: ROOT.password,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://tessera.test',
    DEMO: '1',
    PYTHON_ENVS_DIR: sharedEnvsDir(),
  });
  let app: FastifyInstance;
  let first: DemoResult;
  let second: DemoResult;
  const counts = async () => {
    const rows = await database.db.execute(
      'select (select count(*) from organizations) o, (select count(*) from projects) p, (select count(*) from datasets) d, (select count(*) from dashboards) a, (select count(*) from units) u, (select count(*) from forms) f, (select count(*) from form_responses) r',
    );
    return JSON.stringify((rows as unknown as { rows: unknown[] }).rows?.[0] ?? rows);
  };

  beforeAll(async () => {
    database = await freshDatabase();
    const start = async () => {
      const started = await buildApp({ config, database });
      await started.ready();
      return started;
    };
    app = await start();
    first = await loadDemo(app);
    const before = await counts();
    await app.close();
    app = await start();
    second = await loadDemo(app);
    expect(await counts()).toBe(before);
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('loads the organization, the project, three datasets, a dashboard and a report the first time only', () => {
    expect(first.created).toEqual([
      'organization',
      'project',
      'Seattle weather',
      'Gapminder health and income',
      'Iowa electricity',
      'form',
      'dashboard',
      'report',
      'package',
      'model',
      'scheduled run',
      'dashboard',
    ]);
    expect(second.created).toEqual([]);
    expect(second).toEqual({ ...first, created: [] });
  });

  it('answers data on every card of the dashboard: a KPI, a table and each chart type', async () => {
    const login = await app.inject({ method: 'POST', url: api.login.path, payload: ROOT });
    const token = login.json().accessToken as string;
    const auth = { authorization: `Bearer ${token}` };
    const detail = api.getDashboard.response.parse(
      (
        await app.inject({
          method: 'GET',
          url: fillPath(api.getDashboard.path, { id: first.dashboardId }),
          headers: auth,
        })
      ).json(),
    );
    expect(detail.dashboard.name).toBe(DEMO.dashboard);
    const chartTypes = detail.units
      .filter((u) => u.type === 'chart')
      .map((u) => (u.vis as { chartType: string }).chartType);
    // Every chart type, and one more bar chart: the form's responses.
    expect([...chartTypes].sort()).toEqual([...CHART_TYPES, 'bar'].sort());
    expect(detail.units.map((u) => u.type).sort()).toEqual([...Array(8).fill('chart'), 'kpi', 'table']);
    for (const unit of detail.units) {
      const res = await app.inject({
        method: 'POST',
        url: fillPath(api.getUnitData.path, { id: unit._id }),
        headers: auth,
        payload: {},
      });
      const data = api.getUnitData.response.parse(res.json());
      expect({ card: unit.name, error: data.error }).toEqual({ card: unit.name, error: null });
      const rows = Array.isArray(data.data) ? data.data : [data.data];
      expect(rows.length, unit.name).toBeGreaterThan(0);
    }
  });

  it("runs the example package's model once; its dashboard shows the model bar; its scheduled run is paused", async () => {
    const login = await app.inject({ method: 'POST', url: api.login.path, payload: ROOT });
    const auth = { authorization: `Bearer ${login.json().accessToken}` };
    const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: auth })).json();
    const runs = await get(`/api/v1/models/${first.modelId}/model-runs?limit=20&page=1`);
    expect(runs.runs.map((r: { status: string }) => r.status)).toEqual(['finished']);
    const onBoard = await get(fillPath(api.dashboardModels.path, { id: first.modelDashboardId }));
    expect(onBoard.models.map((m: { _id: string }) => m._id)).toEqual([first.modelId]);
    const model = onBoard.models[0];
    expect(model.inputs.filter((i: { display: { modelBar: boolean } }) => i.display.modelBar).length).toBe(1);
    const triggers = await get(`/api/v1/triggers?modelId=${first.modelId}`);
    expect(triggers.map((t: { status: string }) => t.status)).toEqual(['inactive']);
    const pkg = (await get(`/api/v1/packages?projectId=${first.projectId}`)).find(
      (p: { name: string }) => p.name === 'Weather example',
    );
    expect((await get(`/api/v1/packages/${pkg._id}/dependencies`)).added).toEqual(['pyarrow']);
  });

  it('publishes a form with a yes/no question; its check-ins feed a card of the dashboard, a BOOLEAN column', async () => {
    const login = await app.inject({ method: 'POST', url: api.login.path, payload: ROOT });
    const auth = { authorization: `Bearer ${login.json().accessToken}` };
    const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: auth })).json();
    const form = api.getForm.response.parse(await get(fillPath(api.getForm.path, { id: first.formId })));
    expect(form).toMatchObject({ name: DEMO_FORM.name, published: true, closed: false, responseCount: 7 });
    expect(form.elements.map((e) => e.type)).toEqual(['title', 'dropdown', 'binary', 'ratingScale', 'longText']);
    const dataset = api.getDataset.response.parse(await get(fillPath(api.getDataset.path, { id: form.dataset!._id })));
    expect(dataset.rowCount).toBe(7);
    expect(dataset.features.find((f) => f.name === 'Did it rain?')?.db.type).toBe('BOOLEAN');
    // The public page shows it to anyone with the link.
    const publicForm = await app.inject({ method: 'GET', url: fillPath(api.getPublicForm.path, { id: form._id }) });
    expect(publicForm.statusCode).toBe(200);
    const detail = api.getDashboard.response.parse(
      await get(fillPath(api.getDashboard.path, { id: first.dashboardId })),
    );
    const card = detail.units.find((u) => u.name === DEMO_FORM.card);
    expect(card).toBeDefined();
    const res = await app.inject({
      method: 'POST',
      url: fillPath(api.getUnitData.path, { id: card!._id }),
      headers: auth,
      payload: {},
    });
    const data = api.getUnitData.response.parse(res.json());
    expect(data.error).toBeNull();
    // The average rating per city of the check-ins the demo sent (Seattle 2, 3, 5; Paris 4, 2; Montréal 5, 4).
    const byCity = Object.fromEntries(
      (data.data as Array<Record<string, string | number>>).map((r) => [r['form-city'], Number(r['form-pleasant'])]),
    );
    expect(byCity).toEqual({ Seattle: 10 / 3, Paris: 3, Montréal: 4.5 });
  });

  it('publishes the dashboard: its public page answers without signing in', async () => {
    expect(first.publicUrl).toBe(`http://tessera.test/public/dashboards/${first.dashboardId}`);
    const res = await app.inject({
      method: 'GET',
      url: fillPath(api.getPublicDashboard.path, { id: first.dashboardId }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dashboard.name).toBe(DEMO.dashboard);
  });

  it('shows the project to the root user, who signs in and opens it', async () => {
    const login = await app.inject({ method: 'POST', url: api.login.path, payload: ROOT });
    const res = await app.inject({
      method: 'GET',
      url: api.listMyProjects.path,
      headers: { authorization: `Bearer ${login.json().accessToken}` },
    });
    expect(res.json().map((p: { name: string }) => p.name)).toContain(DEMO.project);
  });
});
