import path from 'node:path';

/**
 * A storage key names one shared file: `area/part/.../name`, e.g. `datasets/{datasetId}/{jobId}.parquet` or
 * `uploads/{jobId}.csv`. The same key is a relative path under the folder (or the local cache) and an object
 * name under the bucket's prefix, so only plain names are allowed: letters, digits, `.`, `_`, `-` in each part,
 * no empty part, no `.` or `..` part. A prefix (for `list` and `delete`) is `''` or such parts ending in `/`.
 */
const PART = /^[A-Za-z0-9._-]{1,128}$/;

export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

function checkParts(value: string, what: string): void {
  const parts = value.split('/');
  if (value.length > 1024 || parts.some((p) => !PART.test(p) || p === '.' || p === '..'))
    throw new StorageKeyError(`Invalid storage ${what}: ${JSON.stringify(value)}`);
}

/** The key itself, or an error naming it when it is not a plain relative name. */
export function checkKey(key: string): string {
  checkParts(key, 'key');
  return key;
}

/** `''` (everything) or a folder-like prefix ending in `/`. */
export function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  if (!prefix.endsWith('/')) throw new StorageKeyError(`A storage prefix ends with "/": ${JSON.stringify(prefix)}`);
  checkParts(prefix.slice(0, -1), 'prefix');
  return prefix;
}

export const isPrefix = (keyOrPrefix: string) => keyOrPrefix === '' || keyOrPrefix.endsWith('/');

/** The file a key names under a local folder (the folder storage itself, or the cache of the object store). */
export function pathUnder(root: string, key: string): string {
  return path.join(root, ...key.split('/'));
}

/** The key of a file under `root` (its path relative to it, with `/`). */
export function keyOf(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/** A temporary name beside a file, never listed (`*.tmp`), new for each writer. */
export function temporaryBeside(file: string): string {
  return `${file}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`;
}
