import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, signIn } from '../../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../../test/harness.ts';
import { UI_ERROR_RATE_LIMIT } from './errors.service.ts';
import { uiErrors } from './errors.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const report = (payload: object, remoteAddress: string, token?: string) =>
  as(t.app, token)({ method: 'POST', url: '/api/v1/errors/ui', payload, remoteAddress });
const stored = (ip: string) => t.database.db.select().from(uiErrors).where(eq(uiErrors.ip, ip));

describe('POST /api/v1/errors/ui', () => {
  it('stores an anonymous report', async () => {
    const res = await report({ stack: 'TypeError: x is undefined\n    at App', path: '/projects' }, '192.0.2.10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await stored('192.0.2.10')).toEqual([
      expect.objectContaining({ stack: 'TypeError: x is undefined\n    at App', path: '/projects', userId: null }),
    ]);
  });

  it('ties a report to its user when a valid token comes with it', async () => {
    const org = await createOrganization(t.database.db);
    const user = await createUser(t.database.db, org.id);
    const token = await signIn(t.app, user.email, user.password);
    expect((await report({ stack: 'boom' }, '192.0.2.11', token)).statusCode).toBe(200);
    expect((await report({ stack: 'boom' }, '192.0.2.11', 'not-a-real-token')).statusCode).toBe(200);
    const rows = await stored('192.0.2.11');
    expect(rows.map((r) => r.userId).sort()).toEqual([user.id, null].sort());
  });

  it(`answers 429 after ${UI_ERROR_RATE_LIMIT.perAddress} reports from one address in the window`, async () => {
    const ip = '192.0.2.12';
    for (let i = 0; i < UI_ERROR_RATE_LIMIT.perAddress; i++)
      expect((await report({ stack: `e${i}` }, ip)).statusCode).toBe(200);
    const res = await report({ stack: 'one too many' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate-limited');
    expect(await stored(ip)).toHaveLength(UI_ERROR_RATE_LIMIT.perAddress);
    expect((await report({ stack: 'elsewhere' }, '192.0.2.13')).statusCode).toBe(200);
  });

  it('counts concurrent reports atomically: of 200 at once from one address, only the limit is stored', async () => {
    const ip = '192.0.2.15';
    const stack = `TypeError: boom\n${'    at frame\n'.repeat(1500)}`;
    const answers = await Promise.all(Array.from({ length: 200 }, () => report({ stack }, ip)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(UI_ERROR_RATE_LIMIT.perAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - UI_ERROR_RATE_LIMIT.perAddress);
    expect(await stored(ip)).toHaveLength(UI_ERROR_RATE_LIMIT.perAddress);
  });

  it('refuses a missing or oversized stack with 400', async () => {
    for (const payload of [{}, { stack: 5 }, { stack: 'x'.repeat(20_001) }, { stack: 'x', path: 'y'.repeat(2001) }]) {
      const res = await report(payload, '192.0.2.14');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toBeDefined();
    }
    expect(await stored('192.0.2.14')).toEqual([]);
  });
});
