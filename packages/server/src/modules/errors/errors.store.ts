import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uiErrors } from '../../db/schema.ts';
import { newId } from '../../platform/ids.ts';

export async function insertUiError(
  db: Db,
  error: { stack: string; path: string | null; userId: string | null; ip: string },
) {
  await db.insert(uiErrors).values({ id: newId(), ...error });
}

export async function countUiErrorsSince(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uiErrors)
    .where(and(eq(uiErrors.ip, ip), gt(uiErrors.timeCreated, since)));
  return Number(row?.n ?? 0);
}
