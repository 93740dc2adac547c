import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRedis } from '../test/redis.ts';
import { MemoryWindowCounters, RedisWindowCounters, type WindowCounters } from './counters.ts';
import type { Redis } from './redis.ts';

let redis: Redis | undefined;
beforeAll(async () => {
  redis = await openTestRedis('the Redis counters');
});
afterAll(async () => {
  await redis?.close();
});

async function counts(counters: WindowCounters, key: string, times: number, windowMs = 60_000) {
  const answers: boolean[] = [];
  for (let i = 0; i < times; i++) answers.push(await counters.hit(key, 3, windowMs));
  return answers;
}

describe('window counters', () => {
  it('in memory: a key gets `limit` attempts a window, other keys their own, and a new window starts afresh', async () => {
    const counters = new MemoryWindowCounters();
    expect(await counts(counters, 'a', 5)).toEqual([true, true, true, false, false]);
    expect(await counts(counters, 'b', 1)).toEqual([true]);
    expect(await counts(counters, 'short', 4, 30)).toEqual([true, true, true, false]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await counts(counters, 'short', 1, 30)).toEqual([true]);
  });

  it('in Redis: two processes (two clients) share one count, atomically, and the window expires', async (ctx) => {
    if (!redis) return ctx.skip();
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    const other = redis.duplicate();
    await other.connect();
    try {
      const one = new RedisWindowCounters(redis, prefix);
      const two = new RedisWindowCounters(other, prefix);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? one : two).hit('k', 3, 60_000)));
      expect(answers.filter(Boolean)).toHaveLength(3);
      expect(await two.hit('other', 3, 60_000)).toBe(true);
      expect(await one.hit('brief', 1, 50)).toBe(true);
      expect(await two.hit('brief', 1, 50)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await two.hit('brief', 1, 50)).toBe(true);
      expect(await redis.pTTL(`${prefix}limit:k`)).toBeGreaterThan(0);
    } finally {
      await redis.del([`${prefix}limit:k`, `${prefix}limit:other`, `${prefix}limit:brief`]);
      await other.close();
    }
  });
});
