import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../test/s3Server.ts';
import { LocalCache } from './cache.ts';
import { FolderStorage } from './folder.ts';
import { StorageKeyError } from './keys.ts';
import { S3Storage } from './s3.ts';
import { type Storage, StorageNotFoundError } from './types.ts';

/**
 * One behaviour for both implementations of the shared files' storage (platform/storage/): the folder, and an
 * S3-compatible bucket (s3rver, started here on a random port) read through the local cache.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'tessera-storage-test-'));
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
}, 60_000);
afterAll(async () => {
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

let made = 0;
function s3Storage(options: { prefix?: string; maxBytes?: number; inUseMs?: number } = {}): S3Storage {
  const cache = new LocalCache({
    dir: path.join(scratch, `cache-${++made}`),
    maxBytes: options.maxBytes ?? 1024 ** 3,
    inUseMs: options.inUseMs ?? 0,
  });
  return new S3Storage(
    { bucket: s3.bucket, prefix: options.prefix ?? `run-${made}/` },
    { endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: s3.credentials },
    cache,
  );
}

const implementations: [string, () => Storage][] = [
  ['folder', () => new FolderStorage(path.join(scratch, `folder-${++made}`))],
  ['s3', () => s3Storage()],
];

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A stream of `total` bytes in 1 MB chunks (a socket's upload, as it comes), and the digest of its bytes. */
function generated(total: number): { stream: Readable; digest: string } {
  const chunks: Buffer[] = [];
  for (let left = total; left > 0; left -= 1024 * 1024) chunks.push(randomBytes(Math.min(left, 1024 * 1024)));
  return { stream: Readable.from(chunks), digest: sha(Buffer.concat(chunks)) };
}

describe.each(implementations)('%s storage', (_name, open) => {
  let storage: Storage;
  beforeAll(() => {
    storage = open();
  });

  it('stores a stream and a file, reads them back at a local path, lists them in key order', async () => {
    expect(await storage.putStream('uploads/b.csv', Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]))).toBe(
      8,
    );
    const local = path.join(scratch, `source-${made}.txt`);
    writeFileSync(local, 'segment bytes');
    await storage.putFile('datasets/d1/j1.parquet', local);
    await storage.putFile('datasets/d1/j2.parquet', local);
    expect(readFileSync(await storage.localPath('uploads/b.csv'), 'utf8')).toBe('a,b\n1,2\n');
    expect(readFileSync(await storage.localPath('datasets/d1/j1.parquet'), 'utf8')).toBe('segment bytes');
    expect(await storage.list('datasets/')).toEqual([
      { key: 'datasets/d1/j1.parquet', bytes: 13 },
      { key: 'datasets/d1/j2.parquet', bytes: 13 },
    ]);
    expect((await storage.list('')).map((o) => o.key)).toEqual([
      'datasets/d1/j1.parquet',
      'datasets/d1/j2.parquet',
      'uploads/b.csv',
    ]);
    expect(await storage.list('nothing/')).toEqual([]);
    expect(await storage.exists('uploads/b.csv')).toBe(true);
    expect(await storage.exists('uploads/c.csv')).toBe(false);
  });

  it('deletes one key, then every key under a prefix; a missing key is no error', async () => {
    await storage.delete('datasets/d1/j1.parquet');
    expect(await storage.exists('datasets/d1/j1.parquet')).toBe(false);
    expect(await storage.exists('datasets/d1/j2.parquet')).toBe(true);
    await storage.delete('datasets/d1/');
    expect(await storage.list('datasets/')).toEqual([]);
    await storage.delete('datasets/d1/j9.parquet');
    await expect(storage.delete('')).rejects.toThrow(/whole storage/);
  });

  it('answers a missing key with StorageNotFoundError naming it', async () => {
    const error = await storage.localPath('uploads/missing.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageNotFoundError);
    expect(error).toMatchObject({ key: 'uploads/missing.csv', code: 'ENOENT' });
    await expect(storage.withLocalPaths(['uploads/missing.csv'], async () => 1)).rejects.toThrow(StorageNotFoundError);
  });

  it('reads a replaced key from the store itself, never from a stale copy', async () => {
    await storage.putStream('packages/p1/work.json', Readable.from(['{"v":1}']));
    expect(readFileSync(await storage.localPath('packages/p1/work.json'), 'utf8')).toBe('{"v":1}');
    await storage.putStream('packages/p1/work.json', Readable.from(['{"v":2}']));
    expect((await storage.read('packages/p1/work.json')).toString('utf8')).toBe('{"v":2}');
    await expect(storage.read('packages/p1/none.json')).rejects.toThrow(StorageNotFoundError);
  });

  it.each(['../escape', '/absolute', 'a//b', 'a/./b', 'a/../b', 'folder/', 'spaces are not/allowed', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.localPath(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.putStream(key, Readable.from(['x']))).rejects.toThrow(StorageKeyError);
    },
  );

  it('refuses a prefix that does not end in "/"', async () => {
    await expect(storage.list('datasets')).rejects.toThrow(StorageKeyError);
  });

  it('stores a 20 MB stream (multipart for the object store) whole', async () => {
    const { stream, digest } = generated(20 * 1024 * 1024);
    expect(await storage.putStream('uploads/big.csv', stream)).toBe(20 * 1024 * 1024);
    expect(await storage.list('uploads/')).toContainEqual({ key: 'uploads/big.csv', bytes: 20 * 1024 * 1024 });
    await storage.withLocalPaths(['uploads/big.csv'], async ([local]) => {
      expect(sha(readFileSync(local!))).toBe(digest);
    });
  }, 60_000);

  it('keeps nothing of a stream that fails midway', async () => {
    async function* failing() {
      yield randomBytes(6 * 1024 * 1024);
      yield randomBytes(6 * 1024 * 1024);
      throw new Error('the client went away');
    }
    await expect(storage.putStream('uploads/cut.csv', Readable.from(failing()))).rejects.toThrow();
    expect(await storage.exists('uploads/cut.csv')).toBe(false);
    expect((await storage.list('uploads/')).map((o) => o.key)).not.toContain('uploads/cut.csv');
  }, 60_000);
});

