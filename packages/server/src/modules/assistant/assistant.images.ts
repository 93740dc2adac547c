import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Images the assistant made, kept under the project (`DATA_DIR/assistant/{projectId}/images/{imageId}`) and served
 * by our API with the member's access: never a link to the service's storage, whose URLs expire.
 */

const assistantDir = (dataDir: string, projectId: string) => path.join(dataDir, 'assistant', projectId);
const imageFile = (dataDir: string, projectId: string, imageId: string) =>
  path.join(assistantDir(dataDir, projectId), 'images', imageId);

/** The image formats the service may send, by their first bytes. */
const FORMATS: Array<{ type: string; magic: number[] }> = [
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/webp', magic: [0x52, 0x49, 0x46, 0x46] },
];

export function imageTypeOf(bytes: Uint8Array): string | undefined {
  return FORMATS.find((f) => f.magic.every((b, i) => bytes[i] === b))?.type;
}

export async function saveImage(dataDir: string, projectId: string, imageId: string, bytes: Buffer): Promise<void> {
  const file = imageFile(dataDir, projectId, imageId);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
}

/** The image and its type, or undefined when there is none. */
export async function openImage(dataDir: string, projectId: string, imageId: string) {
  const file = imageFile(dataDir, projectId, imageId);
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    await handle.close();
  } catch {
    return undefined;
  }
  return { type: imageTypeOf(head) ?? 'application/octet-stream', stream: createReadStream(file) };
}

/** Removes every file the assistant kept for a project (called when the project is deleted). */
export function removeAssistantFiles(dataDir: string, projectId: string): Promise<void> {
  return rm(assistantDir(dataDir, projectId), { recursive: true, force: true });
}
