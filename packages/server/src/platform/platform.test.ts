import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health with the database and storage kinds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: t.database.kind,
      storage: { kind: t.app.ctx.storage.kind },
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not-found');
  });

  it('sets security headers with a CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets the app frame the origins that listen now (a package’s Dash app), read for every request', async () => {
    const frameSrc = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      return /frame-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    };
    const expected = () => `'self' blob: ${t.app.ctx.frameOrigins.join(' ')}`;
    const before = await frameSrc();
    expect(before).toBe(expected());
    t.app.ctx.frameOrigins.push('http://127.0.0.1:41234');
    try {
      const now = await frameSrc();
      expect(now).toContain('http://127.0.0.1:41234');
      expect(now).toBe(expected());
    } finally {
      t.app.ctx.frameOrigins.pop();
    }
    expect(await frameSrc()).toBe(before);
  });
});
