import type { Database } from '../db/client.ts';
import type { AuthUser } from './context.ts';
import { AUTH_CHANGED, NotifiedCache } from './notifiedCache.ts';

/** What a token lookup found: the caller, and when the token expires. */
export type FoundToken = AuthUser & { expiresAt: Date };

/**
 * Who each token is, kept between requests on PGlite (see `NotifiedCache`): every request names its token, and
 * what it finds changes only when a token, a user or an organization is updated or deleted (`auth_changed`).
 * An entry lapses at its token's expiry, and after a minute at most; an unknown token is never kept (a new
 * sign-in is found at once, and made-up tokens cannot fill the cache).
 */
export type TokenCache = NotifiedCache<AuthUser>;

export const openTokenCache = (database: Database): Promise<TokenCache> =>
  NotifiedCache.open<AuthUser>(database, [AUTH_CHANGED], { max: 10_000, maxAgeMs: 60_000 });

/** The caller behind `tokenHash`: kept, or read by `read`. */
export async function lookupToken(
  cache: TokenCache,
  tokenHash: string,
  read: () => Promise<FoundToken | null>,
): Promise<AuthUser | null> {
  const auth = await cache.lookup(tokenHash, async () => {
    const found = await read();
    if (!found) return undefined;
    const { expiresAt, ...value } = found;
    return { value, ttlMs: expiresAt.getTime() - Date.now() };
  });
  return auth ?? null;
}
