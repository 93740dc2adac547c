import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ID_PATTERN } from '@tessera/shared';
import { newId } from '../../../platform/ids.ts';

/** Dashboard images live at DATA_DIR/previews/{dashboardId}.png. */
export function previewFile(dataDir: string, dashboardId: string): string {
  // The id is checked by every route's schema already; checked again because it becomes a file name.
  if (!ID_PATTERN.test(dashboardId)) throw new Error(`not a dashboard id: ${dashboardId}`);
  return path.join(dataDir, 'previews', `${dashboardId}.png`);
}

/** Written beside and renamed over the old image: a reader never sees half a file. */
export async function writePreview(dataDir: string, dashboardId: string, png: Buffer): Promise<void> {
  const file = previewFile(dataDir, dashboardId);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${newId()}.tmp`;
  try {
    await writeFile(temporary, png);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

export async function readPreview(dataDir: string, dashboardId: string): Promise<Buffer | undefined> {
  try {
    return await readFile(previewFile(dataDir, dashboardId));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export async function removePreview(dataDir: string, dashboardId: string): Promise<void> {
  await rm(previewFile(dataDir, dashboardId), { force: true });
}
