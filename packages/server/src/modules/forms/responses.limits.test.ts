import { randomBytes } from 'node:crypto';
import { type Answers, FORM_RATE_LIMIT, FORM_MESSAGES as M } from '@tessera/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRedis, TEST_REDIS_URL } from '../../test/redis.ts';
import { type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { fullAnswers, makeForm, submit } from './forms.fixtures.ts';
import { formResponses } from './forms.tables.ts';
import { responsesFlusherOf } from './index.ts';
import { ResponsesService } from './responses.service.ts';

/**
 * The public form's limits hurt only the abuser (docs/security.md): an address is refused past its own limit, and
 * the form counts only the answers it stored, so that one address's flood, or answers refused for any reason,
 * never close the form for everyone else. The same with counters in memory (one process) and in Redis (shared).
 */
describe.each(['memory', 'redis'] as const)('form limits, counted in %s', (where) => {
  let w: DatasetsWorld | undefined;
  let prefix = '';
  let nextAddress = 1;
  const address = () => `203.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (where === 'redis') {
      const redis = await openTestRedis('the form limits counted in Redis');
      if (!redis) return;
      await redis.close();
      prefix = `test-forms-${randomBytes(6).toString('hex')}:`;
      env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    }
    w = await datasetsWorld(env);
  }, 60_000);

  afterAll(async () => {
    if (w && prefix) {
      const redis = await openTestRedis('clean-up');
      for await (const keys of redis?.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 }) ?? []) {
        if (keys.length) await redis?.del(keys);
      }
      await redis?.close();
    }
    await w?.t.close();
  });

  const world = (skip: () => void) => {
    if (!w) skip();
    return w as DatasetsWorld;
  };
  const stored = async (formId: string) =>
    (
      await world(() => undefined)
        .t.database.db.select({ n: count() })
        .from(formResponses)
        .where(eq(formResponses.formId, formId))
    )[0].n;

  it(`refuses one address past ${FORM_RATE_LIMIT.perAddress} a window, and a fresh address still answers`, async (ctx) => {
    const w = world(() => ctx.skip());
    const form = await makeForm(w, 'Flooded', { publish: true });
    const abuser = address();
    const statuses: number[] = [];
    // More posts than the form's own limit: before, the refused ones counted against the form and closed it.
    for (let i = 0; i < FORM_RATE_LIMIT.perForm + 100; i++) {
      statuses.push((await submit(w, form._id, fullAnswers(form), abuser)).statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(FORM_RATE_LIMIT.perAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(FORM_RATE_LIMIT.perForm + 100 - FORM_RATE_LIMIT.perAddress);
    const refused = await submit(w, form._id, fullAnswers(form), abuser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate-limited', message: M.rateLimited });
    expect((await submit(w, form._id, fullAnswers(form, 'Fresh'), address())).statusCode).toBe(201);
    expect(await stored(form._id)).toBe(FORM_RATE_LIMIT.perAddress + 1);
    if (prefix) {
      // Counted in Redis indeed: the address's and the form's counters are there.
      const redis = await openTestRedis('the form counters in Redis');
      const counted = await redis?.mGet([`${prefix}limit:form-address:${abuser}`, `${prefix}limit:form:${form._id}`]);
      await redis?.close();
      expect(counted).toEqual([String(FORM_RATE_LIMIT.perForm + 101), String(FORM_RATE_LIMIT.perAddress + 1)]);
    }
    // The abuser's requests to other forms count against the same address.
    const other = await makeForm(w, 'Other', { publish: true });
    expect((await submit(w, other._id, fullAnswers(other), abuser)).statusCode).toBe(429);
  });

  it(`never counts refused answers against the form: ${FORM_RATE_LIMIT.perForm} bad ones, then a good one is stored`, async (ctx) => {
    const w = world(() => ctx.skip());
    const form = await makeForm(w, 'Refused answers', { publish: true });
    const huge = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'y'.repeat(5000)]));
    const bad = await Promise.all(
      Array.from({ length: FORM_RATE_LIMIT.perForm }, (_, i) =>
        submit(w, form._id, i % 100 === 0 ? huge : {}, address()),
      ),
    );
    expect(new Set(bad.map((r) => r.statusCode))).toEqual(new Set([400, 413]));
    expect((await submit(w, form._id, fullAnswers(form), address())).statusCode).toBe(201);
    expect(await stored(form._id)).toBe(1);
  });

  it('counts the answers a form stored: past its limit it answers 429 and stores no more, even at once', async (ctx) => {
    const w = world(() => ctx.skip());
    const form = await makeForm(w, 'Small limit', { publish: true });
    // The service as the route builds it, with a lower limit per form (the same counters and database).
    const service = new ResponsesService(w.t.app.ctx, responsesFlusherOf(w.t.app), { perAddress: 30, perForm: 5 });
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => service.submit(form._id, address(), fullAnswers(form, `p${i}`) as Answers)),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    const reasons = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason.code] : []));
    expect(reasons).toEqual(Array.from({ length: 15 }, () => 'rate-limited'));
    expect(await stored(form._id)).toBe(5);
    await responsesFlusherOf(w.t.app).settle();
  });
});
