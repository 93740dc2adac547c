import { ROLE_PRESETS } from '@tessera/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrganization, createUser, signIn, type TestUser } from '../test/accounts.ts';
import { as, createTestApp, type TestApp, testDbKind } from '../test/harness.ts';
import { findActiveTokenUser } from './access.ts';
import { newId, sha256 } from './ids.ts';
import { accessTokens, users } from './tenancy.tables.ts';
import { lookupToken, openTokenCache, type TokenCache } from './tokenCache.ts';

let t: TestApp;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganization(t.database.db)).id;
});
afterAll(() => t?.close());

async function signedIn(): Promise<{ user: TestUser; token: string; call: ReturnType<typeof as> }> {
  const user = await createUser(t.database.db, orgId);
  const token = await signIn(t.app, user.email, user.password);
  return { user, token, call: as(t.app, token) };
}

const me = async (call: ReturnType<typeof as>) => (await call({ method: 'GET', url: '/api/v1/users/my' })).statusCode;

/** A lookup through `cache` that counts its reads of the database. */
function counted(cache: TokenCache, token: string) {
  const tokenHash = sha256(token);
  const read = vi.fn(() => findActiveTokenUser(t.database.db, { tokenHash }));
  return { read, lookup: () => lookupToken(cache, tokenHash, read) };
}

describe('who a token is, through the API', () => {
  it('follows at once every change to the token, its user or its organization, whoever makes it', async () => {
    const { user, call } = await signedIn();
    const db = t.database.db;
    expect(await me(call)).toBe(200);
    expect(await me(call)).toBe(200);

    // Straight in SQL, as another process or a migration would.
    await db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect(await me(call)).toBe(401);
    await db.update(users).set({ active: true }).where(eq(users.id, user.id));
    expect(await me(call)).toBe(200);

    // Roles: creating projects is refused with 403 before the (malformed) body is read; allowed, the body is a 400.
    const createProject = () =>
      call({ method: 'POST', url: '/api/v1/projects', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect((await createProject()).statusCode).toBe(400);
    await db.execute(
      sql`update users set roles = ${JSON.stringify(ROLE_PRESETS.viewOnly)}::jsonb where id = ${user.id}`,
    );
    expect((await createProject()).statusCode).toBe(403);

    await db.execute(sql`update organizations set active = false where id = ${orgId}`);
    expect(await me(call)).toBe(401);
    await db.execute(sql`update organizations set active = true where id = ${orgId}`);
    expect(await me(call)).toBe(200);

    await db.delete(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(await me(call)).toBe(401);
  });

  it('signing out ends the token at once; signing in again works at once', async () => {
    const { user, call } = await signedIn();
    expect(await me(call)).toBe(200);
    expect((await call({ method: 'DELETE', url: '/api/v1/logout' })).statusCode).toBe(200);
    expect(await me(call)).toBe(401);
    const again = as(t.app, await signIn(t.app, user.email, user.password));
    expect(await me(again)).toBe(200);
  });
});

describe.runIf(testDbKind === 'pglite')('kept between requests on PGlite', () => {
  it('reads a token once, and again after any update or delete of tokens, users or organizations', async () => {
    const cache = await openTokenCache(t.database);
    const { token, user } = await signedIn();
    const { read, lookup } = counted(cache, token);
    const first = await lookup();
    expect(first?.user.id).toBe(user.id);
    expect(await lookup()).toEqual(first);
    expect(read).toHaveBeenCalledTimes(1);
    const changes = [
      sql`update organizations set name = name where id = ${orgId}`,
      sql`update users set first = first where id = ${user.id}`,
      sql`update access_tokens set expires_at = expires_at where user_id = ${user.id}`,
      sql`delete from access_tokens where id = 'none'`,
    ];
    for (const [i, change] of changes.entries()) {
      await t.database.db.execute(change);
      expect(await lookup()).toEqual(first);
      expect(read).toHaveBeenCalledTimes(i + 2);
    }
    await cache.close();
  });

  it('does not keep what a lookup read while a change was made', async () => {
    const cache = await openTokenCache(t.database);
    const { token, user } = await signedIn();
    const tokenHash = sha256(token);
    let reads = 0;
    const read = async () => {
      reads++;
      const found = await findActiveTokenUser(t.database.db, { tokenHash });
      // Deactivated right after this read: what it found must not be kept.
      if (reads === 1) await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
      return found;
    };
    expect((await lookupToken(cache, tokenHash, read))?.user.id).toBe(user.id);
    expect(await lookupToken(cache, tokenHash, read)).toBeNull();
    expect(reads).toBe(2);
    await cache.close();
  });

  it('keeps a token no longer than it lives, never an unknown one, and hands out a caller nobody can change', async () => {
    const cache = await openTokenCache(t.database);
    const user = await createUser(t.database.db, orgId);
    const token = `short-lived-${newId()}`;
    await t.database.db
      .insert(accessTokens)
      .values({ id: newId(), userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 400) });
    const { read, lookup } = counted(cache, token);
    const found = await lookup();
    expect(found?.user.id).toBe(user.id);
    expect(() => {
      (found!.user as { email: string }).email = 'someone@else.example';
    }).toThrow(TypeError);
    expect(() => {
      found!.user.roles.createProjects = true;
    }).toThrow(TypeError);
    await lookup();
    expect(read).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await lookup()).toBeNull();
    expect(read).toHaveBeenCalledTimes(2);

    const unknown = counted(cache, 'no-such-token');
    await unknown.lookup();
    await unknown.lookup();
    expect(unknown.read).toHaveBeenCalledTimes(2);
    await cache.close();
  });
});

describe.runIf(testDbKind === 'postgres')('on PostgreSQL', () => {
  it('keeps nothing: every request reads its token', async () => {
    const cache = await openTokenCache(t.database);
    const { token } = await signedIn();
    const { read, lookup } = counted(cache, token);
    await lookup();
    await lookup();
    expect(read).toHaveBeenCalledTimes(2);
    await cache.close();
  });
});
