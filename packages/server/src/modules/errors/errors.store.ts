import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { uiErrors } from './errors.tables.ts';

export async function insertUiError(
  db: Db,
  error: { stack: string; path: string | null; userId: string | null; ip: string },
) {
  await db.insert(uiErrors).values({ id: newId(), ...error });
}
