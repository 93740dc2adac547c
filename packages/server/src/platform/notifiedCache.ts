import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.ts';

/** Notified by triggers (migration 0008) when a token, a user or an organization is updated or deleted. */
export const AUTH_CHANGED = 'auth_changed';
/**
 * Notified by triggers (migration 0009) on any write to what decides a caller's access to a project's resource
 * and what that read hands over: projects, organizations, permissions, dashboards, tabs and units.
 */
export const ACCESS_CHANGED = 'access_changed';

/**
 * Reads of the metadata database kept between requests when that database is embedded (PGlite), dropped as a
 * whole by the notifications of the tables they read.
 *
 * PGlite runs on this process's main thread, and the first statement of a request pays for a WASM engine gone
 * cold meanwhile (~1 ms on the reference machine, against ~0.25 ms in a loop). Triggers notify a channel when a
 * statement that writes to the tables behind a read commits, whatever code path runs it, and PGlite delivers the
 * notification within that statement: every entry is gone before its caller goes on. A read that started before
 * a notification is not kept (it may have seen what the change retracts). An entry also lapses after `maxAgeMs`
 * (or the `ttlMs` its read gives, when sooner). What a read does not find is never kept. Kept values are frozen:
 * the requests that share them cannot change them.
 *
 * With PostgreSQL nothing is kept: other nodes would learn of a change only when its notification reaches them,
 * a window in which a signed-out token or a removed member would still be let in; a read there is one indexed
 * round trip.
 */
export class NotifiedCache<V extends object> {
  private readonly entries: LRUCache<string, V>;
  /** Moves on with each notification. */
  private generation = 0;
  private readonly unlisteners: Array<() => Promise<void>> = [];
  private listening = false;

  private constructor(
    max: number,
    private readonly maxAgeMs: number,
  ) {
    this.entries = new LRUCache({ max, ttl: maxAgeMs });
  }

  /** A cache emptied by `channels` on `database` (PGlite), or one that keeps nothing (PostgreSQL). */
  static async open<V extends object>(
    database: Database,
    channels: readonly string[],
    options: { max: number; maxAgeMs: number },
  ): Promise<NotifiedCache<V>> {
    const cache = new NotifiedCache<V>(options.max, options.maxAgeMs);
    if (database.pglite) {
      for (const channel of channels)
        cache.unlisteners.push(await database.pglite.listen(channel, () => cache.clear()));
      cache.listening = true;
    }
    return cache;
  }

  /** What `key` holds: kept, or what `read` finds (kept for at most its `ttlMs`, when positive). */
  async lookup(key: string, read: () => Promise<{ value: V; ttlMs?: number } | undefined>): Promise<V | undefined> {
    const kept = this.listening ? this.entries.get(key) : undefined;
    if (kept) return kept;
    const generation = this.generation;
    const found = await read();
    if (!found) return undefined;
    const value = deepFreeze(found.value);
    const ttl = Math.min(this.maxAgeMs, found.ttlMs ?? this.maxAgeMs);
    if (this.listening && generation === this.generation && ttl > 0) this.entries.set(key, value, { ttl });
    return value;
  }

  /** Stops listening and forgets everything (the app closes). */
  async close(): Promise<void> {
    this.listening = false;
    this.clear();
    await Promise.allSettled(this.unlisteners.splice(0).map((unlisten) => unlisten()));
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** Freezes a value read from the database and everything in it (walked without recursion). */
function deepFreeze<T extends object>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== 'object' || Object.isFrozen(item) || ArrayBuffer.isView(item)) continue;
    Object.freeze(item);
    stack.push(...Object.values(item));
  }
  return value;
}
