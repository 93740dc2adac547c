import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { cp, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAX_REQUIREMENTS_CHARS } from '@tessera/shared';

/**
 * Where a package's files live (DATA_DIR/packages/{id}/): one immutable folder per committed revision
 * (`{revision}/`), the working copy that code edits change (`work/`), and the shared environments
 * (`DATA_DIR/envs/` unless PYTHON_ENVS_DIR says where). Ids are checked before they become paths.
 */

const ID = /^[0-9a-f]{24}$/;
/** Files the code editor shows: text sources, at most this size each. */
const MAX_SHOWN_FILE_BYTES = 1_000_000;
const SKIPPED_DIRS = new Set(['__pycache__', '.git', '.venv', 'venv', 'node_modules']);

export const packagesDir = (dataDir: string) => path.join(path.resolve(dataDir), 'packages');
/** The environments' folder: PYTHON_ENVS_DIR, else DATA_DIR/envs. */
export const envsDir = (config: { DATA_DIR: string; PYTHON_ENVS_DIR?: string }) =>
  config.PYTHON_ENVS_DIR ? path.resolve(config.PYTHON_ENVS_DIR) : path.join(path.resolve(config.DATA_DIR), 'envs');

export function packageDir(dataDir: string, packageId: string): string {
  if (!ID.test(packageId)) throw new Error(`Invalid package id: ${JSON.stringify(packageId)}`);
  return path.join(packagesDir(dataDir), packageId);
}
export const revisionDir = (dataDir: string, packageId: string, revision: number) =>
  path.join(packageDir(dataDir, packageId), String(revision));
export const workDir = (dataDir: string, packageId: string) => path.join(packageDir(dataDir, packageId), 'work');
export const stagingDir = (dataDir: string, packageId: string, label: string) =>
  path.join(packageDir(dataDir, packageId), `${label}.tmp`);

export const removePackageFiles = (dataDir: string, packageId: string) =>
  rm(packageDir(dataDir, packageId), { recursive: true, force: true });

/** Freezes a staged folder as the revision (rename: all or nothing) and makes the working copy a copy of it. */
export async function freezeRevision(dataDir: string, packageId: string, staged: string, revision: number) {
  const target = revisionDir(dataDir, packageId, revision);
  await rename(staged, target);
  await resetWorkingCopy(dataDir, packageId, revision);
}

export async function resetWorkingCopy(dataDir: string, packageId: string, revision: number) {
  const work = workDir(dataDir, packageId);
  await rm(work, { recursive: true, force: true });
  await cp(revisionDir(dataDir, packageId, revision), work, { recursive: true, verbatimSymlinks: true });
}

/** A copy of the working copy, staged for a commit. */
export async function stageWorkingCopy(dataDir: string, packageId: string, label: string): Promise<string> {
  const staged = stagingDir(dataDir, packageId, label);
  await rm(staged, { recursive: true, force: true });
  await cp(workDir(dataDir, packageId), staged, { recursive: true, verbatimSymlinks: true });
  return staged;
}

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

const isText = (buffer: Buffer) => !buffer.subarray(0, 8000).includes(0);

/** The text files of a folder by relative path (binary and very large files left out). */
export async function readTextFiles(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const rel of await listFiles(root)) {
    const full = path.join(root, rel);
    if ((await stat(full)).size > MAX_SHOWN_FILE_BYTES) continue;
    const buffer = await readFile(full);
    if (isText(buffer)) files[rel] = buffer.toString('utf8');
  }
  return files;
}

/**
 * A file name the editor sent, as a path inside `root`: relative, no `..`, no absolute path, no hidden
 * segment; undefined when it is not one.
 */
export function safeFilePath(root: string, fileName: string): string | undefined {
  const normal = fileName.replaceAll('\\', '/');
  if (normal.startsWith('/') || normal.includes('\0')) return undefined;
  const parts = normal.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return undefined;
  const full = path.resolve(root, ...parts);
  return full.startsWith(root + path.sep) ? full : undefined;
}

/** The files of two folders whose contents differ (added, removed or changed). */
export async function changedFiles(a: string, b: string): Promise<string[]> {
  const [left, right] = await Promise.all([listFiles(a), listFiles(b)]);
  const all = [...new Set([...left, ...right])].sort();
  const changed: string[] = [];
  for (const rel of all) {
    const [x, y] = await Promise.all([
      readFile(path.join(a, rel)).catch(() => undefined),
      readFile(path.join(b, rel)).catch(() => undefined),
    ]);
    if (!x || !y || !x.equals(y)) changed.push(rel);
  }
  return changed;
}

/**
 * A folder's requirements.txt ('' when it has none), read up to a bound: a file longer than the shared rule's
 * limit is refused by it (tooLarge) without the whole of it (a zip may hold 500 MB) ever being in memory.
 */
export async function readRequirements(dir: string): Promise<string> {
  const file = await open(path.join(dir, 'requirements.txt'), constants.O_RDONLY | constants.O_NOFOLLOW).catch(
    () => undefined,
  );
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
