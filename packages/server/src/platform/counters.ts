import type { Redis } from './redis.ts';

/**
 * Fixed-window counters (one per key: an address, a form, a user), for the rate limits that do not live in the
 * database (rateLimit.ts does, for sign-in): anonymous form submissions and the assistant. `hit` counts one
 * attempt and answers whether it stays within `limit` for the current window, which starts with the key's first
 * attempt. With REDIS_URL every API process counts in Redis, so the limit holds for the whole cluster; without
 * it, in this process's memory (one process).
 */
export interface WindowCounters {
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
}

/** In memory, for one process. Old windows are dropped as keys come back or the map grows. */
export class MemoryWindowCounters implements WindowCounters {
  private readonly windows = new Map<string, { end: number; count: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  async hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
    let entry = this.windows.get(key);
    if (!entry || now >= entry.end) {
      if (!entry && this.windows.size >= this.maxKeys) this.sweep(now);
      entry = { end: now + windowMs, count: 0 };
      this.windows.set(key, entry);
    }
    entry.count++;
    return entry.count <= limit;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (now >= entry.end) this.windows.delete(key);
    // Still full of live windows: forget the oldest rather than grow without bound.
    if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value as string);
  }
}

/** In Redis, shared by every process: the window is the key's time to live, set by its first attempt. */
export class RedisWindowCounters implements WindowCounters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    const name = `${this.prefix}limit:${key}`;
    const [, count] = await this.redis
      .multi()
      .set(name, '0', { condition: 'NX', expiration: { type: 'PX', value: windowMs } })
      .incr(name)
      .exec();
    return Number(count) <= limit;
  }
}
