import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ID_PATTERN } from '@tessera/shared';
import { newId } from '../../../platform/ids.ts';

/** An export's file is kept this long after it is made, for its download; older ones are removed. */
export const EXPORT_KEPT_MS = 24 * 60 * 60 * 1000;

/** Export files live at DATA_DIR/exports/{jobId}.{pdf|png}. */
export function exportFile(dataDir: string, jobId: string, extension: 'pdf' | 'png'): string {
  if (!ID_PATTERN.test(jobId)) throw new Error(`not a job id: ${jobId}`);
  return path.join(dataDir, 'exports', `${jobId}.${extension}`);
}

/** Written beside and renamed: a download never sees half a file. Old exports are removed on the way. */
export async function writeExport(dataDir: string, jobId: string, extension: 'pdf' | 'png', bytes: Buffer) {
  const file = exportFile(dataDir, jobId, extension);
  await mkdir(path.dirname(file), { recursive: true });
  await removeOldExports(path.dirname(file));
  const temporary = `${file}.${newId()}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

export async function readExport(dataDir: string, jobId: string, extension: 'pdf' | 'png') {
  try {
    return await readFile(exportFile(dataDir, jobId, extension));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

async function removeOldExports(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > EXPORT_KEPT_MS) await rm(file, { force: true });
  }
}
