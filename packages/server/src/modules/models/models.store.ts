import { and, desc, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import type { ModelUse } from '../packages/index.ts';
import { algorithms, packageModules } from '../packages/index.ts';
import { modelRunLogs, modelRuns, models } from './models.tables.ts';

/** SQL only: models and their runs. */

export type ModelRow = typeof models.$inferSelect;
export type ModelRunRow = typeof modelRuns.$inferSelect;
export type ModelWithSource = ModelRow & { algorithmProjectId: string | null };

const withSource = { ...modelColumns(), algorithmProjectId: algorithms.projectId };
function modelColumns() {
  const { id, projectId, algorithmId, name, description, inputs, outputs, tempOutputs } = models;
  const { resultStorage, onboarded, runButtonText, selectedRunId, userId, timeCreated, lastUpdated } = models;
  return {
    id,
    projectId,
    algorithmId,
    name,
    description,
    inputs,
    outputs,
    tempOutputs,
    resultStorage,
    onboarded,
    runButtonText,
    selectedRunId,
    userId,
    timeCreated,
    lastUpdated,
  };
}

export async function findModel(db: Db, id: string): Promise<ModelWithSource | undefined> {
  const [row] = await db
    .select(withSource)
    .from(models)
    .leftJoin(algorithms, eq(algorithms.id, models.algorithmId))
    .where(eq(models.id, id));
  return row;
}

export async function findModelProject(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ projectId: models.projectId }).from(models).where(eq(models.id, id));
  return row?.projectId;
}

/** A project's models, newest first. */
export function listProjectModels(db: Db, projectId: string): Promise<ModelWithSource[]> {
  return db
    .select(withSource)
    .from(models)
    .leftJoin(algorithms, eq(algorithms.id, models.algorithmId))
    .where(eq(models.projectId, projectId))
    .orderBy(desc(models.timeCreated), desc(models.id));
}

export async function insertModel(db: Db, row: typeof models.$inferInsert): Promise<ModelRow> {
  const [inserted] = await db.insert(models).values(row).returning();
  return inserted;
}

export async function updateModelRow(
  db: Db,
  id: string,
  change: Partial<Omit<ModelRow, 'id' | 'projectId' | 'timeCreated'>>,
): Promise<ModelRow | undefined> {
  const [row] = await db
    .update(models)
    .set({ ...change, lastUpdated: new Date() })
    .where(eq(models.id, id))
    .returning();
  return row;
}

/** The model row, locked until the transaction ends (two runs claiming outputs at once take turns). */
export async function lockModel(db: Db, id: string): Promise<ModelRow | undefined> {
  const [row] = await db.select().from(models).where(eq(models.id, id)).for('update');
  return row;
}

export async function deleteModelRow(db: Db, id: string): Promise<boolean> {
  return (await db.delete(models).where(eq(models.id, id)).returning({ id: models.id })).length > 0;
}

/** The models whose function is one of this package's (the packages module refuses a delete while any). */
export function modelsOfPackage(db: Db, packageId: string): Promise<ModelUse[]> {
  return db
    .select({
      modelId: models.id,
      modelName: models.name,
      algorithmName: algorithms.name,
      onboarded: models.onboarded,
    })
    .from(models)
    .innerJoin(algorithms, eq(algorithms.id, models.algorithmId))
    .where(eq(algorithms.packageId, packageId));
}

/** Where a model's function lives: the algorithm with its module's import name. */
export async function findSource(db: Db, algorithmId: string) {
  const [row] = await db
    .select({ algorithm: algorithms, moduleName: packageModules.name })
    .from(algorithms)
    .innerJoin(packageModules, eq(packageModules.id, algorithms.moduleId))
    .where(eq(algorithms.id, algorithmId));
  return row;
}

export async function findModelRun(db: Db, id: string): Promise<ModelRunRow | undefined> {
  const [row] = await db.select().from(modelRuns).where(eq(modelRuns.id, id));
  return row;
}

/** Writes (creates or replaces) a run's kept output. */
export async function writeRunLog(db: Db, runId: string, text: string, truncated: boolean): Promise<void> {
  await db
    .insert(modelRunLogs)
    .values({ runId, text, truncated })
    .onConflictDoUpdate({ target: modelRunLogs.runId, set: { text, truncated, updatedAt: new Date() } });
}

export async function readRunLog(db: Db, runId: string): Promise<{ text: string; truncated: boolean } | undefined> {
  const [row] = await db
    .select({ text: modelRunLogs.text, truncated: modelRunLogs.truncated })
    .from(modelRunLogs)
    .where(eq(modelRunLogs.runId, runId));
  return row;
}

export async function findModelRunProject(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ projectId: modelRuns.projectId }).from(modelRuns).where(eq(modelRuns.id, id));
  return row?.projectId;
}

export async function insertModelRun(db: Db, row: typeof modelRuns.$inferInsert): Promise<ModelRunRow> {
  const [inserted] = await db.insert(modelRuns).values(row).returning();
  return inserted;
}

