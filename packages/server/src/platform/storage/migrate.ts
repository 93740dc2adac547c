import { FolderStorage } from './folder.ts';
import { checkKey, pathUnder } from './keys.ts';
import type { Storage } from './types.ts';

/**
 * The areas of the shared files (docs/operations.md, "Object storage"): what `npm run storage:migrate` copies from
 * a folder into a bucket. What else lies in a DATA_DIR is the process's own (the embedded database, the mail
 * outbox, DuckDB's spill folder, Python environments, laid-out packages, the cache) and stays.
 */
export const SHARED_AREAS = ['datasets', 'uploads', 'packages', 'previews', 'exports', 'assistant'] as const;

export interface MigrationCount {
  files: number;
  bytes: number;
}

export interface MigrationReport {
  /** Put into the target: absent there, or there with another size. */
  copied: MigrationCount;
  /** Already in the target with the same size (an earlier run's): left as they are. */
  skipped: MigrationCount;
  /** Files whose names are no storage key (nothing the server wrote): not copied, named for the operator. */
  ignored: string[];
}

/**
 * Copies every shared file of a folder storage into another storage (a bucket), under the same keys. Idempotent:
 * a key already stored with the same size is skipped, so a run stopped half-way is finished by running it again.
 * The folder is only read.
 */
export async function copyFolderToStorage(
  folder: string,
  target: Storage,
  options: {
    /** Hears each file as it is settled (the command prints progress with it). */
    onFile?: (key: string, bytes: number, copied: boolean) => void;
    /** Keys the caller stores another way (a package of the folder layout): neither copied nor counted. */
    leave?: (key: string) => boolean;
  } = {},
): Promise<MigrationReport> {
  const source = new FolderStorage(folder);
  const report: MigrationReport = { copied: { files: 0, bytes: 0 }, skipped: { files: 0, bytes: 0 }, ignored: [] };
  for (const area of SHARED_AREAS) {
    const present = new Map((await target.list(`${area}/`)).map((o) => [o.key, o.bytes]));
    for (const { key, bytes } of await source.list(`${area}/`)) {
      if (options.leave?.(key)) continue;
      if (!isKey(key)) {
        report.ignored.push(key);
        continue;
      }
      const copied = present.get(key) !== bytes;
      if (copied) await target.putFile(key, pathUnder(source.root, key));
      const count = copied ? report.copied : report.skipped;
      count.files++;
      count.bytes += bytes;
      options.onFile?.(key, bytes, copied);
    }
  }
  return report;
}

function isKey(key: string): boolean {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
}
