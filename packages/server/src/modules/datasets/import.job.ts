import { IngestError, type IngestResult, ingestCsv } from '@tessera/analytics';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { JobContext, JobRow } from '../../platform/jobs/index.ts';
import { type Storage, StorageNotFoundError } from '../../platform/storage/index.ts';
import type { SegmentClustering } from './cluster.job.ts';
import {
  type DatasetRow,
  findDataset,
  findDatasetJob,
  importedJobs,
  listDependentDatasets,
  updateDatasetRow,
} from './datasets.store.ts';
import { refreshFeatureStats } from './features/features.stats.ts';
import { insertFeatures, setPhysicalType } from './features/features.store.ts';
import { deleteJobFiles, segmentKey, uploadKey } from './files.ts';
import { announceDatasetUpdated, type DatasetWriteDeps, type SegmentTarget, writeDatasetData } from './write.ts';

export interface ImportJobData {
  datasetId: string;
  kind: 'upload' | 'append';
}

/**
 * The import job of an upload (feature detection) or an append, through the datasets' one write path
 * (`writeDatasetData`, write.ts), its segment named by the job's id:
 *
 * 1. DuckDB reads the stored file (at its local path: a cached copy with an object store) into the job's segment
 *    and detects the features (`ingestCsv`); a file it cannot read fails the job with a clear message and leaves
 *    no segment. An append reads the dataset's other segments too (their types widen the new one's).
 * 2. The write path's transaction commits the result: for an upload, the features and the dataset `imported`; for
 *    an append, the widened column types. Only then is the segment read by queries (its dataset job becomes
 *    `imported`), so the dataset is never seen half-imported. If the commit fails, the segment is deleted.
 * 3. Stats are refreshed where an append changed them, for the dataset and the joined datasets reading it, and
 *    the project hears `dataset:updated`.
 * 4. A large segment's clustered copy is queued (cluster.job.ts); the import does not wait for it.
 *
 * The uploaded file is removed whatever happens.
 */
export function importHandler(deps: DatasetWriteDeps, clustering?: Pick<SegmentClustering, 'request'>) {
  return async (ctx: JobContext<ImportJobData>): Promise<void> => {
    const { db, storage } = deps;
    const { datasetId, kind } = ctx.data;
    const jobId = ctx.job.id;
    try {
      const dataset = await findDataset(db, datasetId);
      const upload = await findDatasetJob(db, jobId);
      if (!dataset || !upload) throw notFound('dataset.notFound');
      const others =
        kind === 'append' ? (await importedJobs(db, datasetId)).map((j) => segmentKey(datasetId, j.jobId)) : [];
      const stored = await writeDatasetData(deps, {
        dataset,
        jobId,
        write: (target) => ingestUpload(storage, target, others, kind === 'append' ? dataset.columns : undefined, ctx),
        measure: (result) => ({ rowCount: result.rowCount }),
        commit: async (tx, result) => {
          const row =
            kind === 'upload'
              ? await commitUpload(tx, dataset, upload.fileName, upload.bytes, result)
              : await commitAppend(tx, dataset, result);
          return { row };
        },
        beforeAnnounce: (row) =>
          kind === 'append' ? refreshAfterDataChange(deps, row) : refreshDependents(deps, row.id, new Set([row.id])),
        reason: kind === 'upload' ? 'imported' : 'appended',
        signal: ctx.signal,
      });
      if (stored) await clustering?.request(datasetId, jobId, stored.written.rowCount);
    } finally {
      await storage.delete(uploadKey(jobId));
    }
  };
}

/**
 * DuckDB reads the stored file (at its local path: a cached copy with an object store) into the job's segment and
 * detects the features; an append holds the dataset's other segments locally meanwhile (their types widen the new
 * one's). The ingest's messages are written for the user; anything else is reported plainly.
 */
