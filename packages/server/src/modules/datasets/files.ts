import path from 'node:path';
import {
  clusteredSegmentPath,
  deleteClusteredSegment,
  deleteDatasetSegments,
  deleteSegment,
  segmentPath,
} from '@tessera/analytics';
import type { Storage } from '../../platform/storage/index.ts';

/**
 * The datasets' shared files as storage keys (platform/storage/): a job's segment, its clustered copy, and an
 * upload waiting for its import. The keys are the paths the analytics package writes under the storage's local
 * folder (`root/datasets/{datasetId}/{jobId}.parquet`...), so a segment written there is put under its key as it
 * is, and `localPath(key)` answers that same file (the folder) or its cached copy (an object store).
 */
const ROOT = '/';

export const segmentKey = (datasetId: string, jobId: string): string =>
  path.posix.relative(ROOT, segmentPath(ROOT, datasetId, jobId));

export const clusteredKey = (datasetId: string, jobId: string): string =>
  path.posix.relative(ROOT, clusteredSegmentPath(ROOT, datasetId, jobId));

const JOB_ID = /^[0-9a-f]{24}$/;

/** Where an upload waits for its import: `uploads/{jobId}.csv`. */
export function uploadKey(jobId: string): string {
  if (!JOB_ID.test(jobId)) throw new Error(`Invalid job id: ${JSON.stringify(jobId)}`);
  return `uploads/${jobId}.csv`;
}

/** Every stored file of a dataset (its segments and their copies). */
export const datasetPrefix = (datasetId: string): string => `${path.posix.dirname(segmentKey(datasetId, 'x'))}/`;

/**
 * Runs `work` with local paths of a dataset's segments (in the order of `jobIds`): the folder's own files, or
 * cached copies of the object store's, fetched on a miss and held until `work` ends. Every reader of segments
 * outside a catalog (a model's earlier outputs, a run's inputs) goes through it.
 */
export function withSegmentPaths<T>(
  storage: Storage,
  datasetId: string,
  jobIds: string[],
  work: (paths: string[]) => Promise<T>,
): Promise<T> {
  return storage.withLocalPaths(
    jobIds.map((jobId) => segmentKey(datasetId, jobId)),
    work,
  );
}

/** Stores a segment the analytics package wrote under the storage's folder (nothing more for the folder itself). */
export async function putSegment(storage: Storage, datasetId: string, jobId: string): Promise<void> {
  await storage.putFile(segmentKey(datasetId, jobId), segmentPath(storage.root, datasetId, jobId));
}

export async function putClusteredCopy(storage: Storage, datasetId: string, jobId: string): Promise<void> {
  await storage.putFile(clusteredKey(datasetId, jobId), clusteredSegmentPath(storage.root, datasetId, jobId));
}

/** Removes a dataset's stored files, and what is left of them in the storage's local folder (temporaries). */
export async function deleteDatasetFiles(storage: Storage, datasetId: string): Promise<void> {
  await storage.delete(datasetPrefix(datasetId));
  await deleteDatasetSegments(storage.root, datasetId);
}

/** Removes a job's segment and its clustered copy (stored, and their local files); answers whether it had a segment. */
export async function deleteJobFiles(storage: Storage, datasetId: string, jobId: string): Promise<boolean> {
  const stored = await storage.exists(segmentKey(datasetId, jobId));
  await storage.delete(clusteredKey(datasetId, jobId));
  await storage.delete(segmentKey(datasetId, jobId));
  return (await deleteSegment(storage.root, datasetId, jobId)) || stored;
}

/** Removes a job's clustered copy only (stored, and its local file). */
export async function deleteClusteredFiles(storage: Storage, datasetId: string, jobId: string): Promise<boolean> {
  const stored = await storage.exists(clusteredKey(datasetId, jobId));
  await storage.delete(clusteredKey(datasetId, jobId));
  return (await deleteClusteredSegment(storage.root, datasetId, jobId)) || stored;
}
