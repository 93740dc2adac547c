import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Redis } from './redis.ts';

/**
 * Answers computed once and shared by every API process: many viewers of one public dashboard ask the same card
 * queries. In Redis when REDIS_URL is set (each entry lives RESULT_TTL_MS at most), else in this process's memory
 * (an LRU bounded by size). Callers put in the key everything the answer is a function of (cards: the project, its
 * data version, the compiled query, the reader's visibility: see dashboards' unitData.service.ts), so a change of
 * the data version makes every older entry unreachable at once; they then expire.
 */
export interface ResultCache {
  /** Whether answers are kept at all: when not, concurrent callers do not share a computation either. */
  readonly keeps: boolean;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

/** RESULT_CACHE=off: every answer computed afresh, never kept (to measure what the cache saves). */
export class NoResultCache implements ResultCache {
  readonly keeps = false;
  async get(): Promise<undefined> {
    return undefined;
  }
  async set(): Promise<void> {}
}

const computing = new WeakMap<ResultCache, Map<string, Promise<string>>>();

/**
 * The answer kept under `key`, or `compute`'s, kept then. Callers of this process asking for one key while it is
 * being computed wait for that computation instead of starting their own (hundreds of viewers opening one
 * dashboard at once ask the same card queries before any is kept): 'hit' for them too. A cache that does not
 * answer is logged through `warn` and the answer computed; an error is never kept. A cache that keeps nothing (`keeps`: RESULT_CACHE=off) shares nothing.
 */
export async function throughCache(
  results: ResultCache,
  key: string,
  compute: () => Promise<string>,
  warn: (err: unknown, what: string) => void,
): Promise<{ value: string; cache: 'hit' | 'miss' }> {
  const kept = await results.get(key).catch((err: unknown) => {
    warn(err, 'the result cache did not answer');
    return undefined;
  });
  if (kept) return { value: kept, cache: 'hit' };
  if (!results.keeps) return { value: await compute(), cache: 'miss' };
  const inFlight = computing.get(results) ?? new Map<string, Promise<string>>();
  computing.set(results, inFlight);
  const running = inFlight.get(key);
  if (running) return { value: await running, cache: 'hit' };
  const computed = compute();
  inFlight.set(key, computed);
  try {
    const value = await computed;
    await results.set(key, value).catch((err) => warn(err, 'the result cache refused an entry'));
    return { value, cache: 'miss' };
  } finally {
    inFlight.delete(key);
  }
}

/** An entry over this size is not kept (a large table page is cheaper to recompute than to copy around). */
export const MAX_ENTRY_BYTES = 1_000_000;
export const RESULT_TTL_MS = 10 * 60_000;

/** A key's digest: keys are long (compiled SQL and its values). */
export function cacheKey(parts: unknown[]): string {
  const text = JSON.stringify(parts, (_key, value) => {
    if (typeof value === 'bigint') return `${value}n`;
    // DuckDB's typed values (dates, timestamps, decimals): their type and their text.
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.getPrototypeOf(value) !== Object.prototype
    ) {
      return [value.constructor?.name, String(value)];
    }
    return value;
  });
  return createHash('sha256').update(text).digest('base64url');
}

export class MemoryResultCache implements ResultCache {
  readonly keeps = true;
  private readonly entries = new LRUCache<string, string>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (value) => value.length + 64,
    ttl: RESULT_TTL_MS,
  });

  async get(key: string): Promise<string | undefined> {
    return this.entries.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    if (value.length <= MAX_ENTRY_BYTES) this.entries.set(key, value);
  }
}

export class RedisResultCache implements ResultCache {
  readonly keeps = true;
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(`${this.prefix}result:${key}`)) ?? undefined;
  }

  async set(key: string, value: string): Promise<void> {
    if (value.length > MAX_ENTRY_BYTES) return;
    await this.redis.set(`${this.prefix}result:${key}`, value, { expiration: { type: 'PX', value: RESULT_TTL_MS } });
  }
}