async function ingestUpload(
  storage: Storage,
  target: SegmentTarget,
  others: string[],
  expectedColumns: DatasetRow['columns'] | undefined,
  ctx: JobContext<ImportJobData>,
): Promise<IngestResult> {
  const upload = uploadKey(target.jobId);
  try {
    return await storage.withLocalPaths([upload, ...others], ([csvPath]) =>
      ingestCsv({ ...target, csvPath: csvPath!, expectedColumns, signal: ctx.signal }),
    );
  } catch (error) {
    // An IngestError fails the job by its code (`said`), as does the missing upload (platform/jobs/jobMessage.ts).
    if (error instanceof StorageNotFoundError && error.key === upload)
      throw new IngestError('not-found', 'ingest.fileMissing', { cause: error });
    throw error;
  }
}

/**
 * An import (or an upload still receiving its bytes) failed by the jobs platform because its process died: its
 * uploaded file goes at once, and its segment unless it was committed (the dataset job is then `imported`).
 */
export function abandonedImport({ db, storage }: Pick<DatasetWriteDeps, 'db' | 'storage'>) {
  return async (row: JobRow): Promise<void> => {
    await storage.delete(uploadKey(row.id));
    const upload = await findDatasetJob(db, row.id);
    if (upload && upload.state !== 'imported') await deleteJobFiles(storage, upload.datasetId, row.id);
  };
}

async function commitUpload(
  tx: Db,
  dataset: DatasetRow,
  fileName: string,
  bytes: number | null,
  result: IngestResult,
): Promise<DatasetRow> {
  await insertFeatures(
    tx,
    result.columns.map((c, i) => ({
      id: newId(),
      datasetId: dataset.id,
      name: c.name,
      type: c.type,
      detectedType: c.type,
      precision: c.precision ?? null,
      listIndex: i,
      dbName: c.dbName,
      physicalType: c.datasetPhysicalType,
      stats: { min: scalar(c.stats.min), max: scalar(c.stats.max), avg: c.stats.avg },
      preview: c.preview.map(scalar),
    })),
  );
  const row = await updateDatasetRow(tx, dataset.id, {
    imported: true,
    columns: result.columns.map((c) => ({ name: c.name, dbName: c.dbName, physicalType: c.datasetPhysicalType })),
    source: { ...dataset.source, originalFileName: fileName, ...(bytes !== null ? { estSize: bytes } : {}) },
  });
  if (!row) throw notFound('dataset.notFound');
  return row;
}

/** An append may have widened a column's type (numbers, then text): the dataset and its features follow. */
async function commitAppend(tx: Db, dataset: DatasetRow, result: IngestResult): Promise<DatasetRow> {
  const widened = new Map(result.columns.map((c) => [c.dbName, c.datasetPhysicalType]));
  for (const [dbName, physicalType] of widened) await setPhysicalType(tx, dataset.id, dbName, physicalType);
  const row = await updateDatasetRow(tx, dataset.id, {
    columns: dataset.columns.map((c) => ({ ...c, physicalType: widened.get(c.dbName) ?? c.physicalType })),
  });
  if (!row) throw notFound('dataset.notFound');
  return row;
}

type Scalar = string | number | boolean | null;
const scalar = (v: unknown): Scalar =>
  v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? (v ?? null)
    : String(v);

/** After rows were added or removed: the dataset's stored stats and previews, and those of joins reading it. */
export async function refreshAfterDataChange(deps: DatasetWriteDeps, dataset: DatasetRow): Promise<void> {
  try {
    await refreshFeatureStats(deps.db, deps.storage, dataset);
  } catch (err) {
    deps.log.warn({ err, datasetId: dataset.id }, 'could not refresh the stats of a dataset');
  }
  await refreshDependents(deps, dataset.id, new Set([dataset.id]));
}

/** Joined datasets reading `datasetId` (and joins of those), each once. Stats are a convenience: failures are logged. */
async function refreshDependents(deps: DatasetWriteDeps, datasetId: string, seen: Set<string>): Promise<void> {
  for (const dependent of await listDependentDatasets(deps.db, datasetId)) {
    if (seen.has(dependent.id)) continue;
    seen.add(dependent.id);
    try {
      await refreshFeatureStats(deps.db, deps.storage, dependent);
    } catch (err) {
      deps.log.warn({ err, datasetId: dependent.id }, 'could not refresh the stats of a joined dataset');
    }
    announceDatasetUpdated(deps.realtime, dependent, 'appended');
    await refreshDependents(deps, dependent.id, seen);
  }
}
