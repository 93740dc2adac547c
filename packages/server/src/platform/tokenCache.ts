import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.ts';
import type { AuthUser } from './context.ts';

/** The channel the triggers of migration 0008 notify when a token, a user or an organization changes. */
export const AUTH_CHANGED = 'auth_changed';

/** What a token lookup found: the caller, and when the token expires. */
export type FoundToken = AuthUser & { expiresAt: Date };

/** An entry lapses after this at most (its token's expiry comes first when sooner). */
const MAX_AGE_MS = 60_000;

/**
 * Who each token is, kept between requests when the metadata database is embedded (PGlite).
 *
 * Every request names its token, and looking it up is a read of three tables that PGlite runs on this
 * process's main thread: ~0.9 ms of each card data request on the reference machine. What it finds changes
 * only when a token, a user or an organization is updated or deleted; triggers notify `auth_changed` when such
 * a statement commits, whatever code path runs it (migration 0008), and PGlite delivers the notification within
 * the statement that commits, so every entry is gone before that statement's caller goes on. A lookup that
 * started before a notification is not kept: it may have read what the change retracts. An entry also lapses
 * at its token's expiry, and after a minute at most. Unknown tokens are never kept (a new sign-in is found at
 * once, and made-up tokens cannot fill the cache).
 *
 * With PostgreSQL nothing is kept: other nodes would learn of a change only when its notification reaches
 * them, a window in which a signed-out token or a deactivated user would still be let in; a read there is one
 * indexed round trip.
 */
export class TokenCache {
  private readonly entries = new LRUCache<string, AuthUser>({ max: 10_000, ttl: MAX_AGE_MS });
  /** Moves on with each notification. */
  private generation = 0;
  private unlisten?: () => Promise<void>;

  /** A cache listening to `database` (PGlite), or one that keeps nothing (PostgreSQL). */
  static async open(database: Database): Promise<TokenCache> {
    const cache = new TokenCache();
    if (database.pglite) cache.unlisten = await database.pglite.listen(AUTH_CHANGED, () => cache.clear());
    return cache;
  }

  /** The caller behind `tokenHash`: kept, or read by `read` (and kept when the token is live). */
  async lookup(tokenHash: string, read: () => Promise<FoundToken | null>): Promise<AuthUser | null> {
    const kept = this.unlisten ? this.entries.get(tokenHash) : undefined;
    if (kept) return kept;
    const generation = this.generation;
    const found = await read();
    if (!found) return null;
    const { expiresAt, ...auth } = found;
    const ttl = Math.min(MAX_AGE_MS, expiresAt.getTime() - Date.now());
    // Shared by the requests that follow: nobody may change it.
    const frozen = Object.freeze({
      ...auth,
      user: Object.freeze({ ...auth.user, roles: Object.freeze(auth.user.roles) }),
    });
    if (this.unlisten && generation === this.generation && ttl > 0) this.entries.set(tokenHash, frozen, { ttl });
    return frozen;
  }

  /** Stops listening and forgets everything (the app closes). */
  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    this.clear();
    await unlisten?.().catch(() => {});
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
