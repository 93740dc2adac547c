import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects } from '../../platform/tenancy.tables.ts';
import { datasets, features } from '../datasets/index.ts';

/** What the assistant may tell the service about a project: names, types and summary statistics, never rows. */

export async function findProjectName(db: Db, projectId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  return row?.name;
}

export function listDatasetsOf(db: Db, projectId: string, limit: number) {
  return db
    .select({ id: datasets.id, name: datasets.name, description: datasets.description })
    .from(datasets)
    .where(eq(datasets.projectId, projectId))
    .orderBy(asc(datasets.name))
    .limit(limit);
}

/** The visible features of these datasets, in their list order (no preview values: those are rows). */
export function listVisibleFeatures(db: Db, datasetIds: string[]) {
  if (datasetIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: features.id,
      datasetId: features.datasetId,
      name: features.name,
      type: features.type,
      precision: features.precision,
      stats: features.stats,
    })
    .from(features)
    .where(and(inArray(features.datasetId, datasetIds), eq(features.hidden, false)))
    .orderBy(asc(features.datasetId), asc(features.listIndex));
}
