import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { LocalCache } from './cache.ts';
import { ByteCounter } from './folder.ts';
import { checkKey, checkPrefix, isPrefix } from './keys.ts';
import { type Storage, StorageNotFoundError, type StorageStats, type StoredObject } from './types.ts';

/** Where the objects live: a bucket and a prefix inside it (`''`, or parts ending in `/`). */
export interface S3Location {
  bucket: string;
  prefix: string;
}

/** Parts of a multipart upload (S3 allows 10,000 parts of at least 5 MB: 80 GB at this size). */
const PART_BYTES = 8 * 1024 * 1024;
/** Parts sent at once by one upload (each held in memory while it is sent). */
const PARTS_AT_ONCE = 4;

/**
 * Storage in an S3-compatible bucket through the AWS SDK v3: a key is the object `prefix + key`. Streams and
 * files go up with lib-storage's `Upload` (one request when small, multipart otherwise); reads go through the
 * local cache (`root` is its folder): a miss downloads the object into it, once however many readers ask.
 * The client takes its credentials from the standard AWS variables and chain; `S3_ENDPOINT` and
 * `S3_FORCE_PATH_STYLE` address another S3-compatible server.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  readonly root: string;
  private readonly client: S3Client;

  constructor(
    private readonly location: S3Location,
    clientConfig: S3ClientConfig,
    private readonly cache: LocalCache,
  ) {
    this.client = new S3Client(clientConfig);
    this.root = cache.dir;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    checkKey(key);
    await this.upload(key, createReadStream(localPath));
    // The writer's own file at the key's cached place (a segment written there): it is the key's copy now.
    if (path.resolve(localPath) === this.cache.pathOf(key)) await this.cache.adopt(key, (await stat(localPath)).size);
  }

  async putStream(key: string, source: Readable): Promise<number> {
    checkKey(key);
    const counter = new ByteCounter();
    // An upload that fails stops the source too (the pipeline then fails and destroys it).
    const done = this.upload(key, counter).catch((error) => {
      counter.destroy(error);
      throw error;
    });
    await Promise.all([pipeline(source, counter), done]);
    return counter.bytes;
  }

  async localPath(key: string): Promise<string> {
    return this.cache.get(checkKey(key), (tempPath) => this.download(key, tempPath));
  }

  async read(key: string): Promise<Buffer> {
    const answer = await this.get(key);
    return Buffer.from(await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  }

  async withLocalPaths<T>(keys: string[], work: (paths: string[]) => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      const paths = await Promise.all(
        keys.map(async (key) => {
          const local = await this.localPath(key);
          releases.push(this.cache.hold(key));
          return local;
        }),
      );
      return await work(paths);
    } finally {
      for (const release of releases) release();
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(keyOrPrefix: string): Promise<void> {
    if (!isPrefix(keyOrPrefix)) {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(keyOrPrefix) }),
      );
      await this.cache.forget(keyOrPrefix);
      return;
    }
    if (checkPrefix(keyOrPrefix) === '') throw new Error('Refusing to delete the whole storage');
    const keys = (await this.list(keyOrPrefix)).map((o) => o.key);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000).map((key) => ({ Key: this.objectKey(key) }));
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.location.bucket, Delete: { Objects: batch, Quiet: true } }),
      );
      if (answer.Errors?.length) throw new Error(`Could not delete ${answer.Errors.length} stored objects`);
    }
    await this.cache.forget(keyOrPrefix);
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const from = this.location.prefix + checkPrefix(prefix);
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: from, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key) found.push({ key: o.Key.slice(this.location.prefix.length), bytes: o.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  stats(): StorageStats {
    return { kind: 's3', cache: this.cache.stats() };
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    return this.location.prefix + checkKey(key);
  }

  private async upload(key: string, body: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: this.objectKey(key), Body: body },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
    });
    await upload.done();
  }

  private async get(key: string): Promise<GetObjectCommandOutput> {
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  private async download(key: string, tempPath: string): Promise<void> {
    const answer = await this.get(key);
    await pipeline(answer.Body as Readable, createWriteStream(tempPath, { flags: 'wx' }));
  }
}

/** The SDK's answer for a key that holds nothing (GetObject: NoSuchKey; HeadObject: NotFound, with no body). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
