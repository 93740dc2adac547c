import { setTimeout as sleep } from 'node:timers/promises';
import { api, type Package } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeZip, packageForm } from '../packages/server/src/modules/packages/packages.fixtures.ts';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { clusterUnavailable, startTesseraCluster, type TesseraCluster } from './support/cluster.ts';
import { useJourney } from './support/journey.ts';
import { dialog } from './support/org.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, expectToast, signIn } from './support/ui.ts';

/**
 * Issue 21: the journeys against `npm run cluster` (2 API processes and 2 workers on PostgreSQL and Redis behind
 * the proxy): a person's consecutive requests land on different API processes (`x-tessera-process`), an import
 * and a model run each happen once, on a worker, and their live updates reach a viewer whose live channel is held
 * by an API process; a dashboard preview and a scheduled run's fire are each done on a worker. Skipped, saying why,
 * when PostgreSQL (TEST_DATABASE_URL) or Redis does not answer.
 */
// Part of the default run whenever PostgreSQL and Redis answer; TESSERA_CLUSTER_E2E=0 leaves them out.
const unavailable =
  process.env.TESSERA_CLUSTER_E2E === '0' ? 'TESSERA_CLUSTER_E2E=0 leaves them out' : await clusterUnavailable();
if (unavailable) console.warn(`Skipping the cluster journeys: ${unavailable}`);

/** A job's states once it has ended. */
const FINAL = ['completed', 'failed', 'cancelled'];

