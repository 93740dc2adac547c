import type { Readable } from 'node:stream';
import type { CacheStats } from './cache.ts';

/**
 * The files every process shares: dataset segments (`datasets/`), uploads waiting for their import (`uploads/`),
 * package files and their built environments (`packages/`, `envs/`), model runs' folders (`model-runs/`),
 * dashboard images (`previews/`) and the assistant's images (`assistant/`). An API process writes an upload that a
 * worker imports into a segment that every API process reads, so with several processes they must all see the
 * same storage. What stays per process, under DATA_DIR: the embedded database (PGlite), the mail outbox and
 * DuckDB's spill folder. docs/operations.md ("Object storage") says which areas use this interface already.
 *
 * Two implementations, chosen by the configuration (`openStorage`):
 * - `FolderStorage` (folder.ts): one folder, STORAGE_DIR (default DATA_DIR); on several machines a shared volume.
 * - `S3Storage` (s3.ts): an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix) through the AWS SDK, with a
 *   bounded local cache per process (cache.ts). DuckDB, pip and the Python runner read local paths, so a reader
 *   asks `localPath(key)`: the file in the folder, or its copy in the cache, fetched on first read. Files are
 *   immutable once put (named by job or content), so a cached copy never goes stale.
 *
 * Files are named by key (keys.ts): `area/.../name`. `root` is the local folder under which a key's file lives
 * (`root/key`): the folder itself, or the cache folder. Callers not moved onto keys yet still build paths from it
 * (with S3 those files stay on the process that wrote them).
 */
export interface Storage {
  readonly kind: 'folder' | 's3';
  /** The local folder under which a key's file is read and written (the folder, or the object store's cache). */
  readonly root: string;
  /** Stores a local file under `key` (a copy; nothing when it is already the key's file in the folder). */
  putFile(key: string, localPath: string): Promise<void>;
  /** Stores a stream's bytes under `key` as they come (multipart for the object store); answers the byte count. */
  putStream(key: string, source: Readable): Promise<number>;
  /** A local file holding the key's bytes (fetched into the cache on a miss); StorageNotFoundError when none. */
  localPath(key: string): Promise<string>;
  /**
   * The key's bytes read from the store itself, never from a cached copy: for a small file that is replaced
   * (a package's working copy's list of files), which a cached copy would keep stale. StorageNotFoundError when none.
   */
  read(key: string): Promise<Buffer>;
  /** As `localPath` for several keys, held (never evicted) until `work` ends. */
  withLocalPaths<T>(keys: string[], work: (paths: string[]) => Promise<T>): Promise<T>;
  exists(key: string): Promise<boolean>;
  /** Removes one key, or every key under a prefix ending in `/` (and their cached copies). Missing: nothing. */
  delete(keyOrPrefix: string): Promise<void>;
  /** Every key under a prefix (`''` or ending in `/`), at any depth, in key order. */
  list(prefix: string): Promise<StoredObject[]>;
  /** What the health endpoint and the logs report. */
  stats(): StorageStats;
  close(): Promise<void>;
}

export interface StoredObject {
  key: string;
  bytes: number;
}

export interface StorageStats {
  kind: 'folder' | 's3';
  cache?: CacheStats;
}

/** A key that holds nothing. */
export class StorageNotFoundError extends Error {
  override name = 'StorageNotFoundError';
  readonly code = 'ENOENT';
  constructor(readonly key: string) {
    super(`Nothing is stored under ${JSON.stringify(key)}`);
  }
}
