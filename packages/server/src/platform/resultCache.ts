import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
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
  /**
   * Shared by several processes: takes the computation of `key` for this process for `ms` at most, answering
   * false when another process holds it (the caller then waits for its answer); `release` gives it back.
   */
  readonly claims?: {
    take(key: string, ms: number): Promise<boolean>;
    /** Gives the claim back (if still the caller's) and tells the processes waiting for `key` (`ended`). */
    release(key: string): Promise<void>;
    /** Settles once a process has given back its claim on `key` (its answer kept, or not), or after `ms`. */
    ended(key: string, ms: number): Promise<void>;
  };
  /** Lets go of what it holds open (a subscription). */
  close?(): Promise<void>;
}

/**
 * How long a process holds the computation of a key it took at most: a process that died computing is waited for
 * this long by the others, which then compute it themselves (as they do for a computation that takes longer).
 */
export const CLAIM_MS = 60_000;
/**
 * How often a process waiting for another's computation looks for its answer, at first, then at most, when it is
 * not told first (`claims.ended`: a release is told at once; looking is for a process that went, or a message
 * lost while the subscription reconnects).
 */
const WAIT_STEP_MS = { first: 50, most: 1000 };

/** RESULT_CACHE=off: every answer computed afresh, never kept (to measure what the cache saves). */
export class NoResultCache implements ResultCache {
  readonly keeps = false;
  async get(): Promise<undefined> {
    return undefined;
  }
  async set(): Promise<void> {}
}

/**
 * The answer kept under `key`, or `compute`'s, kept then. Callers asking for one key while it is being computed
 * wait for that computation instead of starting their own (hundreds of viewers opening one dashboard at once ask
 * the same card queries before any is kept): 'hit' for them too. With a cache shared by several processes
 * (`claims`), that holds across them: one process computes, the others wait for its answer, and compute it
 * themselves only if it fails or the process goes (within CLAIM_MS). A cache that does not answer is logged
 * through `warn` and the answer computed; an error is never kept. A cache that keeps nothing (`keeps`:
 * RESULT_CACHE=off) shares nothing.
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
  const inFlight = computing.get(results) ?? new Map<string, Promise<Answer>>();
  computing.set(results, inFlight);
  const running = inFlight.get(key);
  if (running) return { value: (await running).value, cache: 'hit' };
  const answer = answerOnce(results, key, compute, warn);
  inFlight.set(key, answer);
  try {
    return await answer;
  } finally {
    inFlight.delete(key);
  }
}

type Answer = { value: string; cache: 'hit' | 'miss' };
const computing = new WeakMap<ResultCache, Map<string, Promise<Answer>>>();

/** This process's one answer for `key`: another process's once it has kept it, else computed here and kept. */
async function answerOnce(
  results: ResultCache,
  key: string,
  compute: () => Promise<string>,
  warn: (err: unknown, what: string) => void,
): Promise<Answer> {
  const { claims } = results;
  let mine = claims
    ? await claims.take(key, CLAIM_MS).catch((err: unknown) => {
        warn(err, 'the result cache did not answer');
        return true;
      })
    : true;
  if (!mine) {
    const waited = await othersAnswer(results, key);
    if ('value' in waited) return { value: waited.value, cache: 'hit' };
    mine = waited.mine;
  }
  try {
    const value = await compute();
    await results.set(key, value).catch((err) => warn(err, 'the result cache refused an entry'));
    return { value, cache: 'miss' };
  } finally {
    if (mine) await claims?.release(key).catch(() => undefined);
  }
}

/**
 * Waits for the answer of the process computing `key`. Once that process has given its claim back or let it
 * lapse without keeping an answer (it failed, it went, or the answer was too large to keep), this one takes the
 * claim (`mine`) when it can, and computes.
 */
async function othersAnswer(results: ResultCache, key: string): Promise<{ value: string } | { mine: boolean }> {
  let step = WAIT_STEP_MS.first;
  try {
    for (;;) {
      await (results.claims ? results.claims.ended(key, step) : sleep(step));
      step = Math.min(step * 2, WAIT_STEP_MS.most);
      const kept = await results.get(key);
      if (kept) return { value: kept };
      if (await results.claims?.take(key, CLAIM_MS)) return { mine: true };
    }
  } catch {
    return { mine: false };
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

/**
 * Deletes a claim only if it is still the caller's (KEYS[1] holds ARGV[1]), then tells the processes waiting for
 * its key (ARGV[3]) on the channel ARGV[2].
 */
const RELEASE_OWN_CLAIM = `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end
redis.call('publish', ARGV[2], ARGV[3]) return 0`;

export class RedisResultCache implements ResultCache {
  readonly keeps = true;
  /** This process's mark on the claims it takes: it gives back only its own, not one taken since its lapsed. */
  private readonly owner = randomUUID();
  readonly claims = {
    take: async (key: string, ms: number) =>
      (await this.redis.set(`${this.prefix}computing:${key}`, this.owner, {
        condition: 'NX',
        expiration: { type: 'PX', value: ms },
      })) === 'OK',
    release: async (key: string) => {
      await this.redis.eval(RELEASE_OWN_CLAIM, {
        keys: [`${this.prefix}computing:${key}`],
        arguments: [this.owner, this.channel, key],
      });
    },
    ended: (key: string, ms: number) => this.ended(key, ms),
  };
  /** Where releases are told: every process of the prefix hears every release. */
  private readonly channel: string;
  /** What this process waits for: the keys, each with its waiters' wake-ups. */
  private readonly waiting = new Map<string, Set<() => void>>();
  /** The subscription, opened at the first wait (a process that never waits, a worker, opens none). */
  private subscriber?: Promise<Redis | undefined>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.channel = `${prefix}claims-ended`;
  }

  private async ended(key: string, ms: number): Promise<void> {
    this.subscriber ??= this.subscribe();
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        const waiters = this.waiting.get(key);
        waiters?.delete(wake);
        if (!waiters?.size) this.waiting.delete(key);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      const waiters = this.waiting.get(key) ?? new Set();
      waiters.add(wake);
      this.waiting.set(key, waiters);
    });
  }

  /** A client of its own listening to the channel (a subscribed client does nothing else); none if it fails. */
  private async subscribe(): Promise<Redis | undefined> {
    const subscriber = this.redis.duplicate();
    subscriber.on('error', () => undefined);
    try {
      await subscriber.connect();
      await subscriber.subscribe(this.channel, (key) => {
        for (const wake of this.waiting.get(key) ?? []) wake();
      });
      return subscriber;
    } catch {
      await subscriber.close().catch(() => undefined);
      return undefined;
    }
  }

  async close(): Promise<void> {
    const subscriber = await this.subscriber;
    this.subscriber = undefined;
    await subscriber?.close().catch(() => undefined);
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(`${this.prefix}result:${key}`)) ?? undefined;
  }

  async set(key: string, value: string): Promise<void> {
    if (value.length > MAX_ENTRY_BYTES) return;
    await this.redis.set(`${this.prefix}result:${key}`, value, { expiration: { type: 'PX', value: RESULT_TTL_MS } });
  }
}
