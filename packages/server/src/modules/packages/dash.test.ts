import http from 'node:http';
import { type Package, PROJECT_ROLE_PRESETS, type ProjectRoles, ROLE_PRESETS } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../test/harness.ts';
import { openTestRedis, TEST_REDIS_URL } from '../../test/redis.ts';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { membership, type Person, person } from '../projects/projects.fixtures.ts';
import { DASH_COOKIE } from './dash/dashServer.ts';
import { uploadPackage, waitForBuild } from './packages.fixtures.ts';

/**
 * Packages' Dash apps, started in the sandbox and served by the real Dash server, each on an origin of its own,
 * behind a single-use ticket and a session re-checked on every request (docs/security.md).
 */

let w: DatasetsWorld;
let pkg: Package;
let foreign: Package;
beforeAll(async () => {
  // On PostgreSQL the used tickets are kept in Redis, as several API processes keep them; on PGlite in memory.
  const redis = testDbKind === 'postgres' ? await openTestRedis('Dash tickets in Redis') : undefined;
  await redis?.close();
  w = await datasetsWorld({ DASH_IDLE_MINUTES: '5', ...(redis ? { REDIS_URL: TEST_REDIS_URL } : {}) });
  const [mine, theirs] = await Promise.all([
    uploadPackage(w, w.editor, 'Board', '3.11', { ...BOARD, 'second.py': SECOND }),
    uploadPackage(w, w.outsider, 'Theirs', '3.11', BOARD, w.outsiderProjectId),
  ]);
  pkg = await waitForBuild(w, mine.json()._id, 280_000);
  // The other tenant's package, read as its owner.
  foreign = await waitForBuild({ ...w, editor: w.outsider }, theirs.json()._id, 280_000);
}, 300_000);
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
const SECOND = 'from dash import Dash, html\napp = Dash(__name__)\napp.layout = html.Div("the second app")\n';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

