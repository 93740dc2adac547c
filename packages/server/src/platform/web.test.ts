import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** The built web app as the server serves it: pages for the history fallback, compressed copies, cache headers. */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-web-test-'));
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  rmSync(tmp, { recursive: true, force: true });
});

function dist(name: string, files: Record<string, string | Buffer>): string {
  const dir = path.join(tmp, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function serving(dir: string): Promise<TestApp> {
  const app = await createTestApp({ WEB_DIST: dir });
  apps.push(app);
  return app;
}

const INDEX = '<html><head></head><body>index</body></html>';
const PUBLIC =
  '<html><head><link rel="modulepreload" href="/assets/PublicRoutes-abc.js"></head><body>public</body></html>';

describe('the web app', () => {
  it('answers public and preview dashboards with public.html, every other page with index.html', async () => {
    const { app } = await serving(
      dist('both', { 'index.html': INDEX, 'public.html': PUBLIC, 'assets/PublicRoutes-abc.js': 'export {}' }),
    );
    const cases = [
      ['/public/dashboards/d1/tabs/t1', 'public'],
      ['/public/dashboards/d1?filters=x', 'public'],
      ['/preview/projects/p1/dashboards/d1/tabs/t1?token=x', 'public'],
      ['/public/forms/f1', 'index'],
      ['/projects/p1/dashboards/d1', 'index'],
      ['/', 'index'],
      ['/public/dashboardsX/d1', 'index'],
    ] as const;
    for (const [url, page] of cases) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page === 'public' ? PUBLIC : INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/PublicRoutes-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/api/v1/nothing' })).statusCode).toBe(404);
  });

  it('sends the brotli copy of a page when the browser accepts it', async () => {
    const { app } = await serving(
      dist('compressed', {
        'index.html': INDEX,
        'public.html': PUBLIC,
        'public.html.br': brotliCompressSync(PUBLIC),
      }),
    );
    const res = await app.inject({
      method: 'GET',
      url: '/public/dashboards/d1',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(brotliCompressSync(PUBLIC))).toBe(true);
  });

  it('falls back to index.html for public dashboards when the build wrote no public.html', async () => {
    const { app } = await serving(dist('older', { 'index.html': INDEX }));
    const res = await app.inject({ method: 'GET', url: '/public/dashboards/d1/tabs/t1' });
    expect(res.body).toBe(INDEX);
  });
});
