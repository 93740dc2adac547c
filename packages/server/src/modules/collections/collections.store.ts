import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collections } from './collections.tables.ts';

/** SQL only: folders of datasets. */

export type CollectionRow = typeof collections.$inferSelect;

export async function findCollection(db: Db, id: string): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id));
  return row;
}

export async function findCollectionProject(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ projectId: collections.projectId }).from(collections).where(eq(collections.id, id));
  return row?.projectId;
}

/** A project's folders by name. */
export function listProjectCollections(db: Db, projectId: string): Promise<CollectionRow[]> {
  return db
    .select()
    .from(collections)
    .where(eq(collections.projectId, projectId))
    .orderBy(asc(sql`lower(${collections.name})`), asc(collections.id));
}

/** The ids among `ids` that are folders of the project. */
export async function collectionIdsInProject(db: Db, projectId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.projectId, projectId), inArray(collections.id, ids)));
  return rows.map((r) => r.id);
}

/** Whether another folder of the project has this name, whatever its case. */
export async function nameTaken(db: Db, projectId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: collections.id })
    .from(collections)
    .where(
      and(
        eq(collections.projectId, projectId),
        sql`lower(${collections.name}) = lower(${name})`,
        exceptId ? ne(collections.id, exceptId) : undefined,
      ),
    );
  return rows.length > 0;
}

export async function insertCollection(db: Db, row: typeof collections.$inferInsert): Promise<CollectionRow> {
  const [inserted] = await db.insert(collections).values(row).returning();
  return inserted;
}

export async function updateCollectionRow(
  db: Db,
  id: string,
  change: Partial<Pick<CollectionRow, 'name' | 'description'>>,
): Promise<CollectionRow | undefined> {
  if (!Object.keys(change).length) return findCollection(db, id);
  const [row] = await db.update(collections).set(change).where(eq(collections.id, id)).returning();
  return row;
}

/** Deletes the folder; its links to datasets go with it (cascade). */
export async function deleteCollectionRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id });
  return rows.length > 0;
}
