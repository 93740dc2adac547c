import { api } from '@tessera/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { dialog, fieldLabel } from './support/org.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, expectToast, signIn } from './support/ui.ts';

/** Waits until `text` is visible within `scope` (exact, whole text of an element). */
const see = (scope: Locator, text: string) => scope.getByText(text, { exact: true }).first().waitFor();

/**
 * Issue 5 end to end (datasets): root uploads a CSV through the dropzone and follows its progress, sees
 * the detected features, changes a feature's type, pages the table, appends a file and deletes the appended
 * job's data, creates a joined dataset, and drags a dataset into a folder without opening it. The tests share
 * one server and run in order, each building on what the previous one made.
 */
describe('datasets', () => {
  const j = useJourney();
  const PROJECT = 'Store Sales';
  const SALES = 'sales';
  const CITIES = 'cities';
  const JOINED = 'Sales with regions';
  const FOLDER = 'Archive';
  const CITY_NAMES = ['Lyon', 'Paris', 'Nantes', 'Lille'];

  let projectId = '';
  let salesId = '';

  beforeAll(async () => {
    const rootToken = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    projectId = (await callAs(j.app, rootToken, api.createProject, { body: { name: PROJECT } }))._id;
  });

  const datasetsPath = () => `/projects/${projectId}/datasets`;

  /** `count` sales rows numbered from `from`: an id, a city, an amount and a date. */
  function salesCsv(from: number, count: number): Buffer {
    const lines = ['id,city,amount,date'];
    for (let n = from; n < from + count; n++) {
      const day = String((n % 28) + 1).padStart(2, '0');
      lines.push(`${n},${CITY_NAMES[n % CITY_NAMES.length]},${(n * 3.5).toFixed(2)},2025-03-${day}`);
    }
    return Buffer.from(`${lines.join('\n')}\n`);
  }

  async function openDatasets(page: Page) {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(datasetsPath());
    await expectText(page, 'Choose a dataset in the list, or add one.');
  }

  /** Add Dataset → Upload File (.csv): the file is set on the dropzone's own file input, as a chooser would. */
  async function uploadThroughDropzone(page: Page, fileName: string, csv: Buffer) {
    await page.getByRole('button', { name: 'Add Dataset', exact: true }).click();
    const modal = dialog(page, 'Add Dataset');
    await modal.getByRole('button', { name: 'Upload File (.csv)', exact: true }).click();
    await modal.locator('.mantine-Dropzone-root input[type="file"]').setInputFiles({
      name: fileName,
      mimeType: 'text/csv',
      buffer: csv,
    });
    // The file's name without its extension is the default dataset name.
    await see(modal, fileName);
    expect(await modal.getByLabel('Dataset name', { exact: true }).inputValue()).toBe(fileName.replace(/\.csv$/, ''));
    await modal.getByRole('button', { name: 'Upload', exact: true }).click();
  }

  /** The Data tab's row count, once the table is drawn. */
  const rowCount = (page: Page, count: number) => expectText(page, `${count} rows`);

  /** The feature card whose name field holds `name`. */
  const featureCard = (page: Page, name: string): Locator =>
    page.locator('.mantine-Paper-root').filter({ has: page.locator(`input[value="${name}"]`) });

  const datasetLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

  it('root uploads a CSV through the dropzone, sees its progress, the import notice and the detected features, and changes a type', async () => {
    const { page } = j;
    await openDatasets(page);
    // Slow the upload down so that its progress can be seen: on localhost it would be over at once.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 200,
      downloadThroughput: -1,
      uploadThroughput: 2_000,
    });

    await uploadThroughDropzone(page, `${SALES}.csv`, salesCsv(1, 120));
    await expectPath(page, new RegExp(`^${datasetsPath()}/[^/]+$`));
    salesId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expectText(page, 'Uploading the file…');
    await page.getByRole('progressbar', { name: 'Upload progress' }).first().waitFor();
    await screenshot(page, 'datasets-upload-progress');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await expectToast(page, `Dataset imported: ${SALES}.csv`);
    await page.getByText('Uploading the file…', { exact: true }).waitFor({ state: 'hidden' });
    await expect.poll(() => datasetLink(page, SALES).count()).toBe(1);

    // Features: one card a column, each with its detected type.
    await page.getByRole('tab', { name: 'Features', exact: true }).click();
    const detected: Record<string, string> = {};
    for (const name of ['id', 'city', 'amount', 'date']) {
      const card = featureCard(page, name);
      await card.waitFor();
      detected[name] = await card.getByLabel('Type', { exact: true }).inputValue();
    }
    expect(detected).toEqual({ id: 'ID', city: 'Category', amount: 'Number', date: 'Date' });
    await see(featureCard(page, 'amount'), 'Max: 420 · Min: 3.5 · Mean: 211.75');
    await screenshot(page, 'datasets-features');

    // Changing a type asks first, with the warning; confirmed, the card keeps the new type.
    const amount = featureCard(page, 'amount');
    await amount.getByLabel('Type', { exact: true }).click();
    await page.getByRole('option', { name: 'Category', exact: true }).click();
    const typeDialog = dialog(page, 'Change the type of amount');
    await see(typeDialog, 'Changing the type could break existing charts.');
    await typeDialog.getByRole('button', { name: 'Change type', exact: true }).click();
    await typeDialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => featureCard(page, 'amount').getByLabel('Type', { exact: true }).inputValue())
      .toBe('Category');
    // A category has no Max, Min and Mean.
    await expect
      .poll(() =>
        featureCard(page, 'amount')
          .getByText(/^Max: /)
          .count(),
      )
      .toBe(0);
  });

  it('root pages the table, appends a file, then deletes the appended rows', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`${datasetsPath()}/${salesId}`);

    // Data: 50 rows a page, 120 rows in 3 pages.
    await rowCount(page, 120);
    const table = page.getByRole('table');
    expect(await table.locator('tbody tr').count()).toBe(50);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(() => table.locator('tbody tr').first().locator('td').first().textContent()).toBe('51');
    expect(await table.locator('tbody tr').count()).toBe(50);

    // Append History: one job, the original file.
    await page.getByRole('tab', { name: 'Append History', exact: true }).click();
    await expectText(page, `Original file: ${SALES}.csv`);
    const jobRows = page.getByRole('table').locator('tbody tr');
    await expect.poll(() => jobRows.count()).toBe(1);

    await page.getByRole('button', { name: 'Append a file', exact: true }).click();
    const append = dialog(page, 'Append a File');
    await append.locator('.mantine-Dropzone-root input[type="file"]').setInputFiles({
      name: 'sales-april.csv',
      mimeType: 'text/csv',
      buffer: salesCsv(121, 30),
    });
    await append.getByRole('button', { name: 'Append', exact: true }).click();
    await append.waitFor({ state: 'hidden' });
    const appended = jobRows.filter({ hasText: 'sales-april.csv' });
    await appended.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    await see(appended, '30');
    await screenshot(page, 'datasets-append-history');

    await page.getByRole('tab', { name: 'Data', exact: true }).click();
    await rowCount(page, 150);

    // Deleting the appended job's data takes its rows away and marks the job.
    await page.getByRole('tab', { name: 'Append History', exact: true }).click();
    await appended.getByRole('button', { name: "Delete this job's data", exact: true }).click();
    const confirm = dialog(page, 'Delete Job Data');
    await see(confirm, 'Remove the rows this job added to the dataset?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await see(appended, 'Data deleted');
    await page.getByRole('tab', { name: 'Data', exact: true }).click();
    await rowCount(page, 120);
  });

  it('root creates a joined dataset from two uploaded datasets in two steps and sees its rows', async () => {
    const { page } = j;
    await openDatasets(page);
    const regions = Buffer.from('city,region\nLyon,Auvergne\nParis,Ile-de-France\nNantes,Loire\nLille,Nord\n');
    await uploadThroughDropzone(page, `${CITIES}.csv`, regions);
    await expectToast(page, `Dataset imported: ${CITIES}.csv`);
    await page.getByRole('tab', { name: 'Data', exact: true }).click();
    await rowCount(page, 4);

    await page.getByRole('button', { name: 'Add Dataset', exact: true }).click();
    await dialog(page, 'Add Dataset').getByRole('button', { name: 'Create Joined Dataset', exact: true }).click();
    const modal = dialog(page, 'Create Joined Dataset');
    // Step 1: the name is required.
    await modal.getByRole('button', { name: 'Next', exact: true }).click();
    await see(modal, 'Required');
    await modal.getByLabel(fieldLabel('Name')).fill(JOINED);
    await modal.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 2: the datasets, the column pair and the join type; Done waits until all are set.
    const done = modal.getByRole('button', { name: 'Done', exact: true });
    expect(await done.isDisabled()).toBe(true);
    const pick = async (label: string | RegExp, option: string) => {
      await modal.getByLabel(label).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await pick(fieldLabel('First dataset'), SALES);
    await pick(fieldLabel('Second dataset'), CITIES);
    await pick('Column 1 of the first dataset', 'city');
    await pick('Column 1 of the second dataset', 'city');
    await pick(fieldLabel('Join type'), 'Left');
    await done.click();
    await modal.waitFor({ state: 'hidden' });

    await expectText(page, 'Joined Dataset');
    await expectText(page, `Left join of ${SALES} and ${CITIES} on 1 column pair(s)`);
    // Every sale finds its city's region.
    await rowCount(page, 120);
    await expect.poll(() => page.getByRole('table').getByText('Auvergne', { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'datasets-joined');
  });

  it('root drags a dataset into a folder and stays on the page', async () => {
    const { page } = j;
    await openDatasets(page);
    await page.getByRole('button', { name: 'New folder', exact: true }).click();
    const folderModal = dialog(page, 'Create Folder');
    await folderModal.getByLabel(fieldLabel('Name')).fill(FOLDER);
    await folderModal.getByRole('button', { name: 'Save', exact: true }).click();
    await folderModal.waitFor({ state: 'hidden' });
    const folder = page.getByText(FOLDER, { exact: true });
    await folder.waitFor();

    // Drag the cities dataset onto the folder with the mouse, in small steps as a hand would.
    const source = datasetLink(page, CITIES);
    const from = await source.boundingBox();
    const to = await folder.boundingBox();
    if (!from || !to) throw new Error('the dataset or the folder is not visible');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();

    // The dataset left the Datasets list for the folder (opened, it shows it), and the release did not open it.
    await expect.poll(() => datasetLink(page, CITIES).count()).toBe(0);
    await folder.click();
    await datasetLink(page, CITIES).waitFor();
    expect(new URL(page.url()).pathname).toBe(datasetsPath());
    await expectText(page, 'Choose a dataset in the list, or add one.');
    await screenshot(page, 'datasets-folder');
  });
  it('asks before leaving mid-upload and fails the upload on leaving; Cancel stops an upload', async () => {
    const { page } = j;
    await openDatasets(page);
    const rootToken = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    const unfinished = async (datasetId: string) => {
      const dataset = await callAs(j.app, rootToken, api.getDataset, { params: { id: datasetId } });
      const history = await callAs(j.app, rootToken, api.datasetHistory, { params: { id: datasetId } });
      return { imported: dataset.imported, statuses: history.jobs.map((job) => job.status) };
    };
    /**
     * A stopped upload never imports: a job the server had started is failed (or cancelled). Under Chromium's
     * upload throttling the body may not have reached the server at all, and then there is no job to fail.
     */
    const expectStopped = async (datasetId: string) => {
      await expect
        .poll(async () => (await unfinished(datasetId)).statuses.every((s) => s === 'failed' || s === 'cancelled'), {
          timeout: 30_000,
        })
        .toBe(true);
      expect((await unfinished(datasetId)).imported).toBe(false);
    };
    // Slow enough that the upload is still running while the steps below happen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: -1,
      uploadThroughput: 20_000,
    });

    await uploadThroughDropzone(page, 'leaving.csv', salesCsv(1, 12_000));
    await expectPath(page, new RegExp(`^${datasetsPath()}/[^/]+$`));
    const leavingId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('progressbar', { name: 'Upload progress' }).first().waitFor();

    // Going to another area asks first; Stay keeps the page and the upload.
    const toDashboards = () => page.getByText('Data Apps', { exact: true }).first().click();
    await toDashboards();
    const ask = dialog(page, 'Upload in progress');
    await see(ask, 'A dataset is still uploading, do you want to leave the page?');
    await screenshot(page, 'datasets-leave-question');
    await ask.getByRole('button', { name: 'Stay', exact: true }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`${datasetsPath()}/${leavingId}`);

    // Leave: the page goes, and the upload's job is failed — the dataset is never imported.
    await toDashboards();
    await dialog(page, 'Upload in progress').getByRole('button', { name: 'Leave', exact: true }).click();
    await expectPath(page, new RegExp(`^/projects/${projectId}/dashboards`));
    await expectStopped(leavingId);

    // Cancel in the upload queue stops another upload the same way.
    await page.goto(datasetsPath());
    await uploadThroughDropzone(page, 'cancelled.csv', salesCsv(1, 12_000));
    await expectPath(page, new RegExp(`^${datasetsPath()}/[^/]+$`));
    const cancelledId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const queue = page.getByTestId('upload-queue-body');
    await queue.getByRole('progressbar').first().waitFor();
    await queue.getByRole('button', { name: 'Cancel', exact: true }).first().click();
    await expectStopped(cancelledId);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  });
});
