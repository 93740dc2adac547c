import { api, LANGUAGE_STORAGE_KEY, type Model } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../packages/server/src/modules/packages/packages.fixtures.ts';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { confirmedModel, settledRun } from './support/models.ts';
import { dialog, fieldLabel } from './support/org.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, signIn } from './support/ui.ts';

/**
 * Issue 43 as a newcomer meets models (items 1, 2, 3, 6, 7): the Add package dialog says what a package is and
 * offers the newest Python the index serves; a package whose requirements name only pandas builds with pyarrow
 * added by Tessera, and its DataFrame function's first run succeeds with pandas' numbers; on a dashboard, the
 * model bar shows the inputs of the run whose outputs the cards display, after a reload too; a scheduled run
 * takes its dataset by name; a failed run says what failed first, and a cancelled run's output stays readable from
 * the history. English and French, 1280 and 390 px wide.
 */
describe('models as a newcomer meets them', () => {
  const j = useJourney();
  const PHONE = { width: 390, height: 844 };
  let token = '';
  let setup: CardsSetup;
  let weatherId = '';
  let packageId = '';
  let model: Model;

  /** 70 days of weather from 2012-01-01: precipitation and temp_max follow simple deterministic rules. */
  const DAYS = Array.from({ length: 70 }, (_, i) => {
    const date = new Date(Date.UTC(2012, 0, 1 + i)).toISOString().slice(0, 10);
    return { date, precipitation: (i * 7) % 23, temp_max: 5 + ((i * 3) % 11) };
  });
  const CSV = ['date,precipitation,temp_max', ...DAYS.map((d) => `${d.date},${d.precipitation},${d.temp_max}`)].join(
    '\n',
  );
  /** What pandas computes in the package below: rainy days (> threshold) and the mean temp_max per month. */
  const expected = (threshold: number) => {
    const months = new Map<string, { rainy: number; sum: number; n: number }>();
    for (const d of DAYS) {
      const m = months.get(d.date.slice(0, 7)) ?? { rainy: 0, sum: 0, n: 0 };
      m.rainy += d.precipitation > threshold ? 1 : 0;
      m.sum += d.temp_max;
      m.n += 1;
      months.set(d.date.slice(0, 7), m);
    }
    return [...months.entries()].map(([month, m]) => ({
      month,
      rainy_days: m.rainy,
      mean_temp_max: Math.round((m.sum / m.n) * 10) / 10,
    }));
  };
  const PACKAGE = {
    'requirements.txt': 'pandas\n',
    'weather.py': [
      'import time',
      'import pandas as pd',
      '',
      'def monthly_summary(data: pd.DataFrame, rain_threshold: float = 5.0) -> pd.DataFrame:',
      '    frame = data.copy()',
      '    frame["month"] = pd.to_datetime(frame["date"]).dt.strftime("%Y-%m")',
      '    frame["rainy"] = frame["precipitation"] > rain_threshold',
      '    out = frame.groupby("month", as_index=False).agg(',
      '        rainy_days=("rainy", "sum"), mean_temp_max=("temp_max", "mean"))',
      '    out["mean_temp_max"] = out["mean_temp_max"].round(1)',
      '    return out',
      '',
      'def slow_summary(data: pd.DataFrame, seconds: int = 120) -> pd.DataFrame:',
      '    print(f"read {len(data)} rows", flush=True)',
      '    time.sleep(seconds)',
      '    return data.head(1)',
      '',
    ].join('\n'),
  };

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    setup = await CardsSetup.create(j.app, token, 'Seattle weather');
    weatherId = (await setup.importCsv('seattle-weather.csv', CSV, 'Seattle weather'))._id;
  }, 120_000);

  const french = (page: Page) => page.evaluate((key) => localStorage.setItem(key, 'fr'), LANGUAGE_STORAGE_KEY);

  it('adds a package naming only pandas: guided, the right Python, pyarrow added by Tessera', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${setup.projectId}/models`);
    await page.getByRole('button', { name: 'Add package', exact: true }).click();
    const modal = dialog(page, 'Add package');
    await modal.getByText(/^A package is a folder of \.py files with a requirements\.txt at its root/).waitFor();
    await modal.getByRole('button', { name: 'Download a template', exact: true }).waitFor();
    const help = modal.getByRole('link', { name: 'How to write a package', exact: true });
    expect(await help.getAttribute('href')).toBe('/help/writing-a-package');
    await expect
      .poll(() => modal.getByLabel(fieldLabel('Base image')).inputValue(), { timeout: 15_000 })
      .toBe('Python 3.11 slim');
    // The template downloads as a zip.
    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Download a template', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('tessera-package-template.zip');
    await modal.locator('input[type="file"]').setInputFiles({
      name: 'weather.zip',
      mimeType: 'application/zip',
      buffer: makeZip(PACKAGE),
    });
    await screenshot(page, 'newcomer43-1-add-package');
    await modal.getByRole('button', { name: 'Upload', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    const link = page.getByRole('link', { name: 'weather', exact: true });
    await link.click();
    await expectPath(page, new RegExp(`^/projects/${setup.projectId}/packages/[0-9a-f]{24}$`));
    packageId = page.url().split('/').pop() as string;
    // Built: the dependencies card says what Tessera added beside pandas.
    await page.getByText('Added by Tessera: pyarrow', { exact: false }).first().waitFor({ timeout: 180_000 });
    await screenshot(page, 'newcomer43-2-package-added-by-tessera');
    await page.goto(`/projects/${setup.projectId}/packages/${packageId}/dependencies`);
    await page.getByTestId('added-by-tessera').waitFor();
    await screenshot(page, 'newcomer43-3-dependencies');
    await french(page);
    await page.reload();
    await page.getByText('Ajouté par Tessera : pyarrow', { exact: false }).waitFor();
    await screenshot(page, 'newcomer43-3-dependencies-fr');
    await page.goto(`/help/writing-a-package`);
    await expectText(page, 'Écrire un paquet');
    await screenshot(page, 'newcomer43-4-help-fr');
  });

  it("runs the model first time with pandas' numbers; the bar shows the displayed run's inputs after a reload", async () => {
    const { page } = j;
    const pkg = await callAs(j.app, token, api.getPackage, { params: { id: packageId } });
    const algorithm = pkg.modules.flatMap((m) => m.algorithms).find((a) => a.functionName === 'monthly_summary');
    const { _id } = await callAs(j.app, token, api.createModel, { params: { id: algorithm!._id }, body: {} });
    const draft = await callAs(j.app, token, api.getModel, { params: { id: _id } });
    const inputs = draft.inputs.map((i) =>
      i.varName === 'data' ? { ...i, defaultValue: weatherId } : { ...i, display: { ...i.display, modelBar: true } },
    );
    await callAs(j.app, token, api.updateModel, {
      params: { id: _id },
      body: { name: 'Monthly weather', inputs, resultStorage: 'all' },
    });
    model = await callAs(j.app, token, api.confirmModel, { params: { id: _id } });

    // The first run, from the model's page: it succeeds, and its output is what pandas computes.
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${setup.projectId}/models/${model._id}`);
    await page.getByRole('tab', { name: 'Outputs', exact: true }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expectText(page, 'Finished');
    const runs = await callAs(j.app, token, api.listModelRuns, {
      params: { id: model._id },
      query: { limit: 20, page: 1 },
    });
    expect(runs.runs[0].status, runs.runs[0].error ?? '').toBe('finished');
    const outputId = runs.runs[0].outputs[0].dataset._id;
    const output = await callAs(j.app, token, api.getDataset, { params: { id: outputId } });
    const names = new Map(output.features.map((f) => [f._id, f.name]));
    const data = await callAs(j.app, token, api.datasetData, {
      params: { id: outputId },
      query: { limit: 1000 },
      body: {},
    });
    const rows = (data.list as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [names.get(k) ?? k, v])),
    );
    expect(
      rows.map((r) => ({ month: r.month, rainy_days: Number(r.rainy_days), mean_temp_max: Number(r.mean_temp_max) })),
    ).toEqual(expected(5));

    // A dashboard with a KPI on the rainy days.
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: 'Weather', description: '', type: 'Dashboard', tabName: 'Main' },
    });
    const tabId = dashboard.tabs[0] as string;
    const rainy = output.features.find((f) => f.name === 'rainy_days')!;
    const unit = await setup.addCard(tabId, { x: 0, y: 0, w: 4, h: 2 }, 'Rainy days', 'kpi', {
      kpi: [{ id: 'rd', feature: { _id: rainy._id, dataset: { _id: outputId } }, operation: 'sum' }],
    } as never);
    const board = `/projects/${setup.projectId}/dashboards/${dashboard._id}/tabs/${tabId}`;
    const total = (threshold: number) => expected(threshold).reduce((s, m) => s + m.rainy_days, 0);
    const kpi = () => page.getByTestId(`card-${unit}`).getByTestId('kpi-rd').getByTestId('kpi-value').textContent();

    // Run at 20 from the bar; after a reload the bar says 20 beside the card computed with 20.
    await page.goto(board);
    const bar = page.getByTestId(`model-bar-${model._id}`);
    const threshold = bar.getByRole('textbox', { name: 'rain_threshold', exact: true });
    await expect.poll(() => threshold.inputValue()).toBe('5');
    await threshold.fill('20');
    await expect.poll(() => threshold.inputValue()).toBe('20');
    await bar.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(kpi, { timeout: 60_000 }).toBe(String(total(20)));
    await page.reload();
    await expect.poll(kpi, { timeout: 30_000 }).toBe(String(total(20)));
    await expect.poll(() => threshold.inputValue()).toBe('20');
    await screenshot(page, 'newcomer43-5-model-bar-after-reload');

    // Another run (as a scheduled run would) at 15: the bar follows the card without a reload.
    await settledRun(j.app, token, model._id, [
      { varName: 'data', value: weatherId },
      { varName: 'rain_threshold', value: 15 },
    ]);
    await expect.poll(kpi, { timeout: 30_000 }).toBe(String(total(15)));
    await expect.poll(() => threshold.inputValue()).toBe('15');

    // The first run chosen in the model history: kept on the model, the bar shows its 5, a reload too.
    await bar.getByRole('button', { name: 'Open model panel' }).click();
    const panel = page.getByTestId('model-panel');
    const first = panel.getByTestId('model-run-row').last();
    await first.getByRole('button', { name: "Show this run's data on the cards" }).click();
    await expect.poll(kpi, { timeout: 30_000 }).toBe(String(total(5)));
    await page.keyboard.press('Escape');
    await page.reload();
    await expect.poll(kpi, { timeout: 30_000 }).toBe(String(total(5)));
    await expect.poll(() => threshold.inputValue()).toBe('5');
    const stored = await callAs(j.app, token, api.getModel, { params: { id: model._id } });
    expect(stored.selectedRunId).toBe(runs.runs[0]._id);

    // Run info names the dataset input by its name, linking to it.
    await bar.getByRole('button', { name: 'Open model panel' }).click();
    await panel.getByTestId('model-run-row').last().getByRole('button').nth(1).click();
    const info = page.getByRole('dialog', { name: 'Run info' });
    await info.getByRole('tab', { name: 'Inputs', exact: true }).click();
    const dataLink = info.getByRole('link', { name: 'Seattle weather', exact: true });
    expect(await dataLink.getAttribute('href')).toBe(`/projects/${setup.projectId}/datasets/${weatherId}/data`);
    await screenshot(page, 'newcomer43-6-run-info-dataset-by-name');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'newcomer43-6-run-info-390');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(kpi, { timeout: 30_000 }).toBe(String(total(5)));
    await screenshot(page, 'newcomer43-7-dashboard-390');
    await french(page);
    await page.reload();
    await expect.poll(() => threshold.inputValue()).toBe('5');
    await expect.poll(kpi, { timeout: 30_000 }).toBe(String(total(5)));
    await screenshot(page, 'newcomer43-7-dashboard-390-fr');
  });

  it('creates a scheduled run with its dataset picked by name', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${setup.projectId}/models/${model._id}`);
    await page.getByRole('button', { name: 'Add scheduled run' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Name' }).fill('Nightly summary');
    // The dataset input is a picker showing names, the model's default chosen: no 24-character id anywhere.
    const data = form.getByRole('combobox', { name: 'data', exact: true });
    await expect.poll(() => data.inputValue()).toBe('Seattle weather');
    expect(await form.getByText(weatherId).count()).toBe(0);
    await screenshot(page, 'newcomer43-8-scheduled-run-form');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'newcomer43-8-scheduled-run-form-390');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('Nightly summary').first().waitFor();
    const triggers = await callAs(j.app, token, api.listTriggers, { query: { projectId: setup.projectId } });
    const made = triggers.find((t) => t.name === 'Nightly summary');
    expect(made?.inputs.find((i) => i.varName === 'data')?.value).toBe(weatherId);
  });

  it("says what failed first, and keeps a cancelled run's log readable from the history (French, 390 px)", async () => {
    const { page } = j;
    const pkg = await callAs(j.app, token, api.getPackage, { params: { id: packageId } });
    const noDates = (await setup.importCsv('no-dates.csv', 'precipitation,temp_max\n1,5\n30,7\n', 'Sans dates'))._id;
    const withData = (id: string) => (m: Model) => ({
      inputs: m.inputs.map((i) => (i.varName === 'data' ? { ...i, defaultValue: id } : i)),
    });
    const broken = await confirmedModel(j.app, token, pkg, 'monthly_summary', withData(noDates));
    const slow = await confirmedModel(j.app, token, pkg, 'slow_summary', withData(weatherId));
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await french(page);
    await page.setViewportSize(PHONE);

    // A failure: its one-line summary first, then the traceback folded below, from the user's frame, no server path.
    await page.goto(`/projects/${setup.projectId}/models/${broken._id}`);
    await page.getByRole('tab', { name: 'Sorties', exact: true }).click();
    await page.getByRole('button', { name: 'Exécuter', exact: true }).click();
    const summary = page.getByTestId('run-failure-summary').first();
    await summary.waitFor({ timeout: 90_000 });
    expect(await summary.textContent()).toMatch(/^KeyError: .*date/);
    await page.getByText("Trace d'appels", { exact: true }).first().click();
    const traceback = page.locator('details').first();
    await expect.poll(() => traceback.textContent()).toContain('frame["date"]');
    expect(await traceback.textContent()).not.toMatch(/\/(work|runner|pkg|tmp)\//);
    await screenshot(page, 'newcomer43-9-failure-summary-390-fr');

    // A run cancelled while it prints: its output stays, shown again from the history after a reload.
    await page.goto(`/projects/${setup.projectId}/models/${slow._id}`);
    await page.getByRole('tab', { name: 'Sorties', exact: true }).click();
    await page.getByRole('button', { name: 'Exécuter', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('run-log').first().textContent(), { timeout: 90_000 })
      .toContain(`read ${DAYS.length} rows`);
    await page.getByRole('button', { name: "Annuler l'exécution", exact: true }).first().click();
    await page.getByText('Exécution du modèle annulée', { exact: true }).first().waitFor({ timeout: 30_000 });
    const runs = await callAs(j.app, token, api.listModelRuns, {
      params: { id: slow._id },
      query: { limit: 5, page: 1 },
    });
    expect(runs.runs[0].status).toBe('cancelled');
    await page.reload();
    await page.getByRole('tab', { name: 'Sorties', exact: true }).click();
    await page.getByRole('button', { name: 'Afficher le journal', exact: true }).first().click();
    // The same button, now to hide it (the history's one run: the cancelled one).
    const hide = page.getByRole('button', { name: 'Masquer le journal', exact: true });
    await expect.poll(() => hide.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() =>
        page
          .getByTestId('run-log')
          .filter({ hasText: `read ${DAYS.length} rows` })
          .count(),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'newcomer43-10-cancelled-run-log-390-fr');
    // Downloadable too: the kept text, as the API answers it.
    const log = await fetch(`${j.app.url}/api/v1/model-runs/${runs.runs[0]._id}/log`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(log.status).toBe(200);
    expect(await log.text()).toContain(`read ${DAYS.length} rows`);
  }, 240_000); // two runs in a row, each allowed 90 s to start on a busy machine: more than the journeys' default
});
