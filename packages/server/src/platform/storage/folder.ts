import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, checkPrefix, isPrefix, keyOf, pathUnder, temporaryBeside } from './keys.ts';
import { type Storage, StorageNotFoundError, type StorageStats, type StoredObject } from './types.ts';

/** What a stream being stored holds before it makes its source wait (a socket's upload: see writeUploadedFile). */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * Storage in one folder of the local file system (a shared volume when processes run on several machines): a
 * key's file is `root/key`. Writes go to a temporary beside the final name (`*.tmp`, never listed) and are renamed
 * into place, so a reader sees a whole file or none.
 */
export class FolderStorage implements Storage {
  readonly kind = 'folder';
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = pathUnder(this.root, checkKey(key));
    if (path.resolve(localPath) === target) return;
    await this.writeAtomically(target, (temp) => copyFile(localPath, temp));
  }

  async putStream(key: string, source: Readable): Promise<number> {
    const target = pathUnder(this.root, checkKey(key));
    const counter = new ByteCounter();
    await this.writeAtomically(target, (temp) =>
      pipeline(source, counter, createWriteStream(temp, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES })),
    );
    return counter.bytes;
  }

  async localPath(key: string): Promise<string> {
    const file = pathUnder(this.root, checkKey(key));
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new StorageNotFoundError(key);
    return file;
  }

  async read(key: string): Promise<Buffer> {
    return readFile(pathUnder(this.root, checkKey(key))).catch((error) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw error;
    });
  }

  async withLocalPaths<T>(keys: string[], work: (paths: string[]) => Promise<T>): Promise<T> {
    return work(await Promise.all(keys.map((key) => this.localPath(key))));
  }

  async exists(key: string): Promise<boolean> {
    const info = await stat(pathUnder(this.root, checkKey(key))).catch(() => undefined);
    return Boolean(info?.isFile());
  }

  async delete(keyOrPrefix: string): Promise<void> {
    if (!isPrefix(keyOrPrefix)) {
      await rm(pathUnder(this.root, checkKey(keyOrPrefix)), { force: true });
      return;
    }
    checkPrefix(keyOrPrefix);
    if (keyOrPrefix === '') throw new Error('Refusing to delete the whole storage');
    await rm(pathUnder(this.root, keyOrPrefix.slice(0, -1)), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const dir = checkPrefix(prefix) === '' ? this.root : pathUnder(this.root, prefix.slice(0, -1));
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
    const found: StoredObject[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = await stat(file).catch(() => undefined);
      if (info) found.push({ key: keyOf(this.root, file), bytes: info.size });
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  stats(): StorageStats {
    return { kind: 'folder' };
  }

  async close(): Promise<void> {}

  private async writeAtomically(target: string, write: (temp: string) => Promise<void>): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    const temp = temporaryBeside(target);
    try {
      await write(temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}

/** Passes bytes through, counting them. */
export class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}