/** Changes a run only while its status is one of `from` (a settled run is never changed by a late writer). */
export async function updateModelRun(
  db: Db,
  id: string,
  change: Partial<Omit<ModelRunRow, 'id' | 'modelId' | 'projectId'>>,
  from?: ModelRunRow['status'][],
): Promise<ModelRunRow | undefined> {
  const [row] = await db
    .update(modelRuns)
    .set(change)
    .where(and(eq(modelRuns.id, id), from ? inArray(modelRuns.status, from) : undefined))
    .returning();
  return row;
}

export async function deleteModelRunRow(db: Db, id: string): Promise<boolean> {
  return (await db.delete(modelRuns).where(eq(modelRuns.id, id)).returning({ id: modelRuns.id })).length > 0;
}

/** The newest finished run of a model (what its cards show as latest), outside Update Source trials. */
export async function newestFinishedRun(db: Db, modelId: string): Promise<ModelRunRow | undefined> {
  const [row] = await db
    .select()
    .from(modelRuns)
    .where(and(eq(modelRuns.modelId, modelId), eq(modelRuns.temp, false), eq(modelRuns.status, 'finished')))
    .orderBy(desc(modelRuns.executionDatetime), desc(modelRuns.id))
    .limit(1);
  return row;
}

/** Newest first. */
export function listModelRuns(db: Db, modelId: string, limit: number, offset: number): Promise<ModelRunRow[]> {
  return db
    .select()
    .from(modelRuns)
    .where(and(eq(modelRuns.modelId, modelId), eq(modelRuns.temp, false)))
    .orderBy(desc(modelRuns.executionDatetime), desc(modelRuns.id))
    .limit(limit)
    .offset(offset);
}

export async function runningModelIds(db: Db, modelIds: string[]): Promise<Set<string>> {
  if (!modelIds.length) return new Set();
  const rows = await db
    .selectDistinct({ modelId: modelRuns.modelId })
    .from(modelRuns)
    .where(and(inArray(modelRuns.modelId, modelIds), inArray(modelRuns.status, ['queued', 'started'])));
  return new Set(rows.map((r) => r.modelId));
}

/** How long a run whose cancel was asked is left to its job's handler, which stops its sandbox, then settles it. */
export const CANCEL_GRACE_MS = 2 * 60 * 1000;

/**
 * Runs left queued or started with no unfinished job behind them (a restart interrupted them, or the jobs
 * platform's periodic recovery failed their job): failed, saying so. A run whose cancel was asked is not: its
 * job is cancelled at once while the handler still stops the sandbox and then says cancelled, so it is left to
 * the handler for CANCEL_GRACE_MS, and cancelled after that (nobody is left to do it). At start-up for all
 * runs; when a model's runs are read, for that model's. Answers the runs it settled.
 */
export async function settleOrphanRuns(db: Db, message: string, modelId?: string): Promise<ModelRunRow[]> {
  const orphan = and(
    inArray(modelRuns.status, ['queued', 'started']),
    // While the server runs, a run is looked at only once its job exists (execute writes the run first).
    modelId ? and(eq(modelRuns.modelId, modelId), isNotNull(modelRuns.jobId)) : undefined,
    notExists(
      db
        .select({ one: sql`1` })
        .from(jobs)
        .where(and(eq(jobs.id, modelRuns.jobId), inArray(jobs.status, ['queued', 'continue', 'active']))),
    ),
  );
  const cutoff = new Date(Date.now() - CANCEL_GRACE_MS);
  const asked = isNotNull(modelRuns.cancelRequestedAt);
  return db
    .update(modelRuns)
    .set({
      status: sql`case when ${asked} then 'cancelled' else 'failed' end`,
      failureKind: sql`case when ${asked} then null else 'interrupted' end`,
      error: sql`case when ${asked} then null else ${message} end`,
      finishedAt: new Date(),
    })
    .where(and(orphan, or(isNull(modelRuns.cancelRequestedAt), lt(modelRuns.cancelRequestedAt, cutoff))))
    .returning();
}

/** The models that read a dataset (a dataframe input's value or default) or write it (an output). */
export function modelsOfDataset(db: Db, datasetId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: models.id, name: models.name })
    .from(models)
    .where(
      sql`(${models.outputs} @> ${JSON.stringify([{ dataset: { _id: datasetId } }])}::jsonb or exists (
        select 1 from jsonb_array_elements(${models.inputs}) as input
        where input ->> 'dataType' = 'dataframe'
          and (input ->> 'value' = ${datasetId} or input ->> 'defaultValue' = ${datasetId})))`,
    )
    .orderBy(models.name);
}

/** Transfer Assets: the models of `from` among `ids` move with their runs; answers the ids moved. */
export async function moveModels(tx: Db, ids: string[], from: string, to: string): Promise<string[]> {
  if (!ids.length) return [];
  const moved = await tx
    .update(models)
    .set({ projectId: to, lastUpdated: new Date() })
    .where(and(inArray(models.id, ids), eq(models.projectId, from)))
    .returning({ id: models.id });
  const movedIds = moved.map((r) => r.id);
  if (movedIds.length) await tx.update(modelRuns).set({ projectId: to }).where(inArray(modelRuns.modelId, movedIds));
  return movedIds;
}
