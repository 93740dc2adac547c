import { UNSAFE_TEXT_MESSAGE } from '@tessera/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/accounts.ts';
import { as, createTestApp, ROOT, type TestApp } from '../test/harness.ts';
import { registeredRoutes } from './access.ts';

/**
 * A NUL character or an unpaired surrogate, anywhere in a request's params, query or body (keys included),
 * answers 400 naming the field, before the route's contract and on every route: PostgreSQL refuses such text,
 * which used to fail as a 500 in whichever store received it (sign-in, error reports, names, cards...).
 */
let t: TestApp;
let root: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
beforeAll(async () => {
  t = await createTestApp();
  root = as(t.app, await signIn(t.app, ROOT.email, ROOT.password));
});
afterAll(() => t?.close());

const BAD = ['a\u0000b', 'a\uD800b', '\uDC00'];
const SOME_ID = '0123456789abcdef01234567';

interface Walked {
  method: string;
  url: string;
  params: boolean;
  query: boolean;
  body: boolean;
  isPublic: boolean;
}

function walk(): Walked[] {
  return registeredRoutes(t.app)
    .flatMap((r) => {
      const schema = (r.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
      return (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({
        method,
        url: r.url,
        params: !!schema.params,
        query: !!schema.querystring,
        body: !!schema.body,
        isPublic: (r.config as { access: { kind: string } }).access.kind === 'public',
      }));
    })
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
}

function expectRefused(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
  const { error } = res.json();
  expect(error.code, label).toBe('validation');
  expect(Object.values(error.fields), label).toContain(UNSAFE_TEXT_MESSAGE);
}

describe('text with a NUL or an unpaired surrogate', () => {
  it('answers 400 on every route that takes a body, in a field, a nested field or a key', async () => {
    const routes = walk().filter((r) => r.body);
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      for (const bad of BAD) {
        for (const payload of [{ name: bad }, { vis: { deep: [1, { label: bad }] } }, { [`k${bad}`]: 1 }]) {
          const call = r.isPublic ? (o: InjectOptions) => t.app.inject(o) : root;
          const res = await call({
            method: r.method as 'POST',
            url: r.url.replace(/:[A-Za-z_]+/g, SOME_ID),
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expectRefused(res, `${r.method} ${r.url} ${JSON.stringify(payload)}`);
        }
      }
    }
  });

  it('answers 400 on every route that takes a query or ids, in the query string and in the path', async () => {
    const routes = walk().filter((r) => r.query || r.params);
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      const call = r.isPublic ? (o: InjectOptions) => t.app.inject(o) : root;
      const path = r.url.replace(/:[A-Za-z_]+/g, SOME_ID);
      // (A route that also takes a body validates it first: the walk above covers it.)
      if (r.query && !r.body) {
        expectRefused(await call({ method: r.method as 'GET', url: `${path}?q=a%00b` }), `${r.method} ${r.url}?q`);
      }
      if (r.params) {
        const bad = r.url.replace(/:[A-Za-z_]+/g, 'a%00b');
        const res = await call({ method: r.method as 'GET', url: bad });
        // A path whose parameter no route matches is a 404; one that matches is refused before its contract.
        expect([400, 404], `${r.method} ${bad}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        if (res.statusCode === 400) expectRefused(res, `${r.method} ${bad}`);
      }
    }
  });

  it('is refused without a token where it used to fail: sign-in, recovery and the error report', async () => {
    const anonymous = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    for (const bad of BAD) {
      expectRefused(await anonymous('/api/v1/login', { email: `x${bad}@example.com`, password: 'p' }), 'login email');
      expectRefused(await anonymous('/api/v1/login', { email: ROOT.email, password: bad }), 'login password');
      expectRefused(await anonymous('/api/v1/login/forgot', { email: `x${bad}@example.com` }), 'forgot');
      expectRefused(await anonymous('/api/v1/errors/ui', { stack: `TypeError ${bad}` }), 'error report');
      expectRefused(await anonymous('/api/v1/errors/ui', { stack: 'x', path: `/p${bad}` }), 'error report path');
    }
  });

  it('is refused in a signed-in form: nothing is changed', async () => {
    const before = (await root({ method: 'GET', url: '/api/v1/users/my' })).json();
    for (const bad of BAD) {
      const res = await root({ method: 'PUT', url: '/api/v1/users/my', payload: { name: { first: bad, last: 'L' } } });
      expectRefused(res, 'name');
      expect(res.json().error.fields).toEqual({ 'name.first': UNSAFE_TEXT_MESSAGE });
    }
    expect((await root({ method: 'GET', url: '/api/v1/users/my' })).json()).toEqual(before);
  });

  it('keeps accepting real text: accents, emoji (surrogate pairs), control characters other than NUL', async () => {
    const res = await root({
      method: 'PUT',
      url: '/api/v1/users/my',
      payload: { name: { first: 'Élodie 😀', last: 'Tab\there' } },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
