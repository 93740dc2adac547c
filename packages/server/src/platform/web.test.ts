import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
        'public.html.gz': gzipSync(PUBLIC),
      }),
    );
    const get = (url: string, accepted: string) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': accepted } });
    const res = await get('/public/dashboards/d1', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('br');
    // A public dashboard's page with no answers (pageAnswers.ts; d1 is no dashboard) is the built page's copy.
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PUBLIC);
    const gzipped = await get('/public/dashboards/d1', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(PUBLIC);
    const preview = await get('/preview/projects/p1/dashboards/d1/tabs/t1', 'br');
    expect(preview.rawPayload.equals(brotliCompressSync(PUBLIC))).toBe(true);
  });

  it('answers the hashed assets in the copy the request accepts, and a missing one with a 404', async () => {
    const SCRIPT = 'export const answer = 42;';
    const { app } = await serving(
      dist('assets', {
        'index.html': INDEX,
        'assets/index-abc.js': SCRIPT,
        'assets/index-abc.js.br': brotliCompressSync(SCRIPT),
        'assets/index-abc.js.gz': gzipSync(SCRIPT),
        'assets/index-abc.css': 'body{}',
      }),
    );
    const cases = [
      ['index-abc.js', 'br, gzip', 'br', brotliCompressSync(SCRIPT)],
      ['index-abc.js', 'gzip, deflate', 'gzip', gzipSync(SCRIPT)],
      ['index-abc.js', 'br;q=0, gzip;q=0.5', 'gzip', gzipSync(SCRIPT)],
      ['index-abc.js', 'identity', undefined, Buffer.from(SCRIPT)],
      ['index-abc.css', 'br, gzip', undefined, Buffer.from('body{}')],
    ] as const;
    // Twice: read from disk, then from memory.
    for (const round of [1, 2]) {
      for (const [file, accept, encoding, body] of cases) {
        const res = await app.inject({ method: 'GET', url: `/assets/${file}`, headers: { 'accept-encoding': accept } });
        const what = `${file} (${accept}), round ${round}`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['content-encoding'], what).toBe(encoding);
        expect(res.rawPayload.equals(body), what).toBe(true);
        expect(res.headers['cache-control'], what).toBe('public, max-age=31536000, immutable');
        expect(res.headers.vary, what).toBe('accept-encoding');
        expect(res.headers['content-type'], what).toMatch(file.endsWith('.js') ? /javascript/ : /text\/css/);
      }
    }
    // A chunk that is not there fails as a script would, rather than loading the app's page.
    for (const url of ['/assets/gone-123.js', '/assets/..%2Findex.html', '/assets/%2e%2e%2Findex.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('index</body>');
    }
  });

  it('falls back to index.html for public dashboards when the build wrote no public.html', async () => {
    const { app } = await serving(dist('older', { 'index.html': INDEX }));
    const res = await app.inject({ method: 'GET', url: '/public/dashboards/d1/tabs/t1' });
    expect(res.body).toBe(INDEX);
  });
});
