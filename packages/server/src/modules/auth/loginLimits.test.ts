import { SERVER_ERRORS } from '@tessera/shared';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateCounters } from '../../platform/rateLimit.tables.ts';
import { createOrganization, createUser, signIn } from '../../test/accounts.ts';
import { as, createTestApp, ROOT, type TestApp } from '../../test/harness.ts';
import { LOGIN_RATE_LIMIT } from './login.service.ts';
import { findUserEvents } from './loginEvents.store.ts';
import { pairKey, slowdownMs } from './loginLimits.ts';

/**
 * Sign-in limits hurt only where the failures come from (docs/security.md): failures slow down, then lock, the
 * (account, address) pair; an address guessing many accounts is capped; the account is never locked from
 * everywhere, so its right password from an address that made no failures is accepted.
 */
let t: TestApp;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganization(t.database.db)).id;
}, 60_000);
afterAll(() => t?.close());

const { perAccountAddress, pairSlowAfter, perAddress, windowMs } = LOGIN_RATE_LIMIT;
const RATE_LIMITED_MESSAGE = SERVER_ERRORS['login.rateLimited'];
const RATE_LIMITED = { error: { code: 'rate-limited', message: RATE_LIMITED_MESSAGE, reason: 'login.rateLimited' } };
const db = () => t.database.db;
const login = (email: string, password: string, remoteAddress: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress });
const lastEvent = async (userId: string) => (await findUserEvents(db(), userId))[0];

/** Lets the pair's next turn come now (instead of waiting the slowdown out). */
const nextTurnNow = (account: string, ip: string) => setTurn(db(), pairKey('login', account, ip), -1000);
/** Makes sure the pair's next turn has not come yet, however slowly the test runs (no timed assertion). */
const turnLater = (account: string, ip: string, scope: 'login' | 'password' = 'login', on = db()) =>
  setTurn(on, pairKey(scope, account, ip), 3_600_000);

/** Moves the key's next turn `fromNowMs` from now; answers whether the key had a turn set (a slowdown began). */
async function setTurn(on: TestApp['database']['db'], key: string, fromNowMs: number): Promise<boolean> {
  const set = await on
    .update(rateCounters)
    .set({ notBefore: new Date(Date.now() + fromNowMs) })
    .where(and(eq(rateCounters.key, key), isNotNull(rateCounters.notBefore)))
    .returning({ key: rateCounters.key });
  return set.length > 0;
}

/** The failures a pair counts (0 when it counts none). */
async function failuresOf(account: string, ip: string, on = db()): Promise<number> {
  const [row] = await on
    .select({ count: rateCounters.count })
    .from(rateCounters)
    .where(eq(rateCounters.key, pairKey('login', account, ip)));
  return row?.count ?? 0;
}

it('waits 2 s, 4 s, ... up to 60 s between turns', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 20].map(slowdownMs)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
});

