import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ZipRejectedError } from './errors.ts';

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  /** The largest uncompressed / compressed ratio allowed for an entry (and for the whole archive). */
  maxRatio: number;
}
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxTotalBytes: 500 * 1024 * 1024, maxRatio: 100 };

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
/** Entries a Mac adds beside the real files. */
const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$)/;
/** Below this size a high ratio is harmless (a file of repeated spaces). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A file system's limit for one name (bytes), and ours for a whole path inside a package. */
export const MAX_NAME_BYTES = 255;
export const MAX_PATH_BYTES = 1024;
/** An entry's name as a message shows it: control characters replaced, cut to 100 characters. */
const SHOWN_NAME_CHARS = 100;

function shownName(name: string): string {
  const clean = [...name].map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f ? '\uFFFD' : ch)).join('');
  return clean.length > SHOWN_NAME_CHARS ? `${clean.slice(0, SHOWN_NAME_CHARS)}…` : clean;
}

/** No NUL or control character, each part at most 255 bytes, the whole at most 1024 (docs/security.md, "Uploads"). */
function checkName(name: string): void {
  if ([...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) {
    throw new ZipRejectedError({ code: 'zip.unsafePath', params: { path: shownName(name) } });
  }
  const tooLong =
    Buffer.byteLength(name) > MAX_PATH_BYTES ||
    name.split('/').some((part) => Buffer.byteLength(part) > MAX_NAME_BYTES);
  if (tooLong) throw new ZipRejectedError({ code: 'zip.nameTooLong', params: { path: shownName(name) } });
}

function open(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err ? reject(rejected(err)) : resolve(zip)),
    ),
  );
}

function rejected(err: Error): ZipRejectedError {
  if (err instanceof ZipRejectedError) return err;
  const message = err.message;
  if (/absolute path|invalid relative path/.test(message)) {
    const unsafe = message.replace(/^.*?: /, '');
    return new ZipRejectedError({ code: 'zip.unsafePath', params: { path: unsafe } });
  }
  return new ZipRejectedError({ code: 'zip.notZip', params: { detail: message } });
}

function checkEntry(entry: Entry): 'file' | 'dir' {
  const name = entry.fileName;
  checkName(name);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) {
    throw new ZipRejectedError({ code: 'zip.unsafePath', params: { path: name } });
  }
  if (name.split('/').includes('..')) throw new ZipRejectedError({ code: 'zip.unsafePath', params: { path: name } });
  const madeOnUnix = entry.versionMadeBy >> 8 === 3;
  const mode = madeOnUnix ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
  const isDir = name.endsWith('/');
  if (mode && mode !== S_IFREG && mode !== S_IFDIR) {
    const kind = mode === 0o120000 ? 'a symbolic link' : 'a device or special file';
    throw new ZipRejectedError({ code: 'zip.specialEntry', params: { kind, path: name } });
  }
  if (entry.isEncrypted()) throw new ZipRejectedError({ code: 'zip.encrypted', params: { path: name } });
  return isDir || mode === S_IFDIR ? 'dir' : 'file';
}

/** Reads the central directory only: every entry checked and counted before a byte is written. */
async function listEntries(zip: ZipFile, limits: ZipLimits): Promise<Entry[]> {
  const files: Entry[] = [];
  let total = 0;
  let compressed = 0;
  let count = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (err: Error) => reject(rejected(err)));
    zip.on('end', resolve);
    zip.on('entry', (entry: Entry) => {
      try {
        count++;
        if (count > limits.maxEntries) {
          throw new ZipRejectedError({ code: 'zip.tooManyEntries', params: { count: limits.maxEntries } });
        }
        if (checkEntry(entry) === 'file' && !IGNORED.test(entry.fileName)) {
          total += entry.uncompressedSize;
          compressed += entry.compressedSize;
          if (total > limits.maxTotalBytes) {
            throw new ZipRejectedError({ code: 'zip.tooLargeUnpacked', params: { size: mb(limits.maxTotalBytes) } });
          }
          const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
          if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > limits.maxRatio) {
            throw new ZipRejectedError({ code: 'zip.suspiciousEntry', params: { path: entry.fileName } });
          }
          files.push(entry);
        }
        zip.readEntry();
      } catch (err) {
        reject(err);
      }
    });
    zip.readEntry();
  });
  if (total > RATIO_FLOOR_BYTES && total / Math.max(1, compressed) > limits.maxRatio) {
    throw new ZipRejectedError('zip.suspicious');
  }
  if (!files.length) throw new ZipRejectedError('zip.empty');
  return files;
}

/** When every file sits in one top folder ("mypackage/…"), that folder is dropped. */
function commonTopFolder(names: string[]): string {
  const first = names[0].split('/')[0];
  const allInside = names.every((n) => n.includes('/') && n.split('/')[0] === first);
  return allInside ? `${first}/` : '';
}

function readStream(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(rejected(err)) : resolve(stream))),
  );
}

/**
 * Unpacks a zip (streaming, yauzl) into destDir, which must not exist or be empty. Absolute paths, `..`, symlinks
 * and devices are refused, as are archives over the entry, size or ratio caps: a ZipRejectedError says why and
 * nothing is left in destDir. Returns the files written, relative to destDir, '/'-separated.
 */
export async function extractZip(
  zipPath: string,
  destDir: string,
  limits: Partial<ZipLimits> = {},
): Promise<{ files: string[] }> {
  const caps = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const zip = await open(zipPath);
  const staging = `${destDir.replace(/\/+$/, '')}.tmp-${Math.random().toString(36).slice(2, 10)}`;
  try {
    const entries = await listEntries(zip, caps);
    const strip = commonTopFolder(entries.map((e) => e.fileName));
    const files: string[] = [];
    await mkdir(staging, { recursive: true });
    for (const entry of entries) {
      const relative = entry.fileName.slice(strip.length);
      const target = path.resolve(staging, relative);
      if (!relative || !target.startsWith(`${staging}${path.sep}`)) {
        throw new ZipRejectedError({ code: 'zip.unsafePath', params: { path: entry.fileName } });
      }
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(await readStream(zip, entry), createWriteStream(target, { flags: 'w', mode: 0o644 }));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR') {
          throw new ZipRejectedError({ code: 'zip.fileAndFolder', params: { path: entry.fileName } });
        }
        throw err;
      }
      files.push(relative);
    }
    await rmdir(destDir).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    await mkdir(path.dirname(destDir), { recursive: true });
    await rename(staging, destDir);
    return { files: files.sort() };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err instanceof Error && !(err instanceof ZipRejectedError) && !('code' in err) ? rejected(err) : err;
  } finally {
    zip.close();
  }
}

/** Every file under a folder, relative and '/'-separated (what extractZip returns for an unpacked package). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}
