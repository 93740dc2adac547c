import { api } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../packages/server/src/modules/packages/packages.fixtures.ts';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { dialog, fieldLabel } from './support/org.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, expectToast, signIn } from './support/ui.ts';

/**
 * Issue 15 end to end (the Models area's packages): root uploads a package through Add package and watches
 * it build, opens its page, edits a file in CodeMirror, saves, commits and sees the function list change, edits
 * the environment variables and the dependencies (each rebuilt as a job, with its notice), and opens a Dash app
 * served from its own origin. The tests run in order, each building on what the previous one made.
 */
describe('packages', () => {
  const j = useJourney();
  let projectId = '';
  let packageId = '';

  const STATS = {
    'requirements.txt': '',
    '__init__.py': '"""The stats package."""\n',
    'stats.py': 'def mean(values: list) -> float:\n    """The mean."""\n    return sum(values) / len(values)\n',
  };

  beforeAll(async () => {
    const rootToken = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    projectId = (await callAs(j.app, rootToken, api.createProject, { body: { name: 'Forecasts' } }))._id;
  });

  async function open(page: Page, path: string) {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(path);
  }

  const functionsCard = (page: Page) => page.getByTestId('package-functions');

  it('uploads a package in the Models area and watches it build', async () => {
    const { page } = j;
    await open(page, `/projects/${projectId}/models`);
    await expectText(page, 'No source code.');
    await expectText(page, 'No models.');
    expect(await page.getByRole('button', { name: 'Add model' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add package', exact: true }).click();
    const modal = dialog(page, 'Add package');
    // The base image defaults to the newest Python the local index serves pandas, numpy and pyarrow for: 3.11.
    await expect
      .poll(() => modal.getByLabel(fieldLabel('Base image')).inputValue(), { timeout: 15_000 })
      .toBe('Python 3.11 slim');
    await modal.getByRole('button', { name: 'Upload', exact: true }).click();
    expect(await modal.getByText('Required', { exact: true }).count()).toBe(2);
    await modal.locator('input[type="file"]').setInputFiles({
      name: 'stats.zip',
      mimeType: 'application/zip',
      buffer: makeZip(STATS),
    });
    expect(await modal.getByLabel(fieldLabel('Name')).inputValue()).toBe('stats');
    await screenshot(page, 'packages-1-add-dialog');
    await modal.getByRole('button', { name: 'Upload', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    await expectToast(page, 'Source code uploaded:');
    await page
      .getByText(/^Uploaded /)
      .first()
      .waitFor();
    await screenshot(page, 'packages-2-source-code-card');
    await page.getByRole('link', { name: 'stats', exact: true }).click();
    await expectPath(page, /\/projects\/[0-9a-f]{24}\/packages\/[0-9a-f]{24}$/);
    packageId = page.url().split('/').pop() ?? '';
  });

  it('shows the package page, edits a file, commits and sees the function list change', async () => {
    const { page } = j;
    await open(page, `/projects/${projectId}/packages/${packageId}`);
    await expectText(page, 'Source Code');
    await functionsCard(page).getByText('mean', { exact: true }).waitFor();
    await expectText(page, 'Used in 0 model(s)');
    await expectText(page, 'stats.zip');
    // A docstring-only __init__.py shows its docstring, and that it has no functions (never "empty").
    await page.getByText('"""The stats package."""').waitFor();
    await expectText(page, 'No functions in this file.');
    expect(await page.getByText('(empty file)').count()).toBe(0);
    await screenshot(page, 'packages-3-package-page');

    await page.getByRole('link', { name: 'Edit code', exact: true }).click();
    await page
      .getByRole('link', { name: 'stats.py' })
      .or(page.getByText('stats.py', { exact: true }))
      .first()
      .click();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await page.locator('.cm-content').getByText('return sum(values) / len(values)').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\ndef total(values: list) -> float:\n');
    await page.keyboard.type('return sum(values)\n');
    expect(await save.isDisabled()).toBe(false);
    // The editor is named after its file, tells how to leave it, and Escape then Tab leaves it (no keyboard trap).
    const editor = page.getByRole('textbox', { name: 'Code editor for stats.py', exact: true });
    const hintId = (await editor.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe('Press Escape then Tab to leave the editor.');
    await screenshot(page, 'packages-4-code-editor');
    const inEditor = () => page.evaluate(() => Boolean(document.activeElement?.closest('.cm-editor')));
    expect(await inEditor()).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(false);
    await save.click();
    // Saving is a source-code update: its notice offers Commit Changes, which makes the new revision.
    await expectToast(page, 'Source code updated:');
    await page.getByText('changed', { exact: true }).waitFor();
    const commitChanges = page.getByRole('button', { name: 'Commit Changes', exact: true });
    await commitChanges.waitFor();
    await screenshot(page, 'packages-4b-code-saved-notice');
    await commitChanges.click();
    await expectToast(page, 'Source code update started:');
    await page.getByRole('link', { name: 'stats', exact: true }).click();
    await functionsCard(page).getByText('total', { exact: true }).waitFor();
    await screenshot(page, 'packages-5-functions-after-commit');
  });

  it('edits environment variables and dependencies, each rebuilt with its notice', async () => {
    const { page } = j;
    await open(page, `/projects/${projectId}/packages/${packageId}/env`);
    const env = page.getByLabel('Environment variables', { exact: true });
    await env.fill('not a line');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectText(page, 'Line 1: write KEY=value');
    await env.fill('GREETING=hello');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Environment variables updated:');
    await screenshot(page, 'packages-6-env');
    await page.goto(`/projects/${projectId}/packages/${packageId}/dependencies`);
    const deps = page.getByLabel('Dependencies', { exact: true });
    // A line that would make pip fetch and build code from elsewhere is named before anything is sent.
    await deps.fill('pandas\nevil @ http://127.0.0.1:9/x.tar.gz\n');
    await expectText(
      page,
      'Line 2 (evil @ http://127.0.0.1:9/x.tar.gz) is a URL or a path: only packages of the index are installed, by name.',
    );
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'packages-6b-dependency-refused');
    await deps.fill('# nothing needed\n');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Dependencies updated:');
    await page.goto(`/projects/${projectId}/packages/${packageId}`);
    await page.getByText('GREETING=hello').waitFor();
    await page.getByText('# nothing needed').waitFor();
    await screenshot(page, 'packages-7-viewers');
  });

  it('starts a Dash app of a package on Python 3.11 and shows it in the page', { timeout: 240_000 }, async () => {
    const { page } = j;
    await open(page, `/projects/${projectId}/models`);
    await page.getByRole('button', { name: 'Add package', exact: true }).click();
    const modal = dialog(page, 'Add package');
    await modal.locator('input[type="file"]').setInputFiles({
      name: 'board.zip',
      mimeType: 'application/zip',
      buffer: makeZip({
        'requirements.txt': 'dash\n',
        'board.py': [
          'import os',
          'from dash import Dash, html',
          'app = Dash(__name__)',
          'app.layout = html.Div([html.H1("Sales board"), html.P(os.environ.get("GREETING", "no greeting"))])',
          '',
        ].join('\n'),
      }),
    });
    await modal.getByLabel(fieldLabel('Base image')).click();
    await page.getByRole('option', { name: 'Python 3.11 slim', exact: true }).click();
    await modal.getByRole('button', { name: 'Upload', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'board', exact: true }).click();
    // The build banner shows while the environment (dash) is prepared, then goes.
    await page.getByRole('status').first().waitFor();
    await screenshot(page, 'packages-8-building-banner');
    await page.getByRole('status').first().waitFor({ state: 'detached', timeout: 200_000 });
    await expectText(page, 'Dash apps');
    await page.getByRole('link', { name: 'Open', exact: true }).click();
    await expectPath(page, /\/dash\/board$/);
    const frame = page.frameLocator('iframe[title="Dash app board"]');
    await frame.getByText('Sales board', { exact: true }).waitFor({ timeout: 60_000 });
    // Served from another origin than the web app's.
    const src = (await page.locator('iframe[title="Dash app board"]').getAttribute('src')) ?? '';
    expect(new URL(src).origin).not.toBe(new URL(j.app.url).origin);
    await screenshot(page, 'packages-9-dash-app');
  });
});
