import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { MAX_REQUIREMENTS_CHARS } from '@tessera/shared';

/**
 * A package's files as folders of this node (its sources are in the shared storage: packages.sources.ts), and
 * the environments, built per node on first need and named by their content (`DATA_DIR/envs/` unless
 * PYTHON_ENVS_DIR says where).
 */

/** Files the code editor shows: text sources, at most this size each. */
export const MAX_SHOWN_FILE_BYTES = 1_000_000;
const SKIPPED_DIRS = new Set(['__pycache__', '.git', '.venv', 'venv', 'node_modules']);

/** The environments' folder of this node: PYTHON_ENVS_DIR, else DATA_DIR/envs. */
export const envsDir = (config: { DATA_DIR: string; PYTHON_ENVS_DIR?: string }) =>
  config.PYTHON_ENVS_DIR ? path.resolve(config.PYTHON_ENVS_DIR) : path.join(path.resolve(config.DATA_DIR), 'envs');

/** The relative paths of a folder's files (sorted), skipping caches and virtual environments. */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) await walk(path.join(dir, entry.name), rel);
      } else if (entry.isFile()) out.push(rel);
    }
  };
  await walk(root, '');
  return out.sort();
}

export const isText = (buffer: Buffer) => !buffer.subarray(0, 8000).includes(0);

/**
 * A file name the editor sent, as a relative path with `/`: no `..`, no absolute path, no empty segment;
 * undefined when it is not one.
 */
export function safeFilePath(fileName: string): string | undefined {
  const normal = fileName.replaceAll('\\', '/');
  if (normal.startsWith('/') || normal.includes('\0')) return undefined;
  const parts = normal.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return undefined;
  return parts.join('/');
}

/**
 * A folder's requirements.txt ('' when it has none), read up to a bound: a file longer than the shared rule's
 * limit is refused by it (tooLarge) without the whole of it (a zip may hold 500 MB) ever being in memory.
 */
export async function readRequirements(dir: string): Promise<string> {
  return readRequirementsFile(path.join(dir, 'requirements.txt'));
}

/** As readRequirements, for the file itself. */
export async function readRequirementsFile(name: string): Promise<string> {
  const file = await open(name, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => undefined);
  if (!file) return '';
  try {
    const buffer = Buffer.alloc(MAX_REQUIREMENTS_CHARS * 4 + 1);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await file.close();
  }
}

/** Requirements compared as pip reads them: comments, blank lines and order do not matter. */
export function requirementsHash(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean)
    .sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

export const ensureDir = (dir: string) => mkdir(dir, { recursive: true });
