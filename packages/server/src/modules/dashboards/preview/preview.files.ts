import { Readable } from 'node:stream';
import { ID_PATTERN } from '@tessera/shared';
import { type Storage, StorageNotFoundError } from '../../../platform/storage/index.ts';

/**
 * Dashboard images live in the shared storage at `previews/{dashboardId}.png` (any node renders one, any node
 * serves it). An image is replaced by the next render, so it is read from the store itself, never from a cached
 * copy; a write replaces the whole object (a reader never sees half a file).
 */
export function previewKey(dashboardId: string): string {
  // The id is checked by every route's schema already; checked again because it becomes a key.
  if (!ID_PATTERN.test(dashboardId)) throw new Error(`not a dashboard id: ${dashboardId}`);
  return `previews/${dashboardId}.png`;
}

export async function writePreview(storage: Storage, dashboardId: string, png: Buffer): Promise<void> {
  await storage.putStream(previewKey(dashboardId), Readable.from([png]));
}

export async function readPreview(storage: Storage, dashboardId: string): Promise<Buffer | undefined> {
  try {
    return await storage.read(previewKey(dashboardId));
  } catch (err) {
    if (err instanceof StorageNotFoundError) return undefined;
    throw err;
  }
}

export async function removePreview(storage: Storage, dashboardId: string): Promise<void> {
  await storage.delete(previewKey(dashboardId));
}
