import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/ids.ts';
import { users } from '../../platform/tenancy.tables.ts';
import { createOrganization, createUser, randomAddress, signIn } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { resetCodes } from './auth.tables.ts';
import { createResetCode, RECOVERY_MAILS_PER_HOUR } from './recovery.service.ts';

const LINK = /http:\/\/tessera\.test\/login\/reset\/([A-Za-z0-9_-]+)/;
const INVALID = {
  error: { code: 'not-found', message: 'This link is no longer valid', reason: 'recovery.invalidLink' },
};

let t: TestApp;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganization(t.database.db)).id;
});
afterAll(() => t?.close());

const forgot = (email: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/login/forgot', payload: { email } });
const check = (code: string) => t.app.inject({ method: 'GET', url: `/api/v1/login/reset/${code}` });
const reset = (code: string, password: string, confirmPassword = password) =>
  t.app.inject({ method: 'POST', url: `/api/v1/login/reset/${code}`, payload: { password, confirmPassword } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: randomAddress() });

/** Asks for a recovery mail and returns the code of its link. */
async function recoveryCode(email: string): Promise<string> {
  const before = t.mailer.sent.length;
  expect((await forgot(email)).statusCode).toBe(200);
  expect(t.mailer.sent.length).toBe(before + 1);
  const code = t.mailer.last(email)?.text.match(LINK)?.[1];
  if (!code) throw new Error('no reset link in the mail');
  return code;
}

describe('POST /api/v1/login/forgot', () => {
  it('mails a single-use link to an existing account', async () => {
    const user = await createUser(t.database.db, orgId, { first: 'Ada' });
    const res = await forgot(`  ${user.email.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = t.mailer.last();
    expect(mail).toMatchObject({ to: user.email, subject: 'Reset your Tessera password' });
    expect(mail?.text).toContain('Hello Ada,');
    const code = mail?.text.match(LINK)?.[1];
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed only, expiring within the hour.
    const [row] = await t.database.db.select().from(resetCodes).where(eq(resetCodes.userId, user.id));
    expect(row.codeHash).toBe(sha256(code!));
    expect(row.purpose).toBe('recovery');
    const lifetime = row.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const known = await createUser(t.database.db, orgId);
    const sent = t.mailer.sent.length;
    const unknownRes = await forgot('nobody-here@example.com');
    expect(t.mailer.sent.length).toBe(sent);
    const knownRes = await forgot(known.email);
    expect(t.mailer.sent.length).toBe(sent + 1);
    expect(unknownRes.statusCode).toBe(knownRes.statusCode);
    expect(unknownRes.body).toBe(knownRes.body);
    expect(unknownRes.headers['content-type']).toBe(knownRes.headers['content-type']);
  });

  it('sends nothing to a deactivated account, answering the same', async () => {
    const user = await createUser(t.database.db, orgId, { active: false });
    const sent = t.mailer.sent.length;
    const res = await forgot(user.email);
    expect(res.json()).toEqual({ ok: true });
    expect(t.mailer.sent.length).toBe(sent);
  });

  it(`sends at most ${RECOVERY_MAILS_PER_HOUR} mails an hour to one account`, async () => {
    const user = await createUser(t.database.db, orgId);
    const sent = t.mailer.sent.length;
    for (let i = 0; i < RECOVERY_MAILS_PER_HOUR + 2; i++)
      expect((await forgot(user.email)).json()).toEqual({ ok: true });
    expect(t.mailer.sent.length).toBe(sent + RECOVERY_MAILS_PER_HOUR);
  });

  it.each([['not-an-email'], [''], ['a@b'], [42], [null]])(
    'refuses %j with "Not a valid email address"',
    async (email) => {
      const res = await forgot(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation');
      expect(res.json().error.fields).toEqual({
        email: typeof email === 'string' ? 'Not a valid email address' : expect.any(String),
      });
    },
  );
});

describe('GET and POST /api/v1/login/reset/:code', () => {
  it('checks a code, enforces the checklist, then sets the password and ends every session', async () => {
    const user = await createUser(t.database.db, orgId);
    const token = await signIn(t.app, user.email, user.password);
    const code = await recoveryCode(user.email);
    const otherCode = await recoveryCode(user.email);

    expect((await check(code)).json()).toEqual({ email: user.email });

    const cases: Array<[string, string, string]> = [
      ['Short!A', 'Short!A', 'Must be at least 8 characters.'],
      ['Nospecial1', 'Nospecial1', 'Must contain a special character (%, ?, &, etc).'],
      ['no-capital!', 'no-capital!', 'Must contain a capital letter.'],
      ['Good-pass-1', 'Good-pass-2', 'Passwords must match.'],
    ];
    for (const [password, confirm, message] of cases) {
      const res = await reset(code, password, confirm);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ password: message });
    }
    // A refused password leaves the code usable.
    expect((await check(code)).statusCode).toBe(200);

    const res = await reset(code, 'New-password-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await as(t.app, token)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'New-password-1')).statusCode).toBe(200);
    // Single use, and the user's other links die with it.
    expect((await check(code)).json()).toEqual(INVALID);
    expect((await reset(code, 'Other-password-1')).statusCode).toBe(404);
    expect((await check(otherCode)).statusCode).toBe(404);
  });

  it('claims an unclaimed account through its invitation', async () => {
    const user = await createUser(t.database.db, orgId, { password: null, needsReset: true });
    const code = await createResetCode(t.database.db, user.id, 'invitation');
    const [row] = await t.database.db
      .select()
      .from(resetCodes)
      .where(eq(resetCodes.codeHash, sha256(code)));
    const week = 7 * 24 * 3600 * 1000;
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(week - 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(week);
    expect((await reset(code, 'Claimed-password-1')).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after.needsReset).toBe(false);
    expect((await login(user.email, 'Claimed-password-1')).statusCode).toBe(200);
    // The old invitation no longer works as a credential either.
    expect((await login(user.email, code)).statusCode).toBe(401);
  });

  it('answers 404 for unknown, expired and deactivated-account codes', async () => {
    const user = await createUser(t.database.db, orgId);
    const expired = await createResetCode(t.database.db, user.id, 'recovery');
    await t.database.db
      .update(resetCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(resetCodes.codeHash, sha256(expired)));
    const unknown = 'A'.repeat(43);
    for (const code of [expired, unknown]) {
      expect((await check(code)).json()).toEqual(INVALID);
      expect((await reset(code, 'New-password-1')).statusCode).toBe(404);
    }
    const inactive = await createUser(t.database.db, orgId);
    const code = await createResetCode(t.database.db, inactive.id, 'recovery');
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, inactive.id));
    expect((await check(code)).statusCode).toBe(404);
    expect((await reset(code, 'New-password-1')).statusCode).toBe(404);
  });

  it('uses a code once even when two requests race', async () => {
    const user = await createUser(t.database.db, orgId);
    const code = await createResetCode(t.database.db, user.id, 'recovery');
    const results = await Promise.all([reset(code, 'Racing-password-1'), reset(code, 'Racing-password-2')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const winner = results[0].statusCode === 200 ? 'Racing-password-1' : 'Racing-password-2';
    expect((await login(user.email, winner)).statusCode).toBe(200);
  });

  it('refuses a malformed code or body with 400', async () => {
    expect((await check('short')).statusCode).toBe(400);
    const code = await createResetCode(t.database.db, (await createUser(t.database.db, orgId)).id, 'recovery');
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/login/reset/${code}`, payload: { password: 1 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['confirmPassword', 'password']);
  });
});
