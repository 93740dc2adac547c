import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { newId, newSecret, sha256 } from '../../../platform/ids.ts';
import { dashboardPreviewTokens } from '../dashboards.tables.ts';

/**
 * Preview tokens: how the headless browser that renders a dashboard's image reads a dashboard nobody
 * outside the project may see, without any user's credentials.
 *
 * - The render job issues one right before it opens the page: 32 random bytes, stored as their SHA-256 with
 *   the dashboard's id and an expiry a little beyond the job's timeout; the secret exists only in the job's
 *   memory and the page's URL (`?previewToken=`), never in a log line of ours.
 * - The server accepts it ONLY on the public family's read routes, and only for that dashboard (its tabs,
 *   cards and their data): `previewTokenOpens(db, dashboardId, token)`. It is no bearer token: every other route
 *   ignores it.
 * - It is single-use in the sense that matters: one render. The page needs several reads (the dashboard,
 *   then each card's data), so the token lives for the render and the job deletes it when the render ends,
 *   succeeded or failed; expired rows are purged whenever a new one is issued.
 */
export async function issuePreviewToken(db: Db, dashboardId: string, ttlMs: number): Promise<string> {
  await db.delete(dashboardPreviewTokens).where(lt(dashboardPreviewTokens.expiresAt, new Date()));
  const secret = newSecret();
  await db.insert(dashboardPreviewTokens).values({
    id: newId(),
    dashboardId,
    tokenHash: sha256(secret),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return secret;
}

/** The token is alive and was issued for this very dashboard. */
export async function previewTokenOpens(db: Db, dashboardId: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: dashboardPreviewTokens.id })
    .from(dashboardPreviewTokens)
    .where(
      and(
        eq(dashboardPreviewTokens.tokenHash, sha256(token)),
        eq(dashboardPreviewTokens.dashboardId, dashboardId),
        gt(dashboardPreviewTokens.expiresAt, new Date()),
      ),
    );
  return !!row;
}

export async function revokePreviewToken(db: Db, token: string): Promise<void> {
  await db.delete(dashboardPreviewTokens).where(eq(dashboardPreviewTokens.tokenHash, sha256(token)));
}
