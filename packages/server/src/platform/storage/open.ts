import path from 'node:path';
import { LocalCache } from './cache.ts';
import { FolderStorage } from './folder.ts';
import { type S3Location, S3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export type { S3Location } from './s3.ts';

/** The settings `openStorage` reads (parsed and checked by config.ts). */
export interface StorageSettings {
  DATA_DIR: string;
  STORAGE_DIR?: string;
  /** STORAGE_URL (s3://bucket/prefix) as config.ts parsed it. */
  STORAGE_URL?: S3Location;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_FORCE_PATH_STYLE?: boolean;
  STORAGE_CACHE_DIR?: string;
  STORAGE_CACHE_GB?: number;
}

/** The areas whose files the object store's cache takes back at start (those moved onto keys so far). */
export const CACHED_AREAS = ['datasets', 'uploads', 'packages'];

const GB = 1024 ** 3;

/**
 * The storage the configuration names: the bucket of STORAGE_URL (with a cache in STORAGE_CACHE_DIR, default
 * DATA_DIR/storage-cache, of STORAGE_CACHE_GB, default 10), else the folder STORAGE_DIR, else DATA_DIR (where the
 * files always were).
 */
export async function openStorage(
  config: StorageSettings,
  log?: (fields: Record<string, unknown>, message: string) => void,
): Promise<Storage> {
  if (!config.STORAGE_URL) return new FolderStorage(config.STORAGE_DIR ?? config.DATA_DIR);
  const cache = new LocalCache({
    dir: config.STORAGE_CACHE_DIR ?? path.join(config.DATA_DIR, 'storage-cache'),
    maxBytes: Math.round((config.STORAGE_CACHE_GB ?? 10) * GB),
    log,
  });
  await cache.open(CACHED_AREAS);
  return new S3Storage(
    config.STORAGE_URL,
    {
      region: config.S3_REGION ?? 'us-east-1',
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
    },
    cache,
  );
}
