/**
 * Segment storage. A dataset's rows are immutable Parquet files, one per job:
 *
 *   DATA_DIR/datasets/{datasetId}/{jobId}.parquet
 *
 * A segment is written to `{jobId}.parquet.tmp` beside its final name, flushed to disk, then renamed: the
 * rename is atomic on one file system, so a reader sees either no segment or a whole one, never half of one.
 * Temporaries left by a crash are never listed and are swept by `sweepTemporaries` at start-up.
 *
 * A large segment may also have a clustered copy, the same rows ordered by a date column (clustered.ts):
 *
 *   DATA_DIR/datasets/{datasetId}/{jobId}.clustered.parquet
 *
 * written the same way (through its own `{jobId}.clustered.{random}.parquet.tmp`), never listed as a segment,
 * and removed with its segment.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Ids become file names: only these characters, so no id can climb out of its folder. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SEGMENT_SUFFIX = '.parquet';
const TEMP_SUFFIX = '.parquet.tmp';
const CLUSTERED_SUFFIX = '.clustered.parquet';

export interface Segment {
  jobId: string;
  path: string;
  bytes: number;
  /** Last modification time (the rename), used to keep segments in job order. */
  modified: Date;
}

function checkId(kind: string, id: string): string {
  if (!SAFE_ID.test(id)) throw new Error(`Invalid ${kind} id: ${JSON.stringify(id)}`);
  return id;
}

export function datasetsRoot(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'datasets');
}

export function datasetDir(dataDir: string, datasetId: string): string {
  return path.join(datasetsRoot(dataDir), checkId('dataset', datasetId));
}

export function segmentPath(dataDir: string, datasetId: string, jobId: string): string {
  return path.join(datasetDir(dataDir, datasetId), `${checkId('job', jobId)}${SEGMENT_SUFFIX}`);
}

/** The clustered copy of a job's segment (its rows ordered by a date column; see the module comment). */
export function clusteredSegmentPath(dataDir: string, datasetId: string, jobId: string): string {
  return path.join(datasetDir(dataDir, datasetId), `${checkId('job', jobId)}${CLUSTERED_SUFFIX}`);
}

/**
 * Writes a segment atomically: `write` receives the temporary path to fill (DuckDB's COPY ... TO); once it
 * resolves, the file is synced and renamed to its final name. If `write` throws, the temporary is removed
 * and the error is rethrown: nothing is left behind.
 */
export async function writeSegment(
  dataDir: string,
  datasetId: string,
  jobId: string,
  write: (tempPath: string) => Promise<void>,
): Promise<string> {
  const finalPath = segmentPath(dataDir, datasetId, jobId);
  await writeAtomically(finalPath, temporaryPath(dataDir, datasetId, jobId), write);
  return finalPath;
}

/**
 * Writes a job's clustered copy atomically, like `writeSegment`. Its temporary name is new for each call, so
 * two writers of one copy (a retried job) never write into the same file; the last rename wins.
 */
export async function writeClusteredSegment(
  dataDir: string,
  datasetId: string,
  jobId: string,
  write: (tempPath: string) => Promise<void>,
): Promise<string> {
  const finalPath = clusteredSegmentPath(dataDir, datasetId, jobId);
  const tempPath = `${finalPath.slice(0, -'.parquet'.length)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  await writeAtomically(finalPath, tempPath, write);
  return finalPath;
}

async function writeAtomically(
  finalPath: string,
  tempPath: string,
  write: (tempPath: string) => Promise<void>,
): Promise<void> {
  await mkdir(path.dirname(finalPath), { recursive: true });
  try {
    await write(tempPath);
    const handle = await open(tempPath, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, finalPath);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}

/** The temporary path `writeSegment` uses, for callers that stage work before committing it. */
export function temporaryPath(dataDir: string, datasetId: string, jobId: string): string {
  return segmentPath(dataDir, datasetId, jobId).slice(0, -SEGMENT_SUFFIX.length) + TEMP_SUFFIX;
}

/** The dataset's segments, oldest first (job order); temporaries are never listed. */
export async function listSegments(dataDir: string, datasetId: string): Promise<Segment[]> {
  const dir = datasetDir(dataDir, datasetId);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const segments: Segment[] = [];
  for (const name of names) {
    if (!name.endsWith(SEGMENT_SUFFIX)) continue;
    const jobId = name.slice(0, -SEGMENT_SUFFIX.length);
    if (!SAFE_ID.test(jobId)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) segments.push({ jobId, path: file, bytes: info.size, modified: info.mtime });
  }
  return segments.sort((a, b) => a.modified.getTime() - b.modified.getTime() || a.jobId.localeCompare(b.jobId));
}

/** Removes one job's segment (its rows) and its clustered copy; answers whether there was a segment. */
export async function deleteSegment(dataDir: string, datasetId: string, jobId: string): Promise<boolean> {
  await deleteClusteredSegment(dataDir, datasetId, jobId);
  return removeFile(segmentPath(dataDir, datasetId, jobId));
}

/** Removes one job's clustered copy only; answers whether there was one. */
export function deleteClusteredSegment(dataDir: string, datasetId: string, jobId: string): Promise<boolean> {
  return removeFile(clusteredSegmentPath(dataDir, datasetId, jobId));
}

async function removeFile(file: string): Promise<boolean> {
  try {
    await rm(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Removes a dataset's folder and every segment in it. */
export async function deleteDatasetSegments(dataDir: string, datasetId: string): Promise<void> {
  await rm(datasetDir(dataDir, datasetId), { recursive: true, force: true });
}

/**
 * Removes the temporaries a crash left behind (call at start-up, before jobs run); answers how many. `keep` spares
 * those of a job another process may still be writing (several processes share the storage).
 */
export async function sweepTemporaries(
  dataDir: string,
  keep: (jobId: string) => boolean = () => false,
): Promise<number> {
  const root = datasetsRoot(dataDir);
  let removed = 0;
  const dirs = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const dir of dirs) {
    if (!dir.isDirectory()) continue;
    const names = await readdir(path.join(root, dir.name)).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith(TEMP_SUFFIX) || keep(name.slice(0, name.indexOf('.')))) continue;
      await rm(path.join(root, dir.name, name), { force: true });
      removed++;
    }
  }
  return removed;
}
