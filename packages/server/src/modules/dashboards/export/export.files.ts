import { Readable } from 'node:stream';
import { ID_PATTERN } from '@tessera/shared';
import { type Storage, StorageNotFoundError } from '../../../platform/storage/index.ts';

/** An export's file is kept this long after it is made, for its download; older ones are removed. */
export const EXPORT_KEPT_MS = 24 * 60 * 60 * 1000;

const DAY = (time: Date) => time.toISOString().slice(0, 10);

/** Export files live in the shared storage at `exports/{day the job was queued}/{jobId}.{pdf|png}`. */
export function exportKey(job: { id: string; timeCreated: Date }, extension: 'pdf' | 'png'): string {
  if (!ID_PATTERN.test(job.id)) throw new Error(`not a job id: ${job.id}`);
  return `exports/${DAY(job.timeCreated)}/${job.id}.${extension}`;
}

/** Stored whole (a download never sees half a file). Exports of days past the time they are kept are removed. */
export async function writeExport(
  storage: Storage,
  job: { id: string; timeCreated: Date },
  extension: 'pdf' | 'png',
  bytes: Buffer,
) {
  await removeOldExports(storage);
  await storage.putStream(exportKey(job, extension), Readable.from([bytes]));
}

export async function readExport(storage: Storage, job: { id: string; timeCreated: Date }, extension: 'pdf' | 'png') {
  try {
    return await storage.read(exportKey(job, extension));
  } catch (err) {
    if (err instanceof StorageNotFoundError) return undefined;
    throw err;
  }
}

/** The days whose every export is older than EXPORT_KEPT_MS. */
async function removeOldExports(storage: Storage): Promise<void> {
  const oldestKept = DAY(new Date(Date.now() - EXPORT_KEPT_MS));
  const days = new Set((await storage.list('exports/')).map((o) => o.key.split('/')[1] ?? ''));
  for (const day of days) if (day && day < oldestKept) await storage.delete(`exports/${day}/`);
}