describe('s3 storage: the local cache', () => {
  const put = (storage: Storage, key: string, bytes: number) =>
    storage.putStream(key, Readable.from([randomBytes(bytes)]));

  it('counts a first read as a miss (bytes fetched), the next as a hit; two reads at once fetch once', async () => {
    const storage = s3Storage();
    await put(storage, 'datasets/d/a.parquet', 1000);
    await put(storage, 'datasets/d/b.parquet', 3000);
    await storage.localPath('datasets/d/a.parquet');
    await storage.localPath('datasets/d/a.parquet');
    expect(storage.stats().cache).toMatchObject({ hits: 1, misses: 1, bytesFetched: 1000, files: 1, bytes: 1000 });
    const [first, second] = await Promise.all([
      storage.localPath('datasets/d/b.parquet'),
      storage.localPath('datasets/d/b.parquet'),
    ]);
    expect(first).toBe(second);
    expect(storage.stats().cache).toMatchObject({ hits: 2, misses: 2, bytesFetched: 4000, files: 2 });
  });

  it('takes a file put from its cached place as the copy (no fetch when read)', async () => {
    const storage = s3Storage();
    const local = path.join(storage.root, 'datasets', 'd', 'written.parquet');
    await FolderStorage.prototype.putStream.call(
      new FolderStorage(storage.root),
      'datasets/d/written.parquet',
      Readable.from(['rows']),
    );
    await storage.putFile('datasets/d/written.parquet', local);
    expect(await storage.localPath('datasets/d/written.parquet')).toBe(local);
    expect(storage.stats().cache).toMatchObject({ hits: 1, misses: 0, files: 1, bytes: 4 });
  });

  it('evicts the least recently read copies beyond its bound, sparing those held', async () => {
    const storage = s3Storage({ maxBytes: 250_000 });
    for (const name of ['a', 'b', 'c', 'd']) await put(storage, `datasets/e/${name}.parquet`, 100_000);
    const copy = (name: string) => path.join(storage.root, 'datasets', 'e', `${name}.parquet`);
    await storage.localPath('datasets/e/a.parquet');
    await storage.localPath('datasets/e/b.parquet');
    await storage.localPath('datasets/e/a.parquet'); // a is now the most recent
    await storage.localPath('datasets/e/c.parquet'); // 300,000 > 250,000: b goes
    expect([existsSync(copy('a')), existsSync(copy('b')), existsSync(copy('c'))]).toEqual([true, false, true]);
    expect(storage.stats().cache).toMatchObject({ evictions: 1, files: 2, bytes: 200_000 });
    await storage.withLocalPaths(['datasets/e/a.parquet'], async () => {
      await storage.localPath('datasets/e/d.parquet'); // a is the least recent but held: c goes
    });
    expect([existsSync(copy('a')), existsSync(copy('c')), existsSync(copy('d'))]).toEqual([true, false, true]);
    await storage.localPath('datasets/e/b.parquet'); // fetched again: a goes now
    expect(existsSync(copy('a'))).toBe(false);
    expect(storage.stats().cache).toMatchObject({ misses: 5, evictions: 3, files: 2 });
  });

  it('spares copies read less than inUseMs ago, even over its bound', async () => {
    const storage = s3Storage({ maxBytes: 150_000, inUseMs: 60_000 });
    await put(storage, 'uploads/x.csv', 100_000);
    await put(storage, 'uploads/y.csv', 100_000);
    await storage.localPath('uploads/x.csv');
    await storage.localPath('uploads/y.csv');
    expect(storage.stats().cache).toMatchObject({ files: 2, evictions: 0 });
  });

  it('takes back the copies an earlier run left, and evicts what is over its bound', async () => {
    const first = s3Storage();
    await put(first, 'datasets/f/one.parquet', 50_000);
    await put(first, 'datasets/f/two.parquet', 50_000);
    await first.localPath('datasets/f/one.parquet');
    await first.localPath('datasets/f/two.parquet');
    const again = new LocalCache({ dir: first.root, maxBytes: 60_000, inUseMs: 0 });
    await again.open(['datasets', 'uploads']);
    expect(again.stats()).toMatchObject({ files: 1, bytes: 50_000, evictions: 1 });
  });

  it('keeps each installation under its prefix of the bucket', async () => {
    const tenantA = s3Storage({ prefix: 'install-a/' });
    const tenantB = s3Storage({ prefix: 'install-b/' });
    await put(tenantA, 'uploads/same.csv', 10);
    expect(await tenantB.exists('uploads/same.csv')).toBe(false);
    const whole = s3Storage({ prefix: '' });
    expect((await whole.list('install-a/')).map((o) => o.key)).toEqual(['install-a/uploads/same.csv']);
  });
});
