import type { Db } from '../../db/client.ts';
import { uiErrors } from '../../db/schema.ts';
import { newId } from '../../platform/ids.ts';

export async function insertUiError(
  db: Db,
  error: { stack: string; path: string | null; userId: string | null; ip: string },
) {
  await db.insert(uiErrors).values({ id: newId(), ...error });
}
