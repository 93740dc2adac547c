import { and, asc, desc, eq, exists, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { datasetCollections, datasetJobs, datasets, features } from './datasets.tables.ts';

/** SQL only: datasets, their jobs' contributions and their folder links. */

export type DatasetRow = typeof datasets.$inferSelect;
export type DatasetJobRow = typeof datasetJobs.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;

export async function findDataset(db: Db, id: string): Promise<DatasetRow | undefined> {
  const [row] = await db.select().from(datasets).where(eq(datasets.id, id));
  return row;
}

export async function findDatasetsByIds(db: Db, ids: string[]): Promise<DatasetRow[]> {
  if (!ids.length) return [];
  return db.select().from(datasets).where(inArray(datasets.id, ids));
}

/** The project a dataset belongs to (the access rule's resolver). */
export async function findDatasetProject(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ projectId: datasets.projectId }).from(datasets).where(eq(datasets.id, id));
  return row?.projectId;
}

export function listProjectDatasets(db: Db, projectId: string): Promise<DatasetRow[]> {
  return db.select().from(datasets).where(eq(datasets.projectId, projectId)).orderBy(asc(datasets.timeCreated));
}

export async function insertDataset(db: Db, row: typeof datasets.$inferInsert): Promise<DatasetRow> {
  const [inserted] = await db.insert(datasets).values(row).returning();
  return inserted;
}

export async function updateDatasetRow(
  db: Db,
  id: string,
  change: Partial<Pick<DatasetRow, 'name' | 'description' | 'imported' | 'source' | 'columns'>>,
  touch = true,
): Promise<DatasetRow | undefined> {
  const [row] = await db
    .update(datasets)
    .set({ ...change, ...(touch ? { lastUpdated: sql`now()` } : {}) })
    .where(eq(datasets.id, id))
    .returning();
  return row;
}

export async function deleteDatasetRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(datasets).where(eq(datasets.id, id)).returning({ id: datasets.id });
  return rows.length > 0;
}

/** Joined datasets that read from `datasetId` (its `source.join` names it on either side). */
export async function listDependentDatasets(db: Db, datasetId: string): Promise<DatasetRow[]> {
  return db
    .select()
    .from(datasets)
    .where(
      and(
        eq(datasets.type, 'joined'),
        sql`(${datasets.source} -> 'join' -> 0 ->> '_id' = ${datasetId} or ${datasets.source} -> 'join' -> 1 ->> '_id' = ${datasetId})`,
      ),
    );
}

/** The folder ids of each dataset. */
export async function collectionIdsOf(db: Db, datasetIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(datasetIds.map((id) => [id, []]));
  if (!datasetIds.length) return map;
  const rows = await db.select().from(datasetCollections).where(inArray(datasetCollections.datasetId, datasetIds));
  for (const r of rows) map.get(r.datasetId)?.push(r.collectionId);
  return map;
}

export async function setDatasetCollections(db: Db, datasetId: string, collectionIds: string[]): Promise<void> {
  await db.delete(datasetCollections).where(eq(datasetCollections.datasetId, datasetId));
  if (collectionIds.length) {
    await db.insert(datasetCollections).values(collectionIds.map((collectionId) => ({ datasetId, collectionId })));
  }
}

/** Rows of each dataset: the sum over its imported jobs. */
export async function rowCountsOf(db: Db, datasetIds: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>(datasetIds.map((id) => [id, 0]));
  if (!datasetIds.length) return map;
  const rows = await db
    .select({ datasetId: datasetJobs.datasetId, rows: sql<string>`coalesce(sum(${datasetJobs.rowCount}), 0)` })
    .from(datasetJobs)
    .where(and(inArray(datasetJobs.datasetId, datasetIds), eq(datasetJobs.state, 'imported')))
    .groupBy(datasetJobs.datasetId);
  for (const r of rows) map.set(r.datasetId, Number(r.rows));
  return map;
}

export async function insertDatasetJob(db: Db, row: typeof datasetJobs.$inferInsert): Promise<void> {
  await db.insert(datasetJobs).values(row);
}

export async function updateDatasetJob(
  db: Db,
  jobId: string,
  change: Partial<Pick<DatasetJobRow, 'bytes' | 'rowCount' | 'state' | 'importedAt' | 'clusteredAt'>>,
): Promise<DatasetJobRow | undefined> {
  const [row] = await db.update(datasetJobs).set(change).where(eq(datasetJobs.jobId, jobId)).returning();
  return row;
}

export async function findDatasetJob(db: Db, jobId: string): Promise<DatasetJobRow | undefined> {
  const [row] = await db.select().from(datasetJobs).where(eq(datasetJobs.jobId, jobId));
  return row;
}

/** The jobs whose segments a dataset reads, in the order they were imported. */
export async function importedJobs(db: Db, datasetId: string): Promise<ImportedJob[]> {
  return db
    .select({ jobId: datasetJobs.jobId, importedAt: datasetJobs.importedAt, clusteredAt: datasetJobs.clusteredAt })
    .from(datasetJobs)
    .where(and(eq(datasetJobs.datasetId, datasetId), eq(datasetJobs.state, 'imported')))
    .orderBy(asc(datasetJobs.importedAt), asc(datasetJobs.jobId));
}

/** An imported job of a dataset and when its segment was committed. */
export interface ImportedJob {
  jobId: string;
  importedAt: Date | null;
  /** When its clustered copy was written (null: none, queries read the segment only). */
  clusteredAt?: Date | null;
}

