import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from '../../../platform/redis.ts';
import { openTestRedis } from '../../../test/redis.ts';
import { MemoryUsedTickets, RedisUsedTickets, type UsedTickets } from './usedTickets.ts';

/** Single-use tickets (docs/security.md): in this process's memory, and in Redis shared by several processes. */

function claimsOnce(make: () => UsedTickets) {
  it('lets a ticket be claimed once, even by claims at once', async () => {
    const used = make();
    const id = randomBytes(8).toString('hex');
    const expiresAt = Date.now() + 60_000;
    expect(await used.claim(id, expiresAt)).toBe(true);
    expect(await used.claim(id, expiresAt)).toBe(false);
    const other = randomBytes(8).toString('hex');
    const raced = await Promise.all([1, 2, 3, 4].map(() => used.claim(other, expiresAt)));
    expect(raced.filter(Boolean)).toHaveLength(1);
  });
}

describe('MemoryUsedTickets', () => {
  claimsOnce(() => new MemoryUsedTickets());

  it('forgets expired tickets when it fills, never a live one', async () => {
    const used = new MemoryUsedTickets();
    const now = Date.now();
    expect(await used.claim('live', now + 60_000, now)).toBe(true);
    for (let i = 0; i < 1000; i++) await used.claim(`old-${i}`, now + 10, now);
    expect(await used.claim('after', now + 60_000, now + 20)).toBe(true);
    expect(await used.claim('live', now + 60_000, now + 20)).toBe(false);
  });
});

describe('RedisUsedTickets', () => {
  let first: Redis | undefined;
  let second: Redis | undefined;
  const prefix = `test-${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    first = await openTestRedis('RedisUsedTickets');
    second = first && (await openTestRedis('RedisUsedTickets'));
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  claimsOnce(() => new RedisUsedTickets(first!, prefix));

  it('is shared by the processes: a ticket claimed by one is refused to another', async (ctx) => {
    if (!first || !second) return ctx.skip();
    const id = randomBytes(8).toString('hex');
    const expiresAt = Date.now() + 60_000;
    const [a, b] = [new RedisUsedTickets(first, prefix), new RedisUsedTickets(second, prefix)];
    expect(await a.claim(id, expiresAt)).toBe(true);
    expect(await b.claim(id, expiresAt)).toBe(false);
    // Kept only until the ticket expires.
    const ttl = await first.pTTL(`${prefix}dash-ticket:${id}`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
