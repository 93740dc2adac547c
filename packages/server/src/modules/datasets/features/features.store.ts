import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { datasets, features } from '../datasets.tables.ts';

/** SQL only: features. */

export type FeatureRow = typeof features.$inferSelect;
export type NewFeatureRow = typeof features.$inferInsert;

export async function findFeature(db: Db, id: string): Promise<FeatureRow | undefined> {
  const [row] = await db.select().from(features).where(eq(features.id, id));
  return row;
}

/** The project a feature belongs to, through its dataset (the access rule's resolver). */
export async function findFeatureProject(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ projectId: datasets.projectId })
    .from(features)
    .innerJoin(datasets, eq(datasets.id, features.datasetId))
    .where(eq(features.id, id));
  return row?.projectId;
}

/** A dataset's features in column order. */
export function listFeatures(db: Db, datasetId: string): Promise<FeatureRow[]> {
  return db
    .select()
    .from(features)
    .where(eq(features.datasetId, datasetId))
    .orderBy(asc(features.listIndex), asc(features.id));
}

export async function listFeaturesOf(db: Db, datasetIds: string[]): Promise<FeatureRow[]> {
  if (!datasetIds.length) return [];
  return db
    .select()
    .from(features)
    .where(inArray(features.datasetId, datasetIds))
    .orderBy(asc(features.datasetId), asc(features.listIndex), asc(features.id));
}

/** Every feature of a project's datasets. */
export function listProjectFeatureRows(db: Db, projectId: string): Promise<FeatureRow[]> {
  return db
    .select({ feature: features })
    .from(features)
    .innerJoin(datasets, eq(datasets.id, features.datasetId))
    .where(eq(datasets.projectId, projectId))
    .orderBy(asc(datasets.timeCreated), asc(features.datasetId), asc(features.listIndex))
    .then((rows) => rows.map((r) => r.feature));
}

export async function insertFeatures(db: Db, rows: NewFeatureRow[]): Promise<FeatureRow[]> {
  if (!rows.length) return [];
  return db.insert(features).values(rows).returning();
}

export async function updateFeatureRow(
  db: Db,
  id: string,
  change: Partial<
    Pick<FeatureRow, 'name' | 'hidden' | 'description' | 'type' | 'stats' | 'preview' | 'physicalType' | 'dateFormat'>
  >,
): Promise<FeatureRow | undefined> {
  if (!Object.keys(change).length) return findFeature(db, id);
  const [row] = await db.update(features).set(change).where(eq(features.id, id)).returning();
  return row;
}

export async function deleteFeatureRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(features).where(eq(features.id, id)).returning({ id: features.id });
  return rows.length > 0;
}

/** An append widened a column: every feature reading that column of the dataset follows. */
export async function setPhysicalType(db: Db, datasetId: string, dbName: string, physicalType: string): Promise<void> {
  await db
    .update(features)
    .set({ physicalType })
    .where(and(eq(features.datasetId, datasetId), eq(features.dbName, dbName)));
}
