import { IngestError } from '@tessera/analytics';
import type { JobType, ProjectEventPayload } from '@tessera/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import { type DatasetRow, updateDatasetJob } from './datasets.store.ts';
import { datasetJobs } from './datasets.tables.ts';
import { deleteJobFiles, putSegment } from './files.ts';

/** What the dataset write path uses (an import, a model's outputs, form responses): built by the composition points. */
export type DatasetWriteDeps = Pick<AppContext, 'db' | 'storage'> & {
  realtime: RealtimeGateway;
  log: FastifyBaseLogger;
};

/** Why the project hears `dataset:updated`. */
export type DatasetUpdateReason = ProjectEventPayload<'dataset:updated'>['reason'];

/** The one announcement of a change of a dataset's rows, features or settings: cards and the alerts hear it. */
export function announceDatasetUpdated(
  realtime: RealtimeGateway,
  dataset: { id: string; projectId: string },
  reason: DatasetUpdateReason,
): void {
  realtime.emit(dataset.projectId, 'dataset:updated', { _id: dataset.id, reason }, { area: 'dataset' });
}

/** Where the segment is written: the storage's local folder, under the dataset, named by its dataset job. */
export interface SegmentTarget {
  dataDir: string;
  datasetId: string;
  jobId: string;
}

/** What a writer asks of `writeDatasetData` (docs/architecture.md, "The dataset write path"). */
export interface DatasetWrite<T> {
  dataset: { id: string; projectId: string };
  /** The new segment's name: its dataset job's id, never an earlier segment's (segments are immutable). */
  jobId: string;
  /** A dataset job to create with the segment (and its completed job row); absent when it exists (an import's). */
  newJob?: { name: string; type: JobType; fileName: string; userId: string | null };
  /** Fills the segment through packages/analytics (`ingestCsv`, `ingestOutput`, `writeRowsSegment`). */
  write: (target: SegmentTarget) => Promise<T>;
  /** The segment's row count and size, recorded on its dataset job. */
  measure: (written: T) => { rowCount: number; bytes?: number };
  /**
   * The writer's own metadata, in the transaction that makes the segment readable (locks first, then features,
   * columns): answers the dataset row and the earlier segments this one replaces, or nothing to drop the write.
   */
  commit: (tx: Db, written: T) => Promise<{ row: DatasetRow; replaces?: string[] } | undefined>;
  /** What becomes of replaced segments' dataset jobs: kept as 'deleted' (a model run's) or removed with their job. */
  retire?: 'mark' | 'remove';
  /** Done after the commit and before the announcement (the stats of the dataset and of the joins reading it). */
  beforeAnnounce?: (row: DatasetRow) => Promise<void>;
  reason: DatasetUpdateReason;
  /** An aborted signal drops the write before its commit (the dataset error `interrupted`). */
  signal?: AbortSignal;
}

/**
 * Writes a dataset's new data, the one way every writer does (imports, model outputs, form responses):
 *
 * 1. `write` fills the segment `{jobId}.parquet` through packages/analytics in the storage's local folder (an
 *    atomic rename, segments.ts); it is then stored under its key (`putSegment`).
 * 2. One transaction runs the writer's `commit`, records the dataset job (`imported`, its row count) and retires
 *    the segments it replaces: the segment is read by queries from then on, and the project's data version moves
 *    with it (the triggers of migration 0006). A failed or dropped commit deletes the new segment.
 * 3. The replaced segments' files go, `beforeAnnounce` runs, and the project hears `dataset:updated`.
 *
 * Answers the committed dataset row and what `write` answered, or nothing when `commit` dropped the write.
 */
export async function writeDatasetData<T>(
  { db, storage, realtime }: Pick<DatasetWriteDeps, 'db' | 'storage' | 'realtime'>,
  request: DatasetWrite<T>,
): Promise<{ row: DatasetRow; written: T } | undefined> {
  const { dataset, jobId } = request;
  const written = await request.write({ dataDir: storage.root, datasetId: dataset.id, jobId });
  let committed: { row: DatasetRow; replaces?: string[] } | undefined;
  try {
    await putSegment(storage, dataset.id, jobId);
    // By code, as the failed job stores it (platform/jobs/jobMessage.ts).
    if (request.signal?.aborted) throw new IngestError('cancelled', 'dataset.interrupted');
    committed = await db.transaction(async (tx) => {
      const done = await request.commit(tx, written);
      if (!done) return undefined;
      await recordSegment(tx, request, request.measure(written));
      await retireSegments(tx, done.replaces ?? [], request.retire ?? 'mark');
      return done;
    });
  } catch (error) {
    await deleteJobFiles(storage, dataset.id, jobId);
    throw error;
  }
  if (!committed) {
    await deleteJobFiles(storage, dataset.id, jobId);
    return undefined;
  }
  for (const replaced of committed.replaces ?? []) await deleteJobFiles(storage, dataset.id, replaced);
  await request.beforeAnnounce?.(committed.row);
  announceDatasetUpdated(realtime, committed.row, request.reason);
  return { row: committed.row, written };
}

async function recordSegment(
  tx: Db,
  request: Pick<DatasetWrite<unknown>, 'dataset' | 'jobId' | 'newJob'>,
  size: { rowCount: number; bytes?: number },
): Promise<void> {
  const { dataset, jobId, newJob } = request;
  const importedAt = new Date();
  if (!newJob) {
    await updateDatasetJob(tx, jobId, { state: 'imported', ...size, importedAt });
    return;
  }
  await tx.insert(jobs).values({
    id: jobId,
    projectId: dataset.projectId,
    name: newJob.name,
    type: newJob.type,
    status: 'completed',
    ownerType: 'dataset',
    ownerId: dataset.id,
    userId: newJob.userId,
    progress: 1,
    message: null,
  });
  await tx.insert(datasetJobs).values({
    jobId,
    datasetId: dataset.id,
    kind: 'output',
    fileName: newJob.fileName,
    state: 'imported',
    ...size,
    importedAt,
  });
}

async function retireSegments(tx: Db, jobIds: string[], retire: 'mark' | 'remove'): Promise<void> {
  if (!jobIds.length) return;
  if (retire === 'remove') {
    // Its dataset job goes with it (on delete cascade).
    await tx.delete(jobs).where(inArray(jobs.id, jobIds));
    return;
  }
  for (const jobId of jobIds) await updateDatasetJob(tx, jobId, { state: 'deleted', clusteredAt: null });
}
