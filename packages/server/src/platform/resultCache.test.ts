import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRedis } from '../test/redis.ts';
import type { Redis } from './redis.ts';
import { MemoryResultCache, NoResultCache, RedisResultCache, type ResultCache, throughCache } from './resultCache.ts';

let redis: Redis | undefined;
beforeAll(async () => {
  redis = await openTestRedis('the result cache across processes');
});
afterAll(async () => {
  await redis?.close();
});

/** Many askers of one card at once: one computation, shared while it runs and kept after; never with the cache off. */
function world(results: ResultCache) {
  let computations = 0;
  let finish: (value: string) => void = () => undefined;
  const compute = () => {
    computations++;
    return new Promise<string>((resolve) => (finish = resolve));
  };
  const warnings: string[] = [];
  const ask = () => throughCache(results, 'card', compute, (_err, what) => warnings.push(what));
  return { ask, finish: (value: string) => finish(value), computations: () => computations, warnings };
}

describe('throughCache', () => {
  it('computes once for callers asking while it runs, and answers the next from what it kept', async () => {
    const w = world(new MemoryResultCache());
    const waiting = [w.ask(), w.ask(), w.ask()];
    await new Promise((resolve) => setTimeout(resolve, 10));
    w.finish('rows');
    expect(await Promise.all(waiting)).toEqual([
      { value: 'rows', cache: 'miss' },
      { value: 'rows', cache: 'hit' },
      { value: 'rows', cache: 'hit' },
    ]);
    expect(await w.ask()).toEqual({ value: 'rows', cache: 'hit' });
    expect(w.computations()).toBe(1);
  });

  it('keeps no error: the callers that waited get it, the next caller computes again', async () => {
    const results = new MemoryResultCache();
    const failing = () => Promise.reject(new Error('query failed'));
    const waiting = [0, 1].map(() => throughCache(results, 'bad', failing, () => undefined));
    for (const answer of waiting) await expect(answer).rejects.toThrow('query failed');
    expect(
      await throughCache(
        results,
        'bad',
        async () => 'now',
        () => undefined,
      ),
    ).toEqual({
      value: 'now',
      cache: 'miss',
    });
  });

  it('computes every time with RESULT_CACHE=off', async () => {
    const results = new NoResultCache();
    let computations = 0;
    const compute = async () => `rows ${++computations}`;
    const answers = await Promise.all([0, 1].map(() => throughCache(results, 'card', compute, () => undefined)));
    expect(answers).toEqual([
      { value: 'rows 1', cache: 'miss' },
      { value: 'rows 2', cache: 'miss' },
    ]);
    expect(await throughCache(results, 'card', compute, () => undefined)).toEqual({ value: 'rows 3', cache: 'miss' });
  });

  it('computes when the cache does not answer, saying so', async () => {
    const broken: ResultCache = {
      keeps: true,
      get: () => Promise.reject(new Error('down')),
      set: () => Promise.reject(new Error('down')),
    };
    const warnings: string[] = [];
    const answer = await throughCache(
      broken,
      'card',
      async () => 'rows',
      (_err, what) => warnings.push(what),
    );
    expect(answer).toEqual({ value: 'rows', cache: 'miss' });
    expect(warnings).toEqual(['the result cache did not answer', 'the result cache refused an entry']);
  });
});

describe('throughCache across processes (Redis)', () => {
  /** Two processes' caches: two Redis clients on one prefix, each with its own computations in flight. */
  async function twoProcesses() {
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    const other = (redis as Redis).duplicate();
    await other.connect();
    const one = new RedisResultCache(redis as Redis, prefix);
    const two = new RedisResultCache(other, prefix);
    return {
      one,
      two,
      close: async () => {
        await Promise.all([one.close(), two.close()]);
        await other.close();
      },
    };
  }
  const quiet = () => undefined;

  it('computes once for both: the other process waits for the answer the first keeps', async (ctx) => {
    if (!redis) return ctx.skip();
    const { one, two, close } = await twoProcesses();
    try {
      let computations = 0;
      const compute = async () => {
        computations++;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return 'rows';
      };
      const answers = await Promise.all([
        throughCache(one, 'card', compute, quiet),
        throughCache(two, 'card', compute, quiet),
        throughCache(two, 'card', compute, quiet),
      ]);
      expect(computations).toBe(1);
      expect(answers.map((a) => a.value)).toEqual(['rows', 'rows', 'rows']);
      expect(answers.filter((a) => a.cache === 'miss')).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('computes it itself when the process computing it fails, or goes without giving its claim back; gives back only its own claim', async (ctx) => {
    if (!redis) return ctx.skip();
    const { one, two, close } = await twoProcesses();
    try {
      let finish: (err: Error) => void = () => undefined;
      const failing = () => new Promise<string>((_resolve, reject) => (finish = reject));
      const first = throughCache(one, 'bad', failing, quiet);
      await new Promise((resolve) => setTimeout(resolve, 30));
      const second = throughCache(two, 'bad', async () => 'rows from two', quiet);
      finish(new Error('query failed'));
      await expect(first).rejects.toThrow('query failed');
      expect(await second).toEqual({ value: 'rows from two', cache: 'miss' });

      // A process that died holding a claim: the other waits for it to lapse, then computes.
      expect(await one.claims.take('orphan', 200)).toBe(true);
      const started = Date.now();
      expect(await throughCache(two, 'orphan', async () => 'rows', quiet)).toEqual({ value: 'rows', cache: 'miss' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);

      // A claim that lapsed and was taken by another is not given back by its first holder.
      expect(await one.claims.take('lapsed', 50)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await two.claims.take('lapsed', 60_000)).toBe(true);
      await one.claims.release('lapsed');
      expect(await one.claims.take('lapsed', 60_000)).toBe(false);
      await two.claims.release('lapsed');
      expect(await one.claims.take('lapsed', 60_000)).toBe(true);
    } finally {
      await close();
    }
  });

  it('tells the processes waiting for a key when its claim is given back, at once, not when they next look', async (ctx) => {
    if (!redis) return ctx.skip();
    const { one, two, close } = await twoProcesses();
    try {
      expect(await one.claims.take('told', 60_000)).toBe(true);
      // Waiting for a minute at most: only the release's message can end these waits within the test's time.
      const waits = [two.claims.ended('told', 60_000), two.claims.ended('told', 60_000)];
      let woken = false;
      const other = two.claims.ended('other key', 60_000).then(() => {
        woken = true;
      });
      await one.set('told', 'rows');
      await one.claims.release('told');
      // The subscription opens with the first wait: a release told before it listened is told again.
      const again = setInterval(() => void one.claims.release('told'), 50);
      await Promise.all(waits).finally(() => clearInterval(again));
      expect(await two.get('told')).toBe('rows');
      expect(woken).toBe(false);
      const more = setInterval(() => void one.claims.release('other key'), 50);
      await other.finally(() => clearInterval(more));
    } finally {
      await close();
    }
  });
});
