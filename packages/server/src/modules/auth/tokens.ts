import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId, newSecret, sha256 } from '../../platform/ids.ts';
import { accessTokens } from '../../platform/tenancy.tables.ts';

/** Access tokens live 30 days; logout, a password reset or a deactivation end them sooner. */
export const TOKEN_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** Issues an opaque random token; only its hash is stored. */
export async function issueAccessToken(db: Db, userId: string): Promise<string> {
  const token = newSecret();
  await db.insert(accessTokens).values({
    id: newId(),
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
  });
  return token;
}

export async function revokeToken(db: Db, tokenId: string): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.id, tokenId));
}

export async function revokeAllTokens(db: Db, userId: string): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.userId, userId));
}

/** Ends every session of a user but the one making the request (a password change keeps its own session). */
export async function revokeOtherTokens(db: Db, userId: string, keepTokenId: string): Promise<void> {
  await db.delete(accessTokens).where(and(eq(accessTokens.userId, userId), ne(accessTokens.id, keepTokenId)));
}