/**
 * Records that a job's clustered copy is in place, if the job's rows are still imported; answers whether it
 * was recorded (not: the rows were deleted, or the dataset, meanwhile).
 */
export async function recordClustered(db: Db, jobId: string): Promise<boolean> {
  const rows = await db
    .update(datasetJobs)
    .set({ clusteredAt: sql`now()` })
    .where(and(eq(datasetJobs.jobId, jobId), eq(datasetJobs.state, 'imported')))
    .returning({ jobId: datasetJobs.jobId });
  return rows.length > 0;
}

/**
 * Imported segments of at least `minRows` rows with no clustered copy, of datasets with a date feature: those
 * imported before copies were made, or whose copy was never queued (a crash between the import's commit and
 * the queueing). Oldest first.
 */
export async function unclusteredSegments(
  db: Db,
  minRows: number,
): Promise<Array<{ datasetId: string; jobId: string }>> {
  return db
    .select({ datasetId: datasetJobs.datasetId, jobId: datasetJobs.jobId })
    .from(datasetJobs)
    .where(
      and(
        eq(datasetJobs.state, 'imported'),
        isNull(datasetJobs.clusteredAt),
        gte(datasetJobs.rowCount, minRows),
        exists(
          db
            .select({ one: sql`1` })
            .from(features)
            .where(and(eq(features.datasetId, datasetJobs.datasetId), eq(features.type, 'date'))),
        ),
      ),
    )
    .orderBy(asc(datasetJobs.importedAt), asc(datasetJobs.jobId));
}

/** A dataset's jobs with what each brought, newest first. */
export async function listDatasetJobs(db: Db, datasetId: string): Promise<Array<{ job: JobRow; data: DatasetJobRow }>> {
  const rows = await db
    .select({ job: jobs, data: datasetJobs })
    .from(datasetJobs)
    .innerJoin(jobs, eq(jobs.id, datasetJobs.jobId))
    .where(eq(datasetJobs.datasetId, datasetId))
    .orderBy(desc(jobs.timeCreated), desc(jobs.id));
  return rows;
}

/** A project's upload and append jobs, newest first. */
export async function listProjectDatasetJobs(
  db: Db,
  projectId: string,
  limit: number,
): Promise<Array<{ job: JobRow; data: DatasetJobRow }>> {
  return db
    .select({ job: jobs, data: datasetJobs })
    .from(datasetJobs)
    .innerJoin(jobs, eq(jobs.id, datasetJobs.jobId))
    .where(eq(jobs.projectId, projectId))
    .orderBy(desc(jobs.timeCreated), desc(jobs.id))
    .limit(limit);
}

export async function findJobWithData(
  db: Db,
  jobId: string,
): Promise<{ job: JobRow; data: DatasetJobRow } | undefined> {
  const [row] = await db
    .select({ job: jobs, data: datasetJobs })
    .from(datasetJobs)
    .innerJoin(jobs, eq(jobs.id, datasetJobs.jobId))
    .where(eq(datasetJobs.jobId, jobId));
  return row;
}

/** Every upload or append of the dataset still waiting for its bytes or running. */
export async function unfinishedJobsOf(
  db: Db,
  datasetId: string,
): Promise<Array<{ job: JobRow; data: DatasetJobRow }>> {
  return db
    .select({ job: jobs, data: datasetJobs })
    .from(datasetJobs)
    .innerJoin(jobs, eq(jobs.id, datasetJobs.jobId))
    .where(and(eq(datasetJobs.datasetId, datasetId), inArray(jobs.status, ['continue', 'queued', 'active'])));
}

/**
 * Every dataset job with its job's status (the start-up sweep: which segment and upload files are still
 * wanted). Small: one row per upload ever made, read once at start-up.
 */
export async function allDatasetJobStates(
  db: Db,
): Promise<Array<{ jobId: string; datasetId: string; state: DatasetJobRow['state']; status: JobRow['status'] }>> {
  return db
    .select({
      jobId: datasetJobs.jobId,
      datasetId: datasetJobs.datasetId,
      state: datasetJobs.state,
      status: jobs.status,
    })
    .from(datasetJobs)
    .innerJoin(jobs, eq(jobs.id, datasetJobs.jobId));
}

export async function allDatasetTypes(db: Db): Promise<Map<string, DatasetRow['type']>> {
  const rows = await db.select({ id: datasets.id, type: datasets.type }).from(datasets);
  return new Map(rows.map((r) => [r.id, r.type]));
}

/** Transfer Assets: moves these datasets (those of `fromProjectId`) and drops their folder links. */
/** The ids of a project's datasets (whose segments outlive their rows unless removed). */
export async function datasetIdsOfProject(db: Db, projectId: string): Promise<string[]> {
  const rows = await db.select({ id: datasets.id }).from(datasets).where(eq(datasets.projectId, projectId));
  return rows.map((r) => r.id);
}

export async function moveDatasets(
  db: Db,
  ids: string[],
  fromProjectId: string,
  toProjectId: string,
): Promise<string[]> {
  if (!ids.length) return [];
  const moved = await db
    .update(datasets)
    .set({ projectId: toProjectId, lastUpdated: sql`now()` })
    .where(and(inArray(datasets.id, ids), eq(datasets.projectId, fromProjectId)))
    .returning({ id: datasets.id });
  const movedIds = moved.map((m) => m.id);
  if (movedIds.length) await db.delete(datasetCollections).where(inArray(datasetCollections.datasetId, movedIds));
  return movedIds;
}
