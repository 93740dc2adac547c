import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The files every process shares: dataset segments (`datasets/`), uploads waiting for their import (`uploads/`),
 * package files and their built environments (`packages/`, `envs/`), model runs' folders (`model-runs/`),
 * dashboard images (`previews/`) and the assistant's images (`assistant/`). An API process writes an upload that a
 * worker imports into a segment that every API process reads, so with several processes they must all see the
 * same storage. What stays per process, under DATA_DIR: the embedded database (PGlite), the mail outbox and
 * DuckDB's spill folder.
 *
 * One implementation today, a folder (STORAGE_DIR, default DATA_DIR): on several machines, a shared volume (NFS,
 * EFS, a CSI volume) mounted at the same path on each. DuckDB, pip and the Python runner read local paths, so an
 * object-store implementation (S3-compatible) would keep `root` as its local cache and sync areas in and out;
 * that is a module behind this interface, not a change in every caller, which all build their paths from `root`.
 */
export interface Storage {
  /** Which implementation answers: 'folder' is the only one today. */
  readonly kind: 'folder';
  /** The local folder under which every area lives (the shared volume itself, for the folder implementation). */
  readonly root: string;
}

/** Storage in one folder of the local file system (a shared volume when processes run on several machines). */
export class FolderStorage implements Storage {
  readonly kind = 'folder';
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }
}

/** The storage the configuration names: STORAGE_DIR, or DATA_DIR when unset (where the files always were). */
export function openStorage(config: { DATA_DIR: string; STORAGE_DIR?: string }): Storage {
  return new FolderStorage(config.STORAGE_DIR ?? config.DATA_DIR);
}

/** What an upload's write stream holds before it makes the request wait (writeUploadedFile). */
export const UPLOAD_WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * Streams an uploaded file's bytes into a new file (never over one that exists; its folder is made if need be). With Node's default write buffer
 * (16 KB) each socket chunk paused the request until the disk took it, and uploads were received at about half
 * the speed: an 85 MB upload over loopback, median 350 ms against 180-210 ms with 1 to 4 MB (bench/ingest).
 */
export async function writeUploadedFile(source: Readable, target: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(source, createWriteStream(target, { flags: 'wx', highWaterMark: UPLOAD_WRITE_BUFFER_BYTES }));
}