describe('sign-in limits', () => {
  it('counts simultaneous guesses atomically: of 200 at once from one address, only turns are checked', async () => {
    const user = await createUser(db(), orgId);
    const ip = '203.0.113.7';
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => login(user.email, `Wrong-${i}`, ip)));
    const statuses = answers.map((a) => a.statusCode);
    const checked = statuses.filter((s) => s === 401).length;
    // The first ones at once, then one a turn (a turn may come while the password checks keep the burst waiting).
    expect(checked).toBeGreaterThanOrEqual(pairSlowAfter + 1);
    expect(checked).toBeLessThanOrEqual(perAccountAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - checked);
    const events = await findUserEvents(db(), user.id);
    expect(events.filter((e) => e.status === 'failure')).toHaveLength(checked);
    // The refused ones were given back: the pair counts exactly the failures checked.
    expect(await failuresOf(user.email, ip)).toBe(checked);
  });

  it(`slows an (account, address) down after ${pairSlowAfter} failures and locks it after ${perAccountAddress}`, async () => {
    const user = await createUser(db(), orgId);
    const attacker = '192.0.2.66';
    for (let i = 0; i < pairSlowAfter; i++) {
      expect((await login(user.email, `Wrong-${i}`, attacker)).statusCode).toBe(401);
    }
    expect(await turnLater(user.email, attacker)).toBe(false);
    // Past them, one attempt per turn: this one is checked and sets a wait; before it is over, the next (even the
    // right password) is refused and not counted.
    expect((await login(user.email, 'Wrong-x', attacker)).statusCode).toBe(401);
    expect(await turnLater(user.email, attacker)).toBe(true);
    const waiting = await login(user.email, user.password, attacker);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual(RATE_LIMITED);
    expect(await failuresOf(user.email, attacker)).toBe(pairSlowAfter + 1);
    for (let i = pairSlowAfter + 1; i < perAccountAddress; i++) {
      await nextTurnNow(user.email, attacker);
      expect((await login(user.email, `Wrong-${i}`, attacker)).statusCode).toBe(401);
    }
    // Locked for the window: its turn come, the right password from there is still refused.
    await nextTurnNow(user.email, attacker);
    expect((await login(user.email, user.password, attacker)).statusCode).toBe(429);
    expect(await lastEvent(user.id)).toMatchObject({ type: 'login-attempt', status: 'rate-limited' });
    // The account from any other address, known or not, is not slowed down; other accounts from there neither.
    expect((await login(user.email, user.password, '192.0.2.67')).statusCode).toBe(200);
    expect((await login(ROOT.email, ROOT.password, attacker)).statusCode).toBe(200);
  });

  it('accepts the right password from a new address after 200 guesses from 200 addresses', async () => {
    const user = await createUser(db(), orgId);
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(user.email, `Wrong-${i}`, `198.18.${i >> 8}.${(i % 250) + 1}`)),
    );
    expect(guesses.map((g) => g.statusCode)).toEqual(guesses.map(() => 401));
    // And ten each from twenty of them: those pairs are locked, the account is not.
    for (let n = 0; n < perAccountAddress; n++) {
      for (let i = 0; i < 20; i++) await nextTurnNow(user.email, `198.18.0.${i + 1}`);
      await Promise.all(Array.from({ length: 20 }, (_, i) => login(user.email, `Wrong-${n}`, `198.18.0.${i + 1}`)));
    }
    await nextTurnNow(user.email, '198.18.0.1');
    expect((await login(user.email, user.password, '198.18.0.1')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '198.18.9.9')).statusCode).toBe(200);
    // Many at once with the right password, from many new addresses: all accepted.
    const owners = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(user.email, user.password, `198.18.10.${i + 1}`)),
    );
    expect(owners.map((o) => o.statusCode)).toEqual(owners.map(() => 200));
  });

  it(`caps an address at ${perAddress} failures whatever the accounts, except for accounts signed in from it`, async () => {
    const ip = '198.51.100.99';
    const regular = await createUser(db(), orgId);
    expect((await login(regular.email, regular.password, ip)).statusCode).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: perAddress + 10 }, (_, i) => login(`someone-${i}@example.com`, 'Wrong-1', ip)),
    );
    expect(guesses.filter((g) => g.statusCode === 401)).toHaveLength(perAddress);
    const res = await login(ROOT.email, ROOT.password, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(RATE_LIMITED_MESSAGE);
    // Who signed in from there before (a shared NAT's regular) still does; the same account from elsewhere too.
    expect((await login(regular.email, regular.password, ip)).statusCode).toBe(200);
    expect((await login(ROOT.email, ROOT.password, '198.51.100.100')).statusCode).toBe(200);
    // The cap is no way around the pair limit: a known account's wrong guesses from there still lock its pair.
    for (let i = 0; i < perAccountAddress; i++) {
      await nextTurnNow(regular.email, ip);
      expect((await login(regular.email, `Wrong-${i}`, ip)).statusCode).toBe(401);
    }
    await nextTurnNow(regular.email, ip);
    expect((await login(regular.email, regular.password, ip)).statusCode).toBe(429);
  });

  it('forgets failures older than the window', async () => {
    const user = await createUser(db(), orgId);
    const ip = '192.0.2.90';
    for (let i = 0; i < perAccountAddress; i++) {
      await nextTurnNow(user.email, ip);
      expect((await login(user.email, 'Wrong-1', ip)).statusCode).toBe(401);
    }
    await nextTurnNow(user.email, ip);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(429);
    await db()
      .update(rateCounters)
      .set({ windowStarted: new Date(Date.now() - windowMs - 1000) })
      .where(like(rateCounters.key, `%${user.email}%`));
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
  });

  it('limits the current-password check of a password change the same way', async () => {
    const user = await createUser(db(), orgId);
    const token = await signIn(t.app, user.email, user.password);
    const change = (currentPassword: string, remoteAddress = '192.0.2.95') =>
      as(
        t.app,
        token,
      )({
        method: 'PUT',
        url: '/api/v1/users/my/password',
        remoteAddress,
        payload: { currentPassword, password: 'New-password-1!', confirmPassword: 'New-password-1!' },
      });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => change(`Wrong-${i}`)));
    const checked = answers.filter((a) => a.statusCode === 400).length;
    expect(checked).toBeGreaterThanOrEqual(pairSlowAfter + 1);
    expect(checked).toBeLessThanOrEqual(perAccountAddress);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(50 - checked);
    expect(await turnLater(user.id, '192.0.2.95', 'password')).toBe(true);
    const res = await change(user.password);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(RATE_LIMITED);
    expect((await change(user.password, '192.0.2.96')).statusCode).toBe(200);
  });
});

describe('the address the limits count', () => {
  it('is the connection, whatever X-Forwarded-For says, unless TRUST_PROXY names the proxy', async () => {
    const user = await createUser(db(), orgId);
    const from = (app: TestApp['app'], password: string, forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: user.email, password },
        remoteAddress: '192.0.2.200',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // No TRUST_PROXY: a made-up header per guess does not make new addresses.
    for (let i = 0; i < pairSlowAfter + 1; i++) {
      expect((await from(t.app, `Wrong-${i}`, `10.9.0.${i + 1}`)).statusCode).toBe(401);
    }
    expect(await failuresOf(user.email, '192.0.2.200')).toBe(pairSlowAfter + 1);
    expect(await failuresOf(user.email, '10.9.0.1')).toBe(0);
    expect(await turnLater(user.email, '192.0.2.200')).toBe(true);
    expect((await from(t.app, user.password, '10.9.0.99')).statusCode).toBe(429);

    // Behind a trusted proxy, each client is its own address: one client's failures do not hold another.
    const proxied = await createTestApp({ TRUST_PROXY: '192.0.2.200' });
    try {
      const other = await createUser(proxied.database.db, (await createOrganization(proxied.database.db)).id);
      const send = (password: string, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { email: other.email, password },
          remoteAddress: '192.0.2.200',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < pairSlowAfter + 1; i++) expect((await send(`Wrong-${i}`, '10.9.1.1')).statusCode).toBe(401);
      const db = proxied.database.db;
      expect(await failuresOf(other.email, '10.9.1.1', db)).toBe(pairSlowAfter + 1);
      expect(await failuresOf(other.email, '192.0.2.200', db)).toBe(0);
      expect(await turnLater(other.email, '10.9.1.1', 'login', db)).toBe(true);
      expect((await send(other.password, '10.9.1.1')).statusCode).toBe(429);
      expect((await send(other.password, '10.9.1.2')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  }, 60_000);
});