// Four servers, a proxy and a browser beside the other test files on two cores: a journey that times out once is
// run once more (it must pass then).
describe.skipIf(unavailable !== null)('a cluster of 2 API processes and 2 workers', { retry: 1 }, () => {
  let cluster: TesseraCluster;
  const j = useJourney({
    start: async () => {
      cluster = await startTesseraCluster({ apis: 2, workers: 2 });
      return cluster;
    },
  });
  let token = '';
  let projectId = '';
  let modelId = '';

  // Four servers and a browser on this machine: a cold page takes longer than the journeys' usual 15 s.
  beforeEach(() => j.context.setDefaultTimeout(60_000));

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    projectId = (await callAs(j.app, token, api.createProject, { body: { name: 'Cluster' } }))._id;
  });

  /** The process that answered each of the page's API requests, in order. */
  function answeringProcesses(page: Page): number[] {
    const pids: number[] = [];
    page.on('response', (res) => {
      const pid = res.headers()['x-tessera-process'];
      if (pid && new URL(res.url()).pathname.startsWith('/api/')) pids.push(Number(pid));
    });
    return pids;
  }

  /** The API process holding this browser's live channel (the proxy's sticky cookie), once it is connected. */
  async function liveChannelProcess(page: Page): Promise<number> {
    let index = -1;
    await expect
      .poll(async () => {
        const cookie = (await page.context().cookies()).find((c) => c.name === 'tessera_node');
        index = cookie ? Number(cookie.value) : -1;
        return index;
      })
      .toBeGreaterThanOrEqual(0);
    return cluster.pids('api')[index] as number;
  }

  async function openDatasets(page: Page) {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/datasets`);
    await expectText(page, 'Choose a dataset in the list, or add one.');
  }

  it('spreads one person’s consecutive requests over both API processes', async () => {
    const pids = answeringProcesses(j.page);
    await openDatasets(j.page);
    await expect.poll(() => new Set(pids).size).toBe(2);
    expect(pids.every((pid) => cluster.pids('api').includes(pid))).toBe(true);
    // Round-robin: no two consecutive requests of the page on the same process while nothing else asks.
    expect(new Set(pids.slice(0, 4)).size).toBe(2);
  });

  it('imports on a worker, once, and the viewer connected to an API process sees it live', async () => {
    const viewer = await j.anotherPage();
    viewer.context().setDefaultTimeout(60_000);
    await openDatasets(viewer);
    const viewerProcess = await liveChannelProcess(viewer);

    const { page } = j;
    const pids = answeringProcesses(page);
    await openDatasets(page);
    const rows = ['id,city,amount', ...Array.from({ length: 50 }, (_, n) => `${n + 1},City ${n % 4},${n * 2.5}`)];
    await page.getByRole('button', { name: 'Add Dataset', exact: true }).click();
    const modal = dialog(page, 'Add Dataset');
    await modal.getByRole('button', { name: 'Upload File (.csv)', exact: true }).click();
    await modal.locator('.mantine-Dropzone-root input[type="file"]').setInputFiles({
      name: 'spread.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${rows.join('\n')}\n`),
    });
    await modal.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, 'Dataset imported: spread.csv');

    // The viewer never reloaded: the list changed through the live channel of its API process.
    await viewer.getByRole('link', { name: 'spread', exact: true }).waitFor();
    await screenshot(viewer, 'cluster-viewer-sees-import');

    const jobs = await cluster.query<{ worker: string; status: string; owner_id: string }>(
      "select j.worker, j.status, j.owner_id from jobs j where j.type = 'featureDetection'",
    );
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job?.status).toBe('completed');
    const workerPid = Number(job?.worker.split(':')[0]);
    expect(cluster.pids('worker')).toContain(workerPid);
    // The import's event travelled from a worker to the viewer's API process (over Redis), not within one process.
    expect(workerPid).not.toBe(viewerProcess);
    expect(new Set(pids).size).toBe(2);
    // Imported exactly once: one segment, the rows once.
    const segments = await cluster.query<{ n: number; rows: number }>(
      "select count(*)::int as n, sum(row_count)::int as rows from dataset_jobs where dataset_id = $1 and state = 'imported'",
      [job?.owner_id],
    );
    expect(segments).toEqual([{ n: 1, rows: 50 }]);
  }, 240_000);

  it('builds a package and runs a model on workers; the run notice reaches the page', async () => {
    const files = { 'requirements.txt': '', 'calc.py': 'def square(n: int = 3) -> dict:\n    return {"n": n * n}\n' };
    const form = packageForm(
      { name: 'calc', baseImage: '3.11', projectId },
      { name: 'calc.zip', bytes: makeZip(files) },
    );
    const res = await fetch(`${j.app.url}/api/v1/packages/upload?projectId=${projectId}`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      body: form.payload,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const packageId = ((await res.json()) as Package)._id;
    let pkg: Package;
    for (;;) {
      pkg = await callAs(j.app, token, api.getPackage, { params: { id: packageId } });
      if (pkg.status === 'built' || pkg.status === 'failed') break;
      await sleep(200);
    }
    expect(pkg.status, pkg.errorLog).toBe('built');
    const algorithmId = pkg.modules[0].algorithms[0]._id;
    modelId = (await callAs(j.app, token, api.createModel, { params: { id: algorithmId }, body: {} }))._id;
    await callAs(j.app, token, api.confirmModel, { params: { id: modelId } });

    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/models/${modelId}`);
    await page.getByRole('tab', { name: 'Outputs', exact: true }).click();
    await expectText(page, 'This model has not yet been run.');
    await liveChannelProcess(page);
    await page.getByRole('textbox', { name: 'n', exact: true }).fill('7');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expectToast(page, 'Model Run Complete:');
    await expectText(page, 'Finished');

    // The page hears of the run from within its job: the job's own row is marked completed just after.
    let jobs: Array<{ type: string; worker: string; status: string }> = [];
    await expect
      .poll(async () => {
        jobs = await cluster.query<{ type: string; worker: string; status: string }>(
          "select type, worker, status from jobs where owner_id in ($1, $2) and type <> 'featureDetection' order by time_created",
          [packageId, modelId],
        );
        return jobs.filter((job) => !FINAL.includes(job.status)).length;
      })
      .toBe(0);
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    for (const job of jobs) {
      expect(job.status, job.type).toBe('completed');
      expect(cluster.pids('worker'), job.type).toContain(Number(job.worker.split(':')[0]));
    }
  }, 240_000);

  /** The job's row once it is finished (its worker and status), polled. */
  async function finishedJob(sql: string, values: unknown[]): Promise<{ worker: string; status: string }> {
    let row: { worker: string; status: string } | undefined;
    await expect
      .poll(
        async () => {
          [row] = await cluster.query<{ worker: string; status: string }>(sql, values);
          return row && FINAL.includes(row.status) ? row.status : row?.status;
        },
        { timeout: 150_000, interval: 500 },
      )
      .toBe('completed');
    return row as { worker: string; status: string };
  }

  it('renders a dashboard preview and fires a scheduled run, each on a worker', async () => {
    expect(modelId, 'the model of the test before').not.toBe('');
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId, name: 'Previewed', description: '', type: 'Dashboard', tabName: 'All' },
    });
    // Asking for a dashboard's image queues its render (a worker opens the page in Chromium).
    await callAs(j.app, token, api.getDashboardPreview, { params: { id: dashboard._id } });
    // Every minute from today (UTC): the next minute is an occurrence.
    const today = new Date().toISOString().slice(0, 10);
    const trigger = await callAs(j.app, token, api.createTrigger, {
      body: {
        name: 'Every minute',
        description: '',
        modelId,
        projectId,
        inputs: [{ varName: 'n', value: 5 }],
        pattern: {
          timezone: 'UTC',
          start: {
            effective_startdate: today,
            scheduled_starttime: '00:00:00',
            scheduled_endtime: '23:59:00',
            until_datetime: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}T23:59:59`,
          },
          repeat: { unit: 'minutes', value: 1 },
          filter: { day_of_the_week: [], day_of_the_month: [] },
        },
      },
    });
    const preview = await finishedJob(
      "select worker, status from jobs where type = 'dashboardPreview' and owner_id = $1 order by time_created",
      [dashboard._id],
    );
    expect(cluster.pids('worker')).toContain(Number(preview.worker.split(':')[0]));
    const fired = await finishedJob(
      'select j.worker, j.status from model_runs r join jobs j on j.id = r.job_id where r.trigger_id = $1 order by r.execution_datetime limit 1',
      [trigger._id],
    );
    expect(cluster.pids('worker')).toContain(Number(fired.worker.split(':')[0]));
    await callAs(j.app, token, api.deleteTrigger, { params: { id: trigger._id } });
  }, 240_000);
});