let dashPort = 0;
/** A request to the Dash server as a browser sends it to `host` (the app's origin). */
function send(host: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: dashPort, path: pathAndQuery, headers: { ...headers, host } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Asks the API to open the app: its url (the app's origin, with a ticket). */
async function open(who: Person, app = 'board', packageId = pkg._id): Promise<URL> {
  const res = await caller(w, who)('POST', `/api/v1/packages/${packageId}/${app}`);
  expect(res.statusCode, res.body).toBe(200);
  dashPort = res.json().dashPort;
  return new URL(res.json().url);
}

/** Opens the app and exchanges the ticket: the app's host and the session cookie. */
async function signedIn(who: Person, app = 'board', packageId = pkg._id) {
  const url = await open(who, app, packageId);
  const exchange = await send(url.host, `${url.pathname}${url.search}`);
  expect(exchange.status, exchange.text).toBe(302);
  const cookie = String(exchange.headers['set-cookie']).split(';')[0] ?? '';
  return { host: url.host, cookie: { cookie } };
}

describe('Dash apps, one origin per app', () => {
  it('serves the app on its own origin to the holder of a fresh ticket, with a host-only cookie', async () => {
    expect(pkg.status, pkg.errorLog).toBe('built');
    expect(pkg.dashApps.map((d) => d.name).sort()).toEqual(['board', 'second']);
    await caller(w, w.editor)('PUT', `/api/v1/packages/${pkg._id}/env`, { updatedEnv: 'GREETING=bonjour' });
    expect((await waitForBuild(w, pkg._id)).status).toBe('built');

    const url = await open(w.viewer);
    expect(url.protocol).toBe('http:');
    expect(url.hostname).toMatch(/^[0-9a-f]{32}\.localhost$/);
    expect(Number(url.port)).toBe(dashPort);
    expect(url.pathname).toBe('/');
    expect((await open(w.viewer, 'second')).hostname).not.toBe(url.hostname);
    expect((await open(w.editor)).hostname).toBe(url.hostname);

    // Without a credential, or with a forged one: refused.
    expect((await send(url.host, '/')).status).toBe(401);
    expect((await send(url.host, `/?ticket=${encodeURIComponent(`${url.searchParams.get('ticket')}x`)}`)).status).toBe(
      401,
    );

    const exchange = await send(url.host, `${url.pathname}${url.search}`);
    expect(exchange.status).toBe(302);
    expect(exchange.headers.location).toBe('/');
    const setCookie = String(exchange.headers['set-cookie']);
    expect(setCookie).toMatch(
      new RegExp(`^${DASH_COOKIE}=[^;]+; Path=/; HttpOnly; Secure; SameSite=None; Partitioned`),
    );
    expect(setCookie).not.toMatch(/Domain=/i);
    const cookie = { cookie: setCookie.split(';')[0] ?? '' };
    const page = await send(url.host, '/', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('_dash-config');
    // Only the web app may frame it; no other origin may embed what it answers.
    expect(page.headers['content-security-policy']).toBe('frame-ancestors http://tessera.test');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    const layout = await send(url.host, '/_dash-layout', cookie);
    expect(layout.text).toContain('bonjour');
  });

  it('refuses a ticket exchanged a second time, even by two requests at once', async () => {
    const url = await open(w.viewer);
    const path = `${url.pathname}${url.search}`;
    expect((await send(url.host, path)).status).toBe(302);
    const again = await send(url.host, path);
    expect(again.status).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.text).toContain('already used');
    // Said in the language the browser asks for.
    expect((await send(url.host, path, { 'accept-language': 'fr-FR,fr;q=0.9' })).text).toContain('déjà servi');

    const raced = await open(w.viewer);
    const both = await Promise.all([1, 2, 3].map(() => send(raced.host, `${raced.pathname}${raced.search}`)));
    expect(both.map((a) => a.status).sort()).toEqual([302, 401, 401]);
  });

  it('answers 404 to a Host that is no running app', async () => {
    const { host, cookie } = await signedIn(w.viewer);
    const port = host.split(':')[1];
    for (const wrong of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      'tessera.test',
      `${'0'.repeat(32)}.localhost:${port}`,
      `${host.split('.')[0]}.evil.example:${port}`,
      `x.${host}`,
    ]) {
      const answer = await send(wrong, '/_dash-layout', cookie);
      expect(answer.status, wrong).toBe(404);
      expect(answer.text).not.toContain('Sales board');
    }
  });

  it("accepts neither app X's cookie nor its ticket on app Y's origin, in the project or another tenant's", async () => {
    const board = await signedIn(w.viewer);
    const second = await open(w.viewer, 'second');
    const theirs = await signedIn(w.outsider, 'board', foreign._id);
    expect(new Set([board.host, second.host, theirs.host]).size).toBe(3);
    expect((await send(second.host, '/_dash-layout', board.cookie)).status).toBe(401);
    expect((await send(theirs.host, '/_dash-layout', board.cookie)).status).toBe(401);
    expect((await send(board.host, '/_dash-layout', theirs.cookie)).status).toBe(401);
    const ticket = await open(w.viewer);
    expect((await send(second.host, `/${ticket.search}`)).status).toBe(401);
    // Each still opens its own app.
    expect((await send(board.host, '/_dash-layout', board.cookie)).status).toBe(200);
    expect((await send(theirs.host, '/_dash-layout', theirs.cookie)).status).toBe(200);
  });

  it("refuses a request another origin's page makes, before any credential is read", async () => {
    const board = await signedIn(w.viewer);
    const fromElsewhere = { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
    for (const site of ['same-site', 'cross-site']) {
      const answer = await send(board.host, '/_dash-layout', {
        ...board.cookie,
        ...fromElsewhere,
        'sec-fetch-site': site,
      });
      expect(answer.status, site).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    // Its own page's requests, and the web app's frame (a navigation), pass.
    const own = { ...board.cookie, ...fromElsewhere, 'sec-fetch-site': 'same-origin' };
    expect((await send(board.host, '/_dash-layout', own)).status).toBe(200);
    const framed = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' };
    expect((await send(board.host, '/', { ...board.cookie, ...framed })).status).toBe(200);
  });
});

describe('Dash sessions end with the member', () => {
  /** A member of the project with package view, their permission id, and a live Dash session. */
  async function viewerWithSession(name: string) {
    const someone = await person(w.t.database.db, w.editor.organizationId, ROLE_PRESETS.standard, name);
    const permissionId = await membership(w.t.database.db, someone.id, w.projectId, PROJECT_ROLE_PRESETS.view);
    const session = await signedIn(someone);
    expect((await send(session.host, '/_dash-layout', session.cookie)).status).toBe(200);
    return { someone, permissionId, ...session };
  }

  async function expectRefused(session: { host: string; cookie: { cookie: string } }) {
    const answer = await send(session.host, '/_dash-layout', session.cookie);
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain('Sales board');
    expect(String(answer.headers['set-cookie'])).toMatch(new RegExp(`^${DASH_COOKIE}=;.*Max-Age=0`));
  }

  it('refuses a removed member on the very next request, and their unexchanged ticket', async () => {
    const s = await viewerWithSession('Removed');
    const ticket = await open(s.someone);
    expect((await caller(w, w.editor)('DELETE', `/api/v1/permissions/${s.permissionId}`)).statusCode).toBe(200);
    await expectRefused(s);
    expect((await send(ticket.host, `/${ticket.search}`)).status).toBe(401);
  });

  it('refuses a member demoted to no package view on the very next request', async () => {
    const s = await viewerWithSession('Demoted');
    const roles = PROJECT_ROLE_PRESETS.viewDashboards as ProjectRoles;
    const res = await caller(w, w.editor)('PUT', `/api/v1/permissions/${s.permissionId}`, { roles });
    expect(res.statusCode, res.body).toBe(200);
    await expectRefused(s);
  });

  it('refuses a deactivated account, and a signed-out sign-in, on the very next request', async () => {
    const admin = await person(w.t.database.db, w.editor.organizationId, ROLE_PRESETS.organizationAdmin, 'Admin');
    const deactivated = await viewerWithSession('Deactivated');
    const res = await caller(w, admin)('PUT', `/api/v1/users/${deactivated.someone.id}`, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    await expectRefused(deactivated);

    const signedOut = await viewerWithSession('Signed out');
    expect((await caller(w, signedOut.someone)('DELETE', '/api/v1/logout')).statusCode).toBe(200);
    await expectRefused(signedOut);
  });

  it('keeps a member whose roles change but keep package view', async () => {
    const s = await viewerWithSession('Promoted');
    const res = await caller(w, w.editor)('PUT', `/api/v1/permissions/${s.permissionId}`, {
      roles: PROJECT_ROLE_PRESETS.full,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await send(s.host, '/_dash-layout', s.cookie)).status).toBe(200);
  });
});

describe('Dash apps through the API', () => {
  it('answers 404 to another tenant and for an app the package does not have', async () => {
    expect((await caller(w, w.outsider)('POST', `/api/v1/packages/${pkg._id}/board`)).statusCode).toBe(404);
    expect((await caller(w, w.editor)('POST', `/api/v1/packages/${pkg._id}/nothing`)).statusCode).toBe(404);
    expect((await caller(w, w.dashboardsOnly)('POST', `/api/v1/packages/${pkg._id}/board`)).statusCode).toBe(403);
  });

  it('stops the app when its package is deleted', { timeout: 60_000 }, async () => {
    const { host, cookie } = await signedIn(w.editor);
    expect((await send(host, '/', cookie)).status).toBe(200);
    expect((await caller(w, w.editor)('DELETE', `/api/v1/packages/${pkg._id}`)).statusCode).toBe(200);
    expect((await send(host, '/', cookie)).status).toBe(404);
  });
});
