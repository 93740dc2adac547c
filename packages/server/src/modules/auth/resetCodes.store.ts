import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { organizations, users } from '../../platform/tenancy.tables.ts';
import { resetCodes } from './auth.tables.ts';

export type ResetPurpose = (typeof resetCodes.$inferSelect)['purpose'];

export async function insertResetCode(
  db: Db,
  code: { userId: string; codeHash: string; purpose: ResetPurpose; expiresAt: Date },
): Promise<void> {
  await db.insert(resetCodes).values({ id: newId(), ...code });
}

/**
 * A code that can still be used: known, unused, unexpired. With `only`, it must also belong to that user and
 * serve that purpose. `active` says whether its user and the user's organization are both active.
 */
export async function findUsableCode(
  db: Db,
  codeHash: string,
  only?: { userId: string; purpose: ResetPurpose },
): Promise<{ userId: string; email: string; active: boolean } | undefined> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, userActive: users.active, orgActive: organizations.active })
    .from(resetCodes)
    .innerJoin(users, eq(users.id, resetCodes.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(resetCodes.codeHash, codeHash),
        isNull(resetCodes.usedAt),
        gt(resetCodes.expiresAt, new Date()),
        ...(only ? [eq(resetCodes.userId, only.userId), eq(resetCodes.purpose, only.purpose)] : []),
      ),
    );
  return row && { userId: row.userId, email: row.email, active: row.userActive && row.orgActive };
}

/**
 * Uses a code up, atomically: of two requests racing with the same code only one gets its user id back.
 */
export async function consumeCode(db: Db, codeHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(resetCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(resetCodes.codeHash, codeHash), isNull(resetCodes.usedAt), gt(resetCodes.expiresAt, new Date())))
    .returning({ userId: resetCodes.userId });
  return row?.userId;
}

/** Once a password is set, every other link of that user dies too. */
export async function markAllCodesUsed(db: Db, userId: string): Promise<void> {
  await db
    .update(resetCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(resetCodes.userId, userId), isNull(resetCodes.usedAt)));
}

export async function countCodesSince(db: Db, userId: string, purpose: ResetPurpose, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(resetCodes)
    .where(and(eq(resetCodes.userId, userId), eq(resetCodes.purpose, purpose), gt(resetCodes.timeCreated, since)));
  return Number(row?.n ?? 0);
}
