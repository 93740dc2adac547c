import { type Access, ORG_ROLE_KEYS, ROLE_PRESETS, RULES } from '@tessera/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, signIn } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { installAccessControl, registeredRoutes } from './access.ts';
import { installErrorHandler } from './errors.ts';
import { gatherResourceResolvers } from './projectAccess.ts';

/** A rule the enforcement knows: a kind, and for role and tenant rules a role or an action of the vocabulary. */
const declared = (access: Access | undefined): boolean => {
  if (!access) return false;
  if (access.kind === 'public' || access.kind === 'login') return true;
  if (access.kind === 'project') return !('action' in access.requirement) || access.requirement.action in RULES;
  if (access.kind === 'organization') return (ORG_ROLE_KEYS as readonly string[]).includes(access.role);
  if (access.kind === 'tenant') return access.action in RULES;
  return false;
};
const accessOf = (r: { config?: unknown }) => (r.config as { access?: Access } | undefined)?.access;
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
      .filter((r) => !declared(accessOf(r)))
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

  it('the walk reports a rule that names no known role or action', () => {
    expect(
      declared({ kind: 'tenant', action: 'organization:edit', target: { resource: 'none' }, refuse: 'forbidden' }),
    ).toBe(true);
    const unknown = { kind: 'tenant', action: 'organization:fly', target: { resource: 'none' }, refuse: 'forbidden' };
    expect(declared(unknown as unknown as Access)).toBe(false);
    expect(declared({ kind: 'organization', role: 'flyPlanes' } as unknown as Access)).toBe(false);
    expect(declared({ kind: 'whatever' } as unknown as Access)).toBe(false);
  });

  it('the 16 administration routes declare their rule instead of checking a role in the handler', () => {
    const tenant = apiRoutes(t)
      .filter((r) => accessOf(r)?.kind === 'tenant')
      .flatMap((r) =>
        methodsOf(r.method)
          .filter((m) => m !== 'HEAD')
          .map((m) => `${m} ${r.url}`),
      );
    expect(tenant).toHaveLength(16);
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

  it('a tenant rule refuses a view-only user (404 or 403) before the handler reads anything', async () => {
    // Every tenant rule but seeing one's own organization, which a view-only member may.
    const tenantRoutes = apiRoutes(t).filter((r) => {
      const access = accessOf(r);
      return access?.kind === 'tenant' && access.action !== 'organization:view';
    });
    expect(tenantRoutes.length).toBeGreaterThan(10);
    const org = await createOrganization(t.database.db);
    const user = await createUser(t.database.db, org.id, { roles: ROLE_PRESETS.viewOnly });
    const colleague = await createUser(t.database.db, org.id, { roles: ROLE_PRESETS.viewOnly });
    const token = await signIn(t.app, user.email, user.password);
    // Their own organization (seen, no right: 403) and a colleague's account (out of reach: 404).
    const fillOwn = (url: string) =>
      url
        .replace(':organizationId', org.id)
        .replace(':id', url.includes('/users/') && !url.includes('/organizations/') ? colleague.id : org.id);
    for (const r of tenantRoutes) {
      for (const method of methodsOf(r.method).filter((m) => m !== 'HEAD')) {
        const url = r.url === '/api/v1/users' ? `${r.url}?organizationId=${org.id}` : fillOwn(r.url);
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(method === 'POST' && r.url === '/api/v1/users'
            ? { payload: { first: 'A', last: 'B', email: 'new@example.com', roles: ROLE_PRESETS.viewOnly } }
            : method === 'POST' && r.url === '/api/v1/organizations'
              ? { payload: { name: 'New one' } }
              : method === 'PUT' && !r.url.endsWith('/logo')
                ? { payload: {} }
                : {}),
        });
        // Deleting one's own organization answers the spec's reason (400) before the plain refusal.
        const refusals = method === 'DELETE' && r.url === '/api/v1/organizations/:id' ? [400] : [403, 404];
        expect(refusals, `${method} ${url} -> ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      }
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
