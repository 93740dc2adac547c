import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ID_PATTERN } from '@tessera/shared';
import { type Storage, StorageNotFoundError } from '../../platform/storage/index.ts';

/**
 * Images the assistant made, kept under the project in the shared storage
 * (`assistant/{projectId}/images/{imageId}`) and served by our API with the member's access: never a link to the
 * service's storage, whose URLs expire. An image never changes once made (a new one has a new id).
 */

const assistantPrefix = (projectId: string) => {
  if (!ID_PATTERN.test(projectId)) throw new Error(`not a project id: ${projectId}`);
  return `assistant/${projectId}/`;
};
const imageKey = (projectId: string, imageId: string) => {
  if (!ID_PATTERN.test(imageId)) throw new Error(`not an image id: ${imageId}`);
  return `${assistantPrefix(projectId)}images/${imageId}`;
};

/** The image formats the service may send, by their first bytes. */
const FORMATS: Array<{ type: string; magic: number[] }> = [
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/webp', magic: [0x52, 0x49, 0x46, 0x46] },
];

export function imageTypeOf(bytes: Uint8Array): string | undefined {
  return FORMATS.find((f) => f.magic.every((b, i) => bytes[i] === b))?.type;
}

export async function saveImage(storage: Storage, projectId: string, imageId: string, bytes: Buffer): Promise<void> {
  await storage.putStream(imageKey(projectId, imageId), Readable.from([bytes]));
}

/** The image and its type, or undefined when there is none. */
export async function openImage(storage: Storage, projectId: string, imageId: string) {
  if (!ID_PATTERN.test(projectId) || !ID_PATTERN.test(imageId)) return undefined;
  let file: string;
  try {
    file = await storage.localPath(imageKey(projectId, imageId));
  } catch (error) {
    if (error instanceof StorageNotFoundError) return undefined;
    throw error;
  }
  const head = Buffer.alloc(4);
  const handle = await open(file, 'r');
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  return { type: imageTypeOf(head) ?? 'application/octet-stream', stream: createReadStream(file) };
}

/** Removes every file the assistant kept for a project (called when the project is deleted). */
export function removeAssistantFiles(storage: Storage, projectId: string): Promise<void> {
  return storage.delete(assistantPrefix(projectId));
}
