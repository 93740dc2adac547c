/**
 * The 50-card dashboard's load in a real Chromium (the cards journey's dashboard: 240 rows of sales, charts of
 * five types by date and by product), measured from a performance trace of the page's main thread: the longest
 * task in wall time and in CPU time, the tasks over 50 ms of CPU, the main thread's CPU in all. Then one more
 * load with V8's sampling profiler says what the longest tasks spent their CPU on (the profiler slows the page,
 * so its figures are for attribution only). Needs the built web app (`npm run build`) and Chromium.
 *
 * BENCH_DASHBOARD_RUNS (default 3): loads measured; BENCH_DASHBOARD_PROFILE=0 skips the profiled load.
 */
import { availableParallelism, loadavg } from 'node:os';
import { api } from '@tessera/shared';
import type { Browser } from 'playwright-core';
import { apiSignIn, callAs } from '../../e2e/support/api.ts';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { CardsSetup, salesCsv } from '../../e2e/support/cards.ts';
import { type MainThreadTask, MainThreadTrace, type MainThreadTraceResult } from '../../e2e/support/mainThreadTrace.ts';
import { webDist } from '../../e2e/support/paths.ts';
import { ADMIN, startTessera, type Tessera } from '../../e2e/support/tessera.ts';
import { TaskAttribution } from './trace.ts';

const runs = Number(process.env.BENCH_DASHBOARD_RUNS ?? 3);
const profiled = process.env.BENCH_DASHBOARD_PROFILE !== '0';

/** Creates the dashboard of fifty chart cards; answers its page's path. */
async function fiftyCards(app: Tessera): Promise<string> {
  const token = await apiSignIn(app, ADMIN.email, ADMIN.password);
  const setup = await CardsSetup.create(app, token, 'Card Sales');
  const f = await setup.uploadDataset('sales.csv', salesCsv(240).text);
  const dashboard = await callAs(app, token, api.createDashboard, {
    body: { projectId: setup.projectId, name: 'Fifty cards', description: '', type: 'Dashboard', tabName: 'All' },
  });
  const tabId = dashboard.tabs[0] as string;
  const ref = (id: string) => ({ _id: id, dataset: { _id: f.datasetId } });
  const kinds = ['bar', 'line', 'area', 'scatter', 'pie'] as const;
  for (let i = 0; i < 50; i++) {
    await setup.addCard(tabId, { x: (i % 4) * 3, y: Math.floor(i / 4) * 3, w: 3, h: 3 }, `Card ${i + 1}`, 'chart', {
      chartType: kinds[i % kinds.length],
      independent: [{ series: [{ id: `x${i}`, feature: ref(i % 2 ? f.product : f.date), operation: '' }] }],
      dependent: [{ series: [{ id: `y${i}`, feature: ref(i % 3 ? f.amount : f.quantity), operation: 'sum' }] }],
    });
  }
  await callAs(app, token, api.updateDashboard, {
    params: { id: dashboard._id },
    body: { colors: { features: { [f.amount]: '#c0392b' } } },
  });
  return `/projects/${setup.projectId}/dashboards/${dashboard._id}/tabs/${tabId}`;
}

/** One load: signs in, then goes to the dashboard client-side (as a person does) until its 50 charts drew. */
async function load(app: Tessera, browser: Browser, to: string, profile: boolean) {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/projects');
    await page.waitForTimeout(500);
    const trace = await MainThreadTrace.start(page, { profile });
    const loadAverage = loadavg()[0] ?? 0;
    const started = Date.now();
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
    for (;;) {
      const drawn = await page.locator('[data-testid="chart-view"][data-values]').count();
      if (drawn === 50) break;
      if (Date.now() - started > 90_000) throw new Error(`${drawn} of 50 charts drew in 90 s`);
      await page.waitForTimeout(100);
    }
    const loadedMs = Date.now() - started;
    return { result: await trace.stop(), loadAverage, loadedMs };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${Math.round(value)}`.padStart(6);
const longestBy = (tasks: MainThreadTask[], key: 'wall' | 'cpu') =>
  tasks.reduce((max, task) => (task[key] > max[key] ? task : max), tasks[0] as MainThreadTask);

function summary(run: string, { result, loadAverage, loadedMs }: Awaited<ReturnType<typeof load>>) {
  const { tasks } = result;
  const wall = longestBy(tasks, 'wall');
  const cpu = longestBy(tasks, 'cpu');
  const total = tasks.reduce((sum, task) => sum + task.cpu, 0);
  const over = tasks.filter((task) => task.cpu > 50).length;
  console.log(
    `| ${run.padEnd(8)} | ${loadAverage.toFixed(2).padStart(5)} | ${ms(loadedMs)} | ${`${ms(wall.wall)} (${Math.round(wall.cpu)})`.padEnd(28)} |` +
      ` ${`${ms(cpu.cpu)} (${Math.round(cpu.wall)})`.padEnd(28)} | ${String(over).padStart(17)} | ${ms(total).padStart(15)} |`,
  );
}

function explain(result: MainThreadTraceResult) {
  const attribution = new TaskAttribution(result);
  const top = [...result.tasks].sort((a, b) => b.cpu - a.cpu).slice(0, 5);
  const list = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, value]) => `${key} ${value.toFixed(0)}`)
      .join(' | ');
  console.log(
    "\nThe profiled load's five CPU-longest tasks (profiler on: slower than above), where their samples fell (ms):",
  );
  for (const task of top) {
    const { modules, appFunctions } = attribution.attribution(task, webDist);
    console.log(
      `\n- at +${ms(task.start).trim()} ms: ${ms(task.cpu).trim()} ms CPU, ${ms(task.wall).trim()} ms wall ${attribution.evaluations(task).join(', ')}`,
    );
    console.log(`  app functions (inclusive): ${list(appFunctions, 5) || '-'}`);
    console.log(`  modules (self): ${list(modules, 6) || '-'}`);
  }
}

const app = await startTessera();
const browser = await launchBrowser();
try {
  const to = await fiftyCards(app);
  console.log(
    `50-card dashboard loads on ${availableParallelism()} cores; times in ms; load: 1-minute load average at the start`,
  );
  console.log(
    '| run      |  load | loaded | longest task: wall (its CPU) | longest task: CPU (its wall) | tasks > 50 ms CPU | main-thread CPU |',
  );
  console.log(
    '| -------- | ----- | ------ | ---------------------------- | ---------------------------- | ----------------- | --------------- |',
  );
  for (let i = 1; i <= runs; i++) summary(`load ${i}`, await load(app, browser, to, false));
  if (profiled) {
    const measured = await load(app, browser, to, true);
    summary('profiled', measured);
    explain(measured.result);
  }
} finally {
  await browser.close();
  await app.stop();
}
