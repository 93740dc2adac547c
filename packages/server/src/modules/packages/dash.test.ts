import type { Package } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { uploadPackage, waitForBuild } from './packages.fixtures.ts';

/** A package's Dash app, started in the sandbox and served on the Dash origin behind a signed credential. */

let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld({ DASH_IDLE_MINUTES: '5' });
});
afterAll(() => w?.t.close());

const BOARD = {
  'requirements.txt': 'dash\n',
  'board.py': [
    'import os',
    'from dash import Dash, html',
    'app = Dash(__name__)',
    'app.layout = html.Div([html.H1("Sales board"), html.P(os.environ.get("GREETING", "no greeting"))])',
    '',
  ].join('\n'),
};

describe('Dash apps', () => {
  let pkg: Package;
  it('starts a Dash app and serves it on its own origin to the holder of a fresh credential', {
    timeout: 300_000,
  }, async () => {
    const res = await uploadPackage(w, w.editor, 'Board', '3.11', BOARD);
    pkg = await waitForBuild(w, res.json()._id, 280_000);
    expect(pkg.status, pkg.errorLog).toBe('built');
    expect(pkg.dashApps).toEqual([{ name: 'board', module: 'board', variable: 'app' }]);
    await caller(w, w.editor)('PUT', `/api/v1/packages/${pkg._id}/env`, { updatedEnv: 'GREETING=bonjour' });
    expect((await waitForBuild(w, pkg._id)).status).toBe('built');

    const started = await caller(w, w.viewer)('POST', `/api/v1/packages/${pkg._id}/board`);
    expect(started.statusCode, started.body).toBe(200);
    const { dashPort, status, url } = started.json();
    expect(status).toBe('running');
    const target = new URL(url);
    expect(Number(target.port)).toBe(dashPort);
    expect(target.pathname).toBe(`/dash/${pkg._id}/board/`);
    const origin = `http://127.0.0.1:${dashPort}`;

    // Without a credential, or with a forged one: refused.
    expect((await fetch(`${origin}${target.pathname}`, { redirect: 'manual' })).status).toBe(401);
    const forged = `${origin}${target.pathname}?ticket=${encodeURIComponent(`${target.searchParams.get('ticket')}x`)}`;
    expect((await fetch(forged, { redirect: 'manual' })).status).toBe(401);

    // The ticket becomes a cookie for this app's path; the app answers through it.
    const exchange = await fetch(`${origin}${target.pathname}${target.search}`, { redirect: 'manual' });
    expect(exchange.status).toBe(302);
    const cookie = exchange.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toContain(`Path=/dash/${pkg._id}/board/`);
    const session = cookie.split(';')[0];
    const page = await fetch(`${origin}${target.pathname}`, { headers: { cookie: session } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('_dash-config');
    const layout = await fetch(`${origin}${target.pathname}_dash-layout`, { headers: { cookie: session } });
    expect(JSON.stringify(await layout.json())).toContain('bonjour');
    // The cookie of one app opens no other.
    expect((await fetch(`${origin}/dash/${pkg._id}/other/`, { headers: { cookie: session } })).status).toBe(401);
  });

  it('answers 404 to another tenant and for an app the package does not have', async () => {
    expect((await caller(w, w.outsider)('POST', `/api/v1/packages/${pkg._id}/board`)).statusCode).toBe(404);
    expect((await caller(w, w.editor)('POST', `/api/v1/packages/${pkg._id}/nothing`)).statusCode).toBe(404);
    expect((await caller(w, w.dashboardsOnly)('POST', `/api/v1/packages/${pkg._id}/board`)).statusCode).toBe(403);
  });

  it('stops the app when its package is deleted', { timeout: 60_000 }, async () => {
    const started = (await caller(w, w.editor)('POST', `/api/v1/packages/${pkg._id}/board`)).json();
    const target = new URL(started.url);
    const origin = `http://127.0.0.1:${started.dashPort}`;
    const exchange = await fetch(`${origin}${target.pathname}${target.search}`, { redirect: 'manual' });
    const session = (exchange.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await fetch(`${origin}${target.pathname}`, { headers: { cookie: session } })).status).toBe(200);
    expect((await caller(w, w.editor)('DELETE', `/api/v1/packages/${pkg._id}`)).statusCode).toBe(200);
    const after = await fetch(`${origin}${target.pathname}`, { headers: { cookie: session } });
    expect(after.status).toBe(404);
  });
});
