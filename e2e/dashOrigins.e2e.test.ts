import { setTimeout as sleep } from 'node:timers/promises';
import { api } from '@tessera/shared';
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeZip, packageForm } from '../packages/server/src/modules/packages/packages.fixtures.ts';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN, type Tessera } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';

/**
 * One origin per Dash app (docs/security.md): two organizations each with a Dash app, opened in one browser by the
 * same person, are framed in Tessera from two different origins, and a script running in one app's page cannot
 * read the other app, though that other app's own page reads itself.
 */

const board = (title: string) => ({
  'requirements.txt': 'dash\n',
  'board.py': [
    'from dash import Dash, html',
    'app = Dash(__name__)',
    `app.layout = html.Div([html.H1("${title}"), html.P("Figures of ${title} only")])`,
    '',
  ].join('\n'),
});

/** Uploads a package through the API (multipart, as the Add package dialog sends it) and waits for its build. */
async function builtPackage(app: Tessera, token: string, projectId: string, title: string): Promise<string> {
  const form = packageForm(
    { name: 'board', baseImage: '3.11', projectId },
    { name: 'board.zip', bytes: makeZip(board(title)) },
  );
  const res = await fetch(`${app.url}/api/v1/packages/upload?projectId=${projectId}`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    body: form.payload,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const id = ((await res.json()) as { _id: string })._id;
  for (const until = Date.now() + 240_000; Date.now() < until; await sleep(500)) {
    const pkg = await callAs(app, token, api.getPackage, { params: { id } });
    if (pkg.status === 'failed') throw new Error(`the ${title} package failed to build: ${pkg.errorLog}`);
    if (pkg.status === 'built') return id;
  }
  throw new Error(`the ${title} package did not build in time`);
}

/** The Dash app's frame on the page, once it shows `title`. */
async function dashFrame(page: Page, title: string): Promise<Frame> {
  const frame = page.frameLocator('iframe[title="Dash app board"]');
  await frame.getByText(title, { exact: true }).waitFor({ timeout: 60_000 });
  const src = (await page.locator('iframe[title="Dash app board"]').getAttribute('src')) ?? '';
  const found = page.frames().find((f) => f.url().startsWith(new URL(src).origin));
  if (!found) throw new Error(`no frame of ${src}`);
  return found;
}

describe('Dash apps of two organizations in one browser', () => {
  const j = useJourney();
  const apps: { projectId: string; packageId: string; title: string }[] = [];

  beforeAll(async () => {
    const token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    for (const name of ['Northwind', 'Southwind']) {
      const org = await callAs(j.app, token, api.createOrganization, { body: { name } });
      const project = await callAs(j.app, token, api.createProject, {
        body: { name: `${name} sales`, organizationId: org._id },
      });
      apps.push({ projectId: project._id, packageId: '', title: `${name} board` });
    }
    // The two builds share one environment (the same requirements): built one after the other.
    for (const a of apps) a.packageId = await builtPackage(j.app, token, a.projectId, a.title);
  }, 300_000);

  it('frames each app from its own origin, and one app cannot read the other', { timeout: 240_000 }, async () => {
    const { page } = j;
    const [north, south] = apps as [(typeof apps)[0], (typeof apps)[0]];
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');

    await page.goto(`/projects/${north.projectId}/packages/${north.packageId}/dash/board`);
    const northFrame = await dashFrame(page, north.title);
    await screenshot(page, 'dash-origins-1-northwind-framed');

    const other = await j.context.newPage();
    await other.goto(`/projects/${south.projectId}/packages/${south.packageId}/dash/board`);
    const southFrame = await dashFrame(other, south.title);
    await screenshot(other, 'dash-origins-2-southwind-framed');

    const northOrigin = new URL(northFrame.url()).origin;
    const southOrigin = new URL(southFrame.url()).origin;
    const webOrigin = new URL(j.app.url).origin;
    expect(northOrigin).toMatch(/^http:\/\/[0-9a-f]{32}\.localhost:\d+$/);
    expect(southOrigin).toMatch(/^http:\/\/[0-9a-f]{32}\.localhost:\d+$/);
    expect(new Set([northOrigin, southOrigin, webOrigin]).size).toBe(3);

    // Each app's own page reads its own layout: its session cookie is there.
    const ownLayout = (frame: Frame) =>
      frame.evaluate(() => fetch('/_dash-layout', { credentials: 'include' }).then((r) => r.text()));
    expect(await ownLayout(southFrame)).toContain('Figures of Southwind board only');
    expect(await ownLayout(northFrame)).toContain('Figures of Northwind board only');

    // A script in Northwind's page asks for Southwind's layout, with the browser's cookies: it reads nothing.
    const attempts = await northFrame.evaluate(async (target) => {
      const tried: Record<string, string> = {};
      try {
        const answer = await fetch(`${target}/_dash-layout`, { credentials: 'include' });
        tried.cors = `read ${answer.status}: ${await answer.text()}`;
      } catch (error) {
        tried.cors = `refused: ${(error as Error).name}`;
      }
      try {
        // No CORS at all: the answer's Cross-Origin-Resource-Policy (same-origin) keeps even an opaque copy out.
        const opaque = await fetch(`${target}/_dash-layout`, { credentials: 'include', mode: 'no-cors' });
        tried.noCors = `read ${opaque.type}`;
      } catch (error) {
        tried.noCors = `refused: ${(error as Error).name}`;
      }
      return tried;
    }, southOrigin);
    expect(attempts.cors).toBe('refused: TypeError');
    expect(attempts.noCors).toBe('refused: TypeError');

    // Nor can the web app's own page, nor can Northwind's page frame Southwind (frame-ancestors: the web app only).
    const fromWebApp = await page.evaluate(
      (target) =>
        fetch(`${target}/_dash-layout`, { credentials: 'include' }).then(
          (r) => `read ${r.status}`,
          (e: Error) => `refused: ${e.name}`,
        ),
      southOrigin,
    );
    expect(fromWebApp).toBe('refused: TypeError');
    await northFrame.evaluate(
      (target) =>
        new Promise<void>((resolve) => {
          const inner = document.createElement('iframe');
          inner.src = `${target}/`;
          inner.onload = () => resolve();
          document.body.appendChild(inner);
        }),
      southOrigin,
    );
    const inner = northFrame.childFrames()[0];
    expect(inner).toBeDefined();
    // Playwright reads any frame (the page's scripts could not): the browser loaded no Dash page in it.
    const innerPage = await inner?.evaluate(() => ({
      url: location.href,
      dash: document.getElementById('_dash-config') !== null,
    }));
    expect(innerPage?.dash).toBe(false);
    expect(innerPage?.url).not.toContain(southOrigin);

    // 'Open in a new tab' asks for a fresh ticket (the frame's was used): the app opens on its own origin.
    const [tab] = await Promise.all([
      j.context.waitForEvent('page'),
      page.getByRole('button', { name: 'Open in a new tab', exact: true }).click(),
    ]);
    await tab.getByText(north.title, { exact: true }).waitFor({ timeout: 60_000 });
    expect(new URL(tab.url()).origin).toBe(northOrigin);
    expect(new URL(tab.url()).search).toBe('');
  });
});
