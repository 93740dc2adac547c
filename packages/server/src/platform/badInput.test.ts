import { JSON_BODY_LIMIT_BYTES } from '@tessera/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/accounts.ts';
import { as, createTestApp, ROOT, type TestApp } from '../test/harness.ts';
import { registeredRoutes } from './access.ts';

const SOME_ID = '0123456789abcdef01234567';
const fill = (url: string) => url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, SOME_ID);

let t: TestApp;
let root: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
beforeAll(async () => {
  t = await createTestApp();
  root = as(t.app, await signIn(t.app, ROOT.email, ROOT.password));
});
afterAll(() => t?.close());

/** The error shape, and nothing of the server's insides. */
function expectErrorShape(res: LightMyRequestResponse, status: number, label = '') {
  expect(res.statusCode, `${label} ${res.body.slice(0, 200)}`).toBe(status);
  const body = res.json();
  expect(Object.keys(body), label).toEqual(['error']);
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  expect(res.body, label).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|stack/i);
}

/** The API routes as registered, one entry per method (the automatic HEAD routes left out). */
function routes(filter: (r: { method: string; url: string; hasBody: boolean; access: string }) => boolean) {
  return registeredRoutes(t.app)
    .flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({
        method,
        url: r.url,
        hasBody: !!(r.schema as { body?: unknown } | undefined)?.body,
        access: (r.config as { access: { kind: string } }).access.kind,
      })),
    )
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
    .filter(filter);
}

describe('bad input answers a 4xx in the error shape, never a 500', () => {
  it('malformed JSON: 400', async () => {
    for (const payload of ['{"email": "a@b.co",', 'not json', '{"a":1}}', '\u0000']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectErrorShape(res, 400, payload);
      expect(res.json().error.code).toBe('bad-request');
    }
    const res = await root({
      method: 'PUT',
      url: '/api/v1/users/my',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expectErrorShape(res, 400);
  });

  it('an empty JSON body: 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectErrorShape(res, 400);
  });

  it('a JSON body over 1 MB: 413, public or signed in', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    let res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expectErrorShape(res, 413);
    expect(res.json().error.code).toBe('too-large');
    res = await root({
      method: 'PUT',
      url: '/api/v1/users/my',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: { first: 'x'.repeat(JSON_BODY_LIMIT_BYTES), last: 'y' } }),
    });
    expectErrorShape(res, 413);
  });

  it('an unsupported content type: 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expectErrorShape(res, 415);
  });

  it('missing fields and wrong types, on every route that takes a body: 400 with fields', async () => {
    const withBody = routes((r) => r.hasBody);
    expect(withBody.length).toBeGreaterThan(4);
    for (const r of withBody) {
      for (const payload of [[], 'a string', 42]) {
        const res = await root({
          method: r.method as 'POST',
          url: fill(r.url),
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expectErrorShape(res, 400, `${r.method} ${r.url} ${JSON.stringify(payload)}`);
        expect(res.json().error.fields, `${r.method} ${r.url}`).toBeDefined();
      }
    }
  });

  it('specific fields are named', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: ['x'], password: null } });
    expectErrorShape(res, 400);
    expect(res.json().error).toMatchObject({
      code: 'validation',
      fields: { email: expect.any(String), password: expect.any(String) },
    });
  });

  it('unknown ids: 404 on every GET route that takes ids, as the root user', async () => {
    const withIds = routes((r) => r.method === 'GET' && r.url.includes(':') && r.access !== 'public');
    expect(withIds.length).toBeGreaterThan(0);
    for (const r of withIds) {
      const res = await root({ method: 'GET', url: fill(r.url) });
      // A route that also needs a query answers 400 first; either way never a 500.
      expect([400, 404], `${r.url} -> ${res.statusCode}`).toContain(res.statusCode);
      expectErrorShape(res, res.statusCode, r.url);
    }
    expectErrorShape(await root({ method: 'GET', url: `/api/v1/logs/users/${SOME_ID}` }), 404);
    expectErrorShape(await root({ method: 'PUT', url: `/api/v1/users/${SOME_ID}/logo` }), 404);
    expectErrorShape(await t.app.inject({ method: 'GET', url: `/api/v1/login/reset/${'Z'.repeat(43)}` }), 404);
  });

  it('malformed ids: 400', async () => {
    expectErrorShape(await root({ method: 'GET', url: '/api/v1/logs/users/../../etc' }), 404);
    expectErrorShape(await root({ method: 'GET', url: '/api/v1/logs/users/XYZ' }), 400);
    expectErrorShape(await root({ method: 'GET', url: `/api/v1/logs/users/${SOME_ID}0` }), 400);
  });
});
