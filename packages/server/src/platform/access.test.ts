import { ROLE_PRESETS } from '@tessera/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, signIn } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { installAccessControl, registeredRoutes } from './access.ts';
import { installErrorHandler } from './errors.ts';
import { gatherResourceResolvers } from './projectAccess.ts';

const ACCESS_KINDS = ['public', 'login', 'organization', 'project'];
const SOME_ID = '0123456789abcdef01234567';
const fill = (url: string) => url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, SOME_ID);
const apiRoutes = (t: TestApp) =>
  registeredRoutes(t.app).filter((r) => typeof r.url === 'string' && r.url.startsWith('/api/'));
const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('access is denied by default', () => {
  it('every registered route declares an access rule', () => {
    const routes = registeredRoutes(t.app);
    // The walk sees the real route table: at least the sign-in and own-account routes.
    const urls = routes.map((r) => `${methodsOf(r.method).join(',')} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['POST /api/v1/login', 'GET /api/v1/users/my', 'GET /api/v1/health']));
    const missing = routes
      .filter(
        (r) => !ACCESS_KINDS.includes((r.config as { access?: { kind?: string } } | undefined)?.access?.kind ?? ''),
      )
      .map((r) => `${methodsOf(r.method).join(',')} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('every non-public API route answers 401 without a token, and with an unknown one', async () => {
    const guarded = apiRoutes(t).filter((r) => (r.config as { access: { kind: string } }).access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const r of guarded) {
      for (const method of methodsOf(r.method)) {
        for (const headers of [{}, { authorization: 'Bearer unknown-token' }]) {
          const res = await t.app.inject({
            method: method as 'GET',
            url: fill(r.url),
            headers,
            ...(method === 'GET' || method === 'HEAD' || method === 'DELETE' ? {} : { payload: {} }),
          });
          const ok = res.statusCode === 401 && (method === 'HEAD' || res.json().error?.code === 'unauthorized');
          if (!ok)
            failures.push(
              `${method} ${r.url} ${JSON.stringify(headers)} -> ${res.statusCode} ${res.body.slice(0, 100)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a route without a rule is reported by the walk and refused with 403', async () => {
    const bare = Fastify({ logger: false });
    installErrorHandler(bare);
    installAccessControl(bare, gatherResourceResolvers([]));
    bare.get('/api/v1/forgotten', async () => ({ secret: true }));
    await bare.ready();
    try {
      expect(registeredRoutes(bare).map((r) => [r.url, r.config])).toContainEqual(['/api/v1/forgotten', undefined]);
      const res = await bare.inject({ method: 'GET', url: '/api/v1/forgotten' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      expect(res.body).not.toContain('secret');
    } finally {
      await bare.close();
    }
  });

  it('an organization rule refuses a signed-in user without the role with 403 before reading the body', async () => {
    const organizationRoutes = apiRoutes(t).filter(
      (r) => (r.config as { access: { kind: string } }).access.kind === 'organization',
    );
    const org = await createOrganization(t.database.db);
    const user = await createUser(t.database.db, org.id, { roles: ROLE_PRESETS.viewOnly });
    const token = await signIn(t.app, user.email, user.password);
    for (const r of organizationRoutes) {
      for (const method of methodsOf(r.method).filter((m) => m !== 'HEAD')) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: fill(r.url),
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{not json' }),
        });
        expect(res.statusCode, `${method} ${r.url}`).toBe(403);
      }
    }
  });
});
