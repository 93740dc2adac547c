import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, isPrefix, keyOf, pathUnder, temporaryBeside } from './keys.ts';

/**
 * A bounded local cache of an object store's files (one per process, STORAGE_CACHE_DIR): a key's copy is
 * `dir/key`, fetched on its first read and kept until evicted. Stored files never change once put (they are named
 * by job or content), so a copy never goes stale and needs no check against the store.
 *
 * - Least recently used first: when the copies exceed `maxBytes`, the least recently read are removed until they
 *   fit again, sparing those in use: held by a reader (`hold`), being fetched, or read less than `inUseMs` ago
 *   (a reader that got a path without holding it, such as a query about to open it). The copies may stay over
 *   the bound while everything is in use; the next fetch evicts again.
 * - One fetch per key: readers of a key being fetched wait for that fetch.
 * - Counters: hits (answered from a copy, or from a fetch already under way), misses (fetches), bytes fetched,
 *   evictions; each fetch is logged.
 *
 * Its own ordering rather than the lru-cache package: an entry in use must be skipped, not evicted, and the
 * copies are files whose removal is asynchronous.
 */
export interface CacheOptions {
  dir: string;
  maxBytes: number;
  /** A copy read less than this long ago counts as in use (default 60 s). */
  inUseMs?: number;
  /** Areas (first key parts) whose files left by an earlier run are taken as copies at start. */
  areas?: string[];
  log?: (fields: Record<string, unknown>, message: string) => void;
}

export interface CacheStats {
  hits: number;
  misses: number;
  bytesFetched: number;
  evictions: number;
  files: number;
  bytes: number;
  maxBytes: number;
}

interface Entry {
  bytes: number;
  lastRead: number;
  holds: number;
}

export class LocalCache {
  readonly dir: string;
  private readonly maxBytes: number;
  private readonly inUseMs: number;
  private readonly log: NonNullable<CacheOptions['log']>;
  /** In order of last read, least recent first (a read moves its key to the end). */
  private readonly entries = new Map<string, Entry>();
  private readonly fetching = new Map<string, Promise<string>>();
  private bytes = 0;
  private counters = { hits: 0, misses: 0, bytesFetched: 0, evictions: 0 };

  constructor(options: CacheOptions) {
    this.dir = path.resolve(options.dir);
    this.maxBytes = options.maxBytes;
    this.inUseMs = options.inUseMs ?? 60_000;
    this.log = options.log ?? (() => {});
  }

  /** Takes the copies an earlier run left in `areas` (oldest modification first), then evicts what is over. */
  async open(areas: string[]): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const found: { key: string; bytes: number; modified: number }[] = [];
    for (const area of areas) {
      const entries = await readdir(pathUnder(this.dir, checkKey(area)), {
        recursive: true,
        withFileTypes: true,
      }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        if (entry.name.endsWith('.tmp')) {
          await rm(file, { force: true });
          continue;
        }
        const info = await stat(file).catch(() => undefined);
        if (info) found.push({ key: keyOf(this.dir, file), bytes: info.size, modified: info.mtimeMs });
      }
    }
    for (const f of found.sort((a, b) => a.modified - b.modified)) this.record(f.key, f.bytes, 0);
    await this.evict();
  }

  pathOf(key: string): string {
    return pathUnder(this.dir, checkKey(key));
  }

  /** The key's local copy: kept (a hit), or fetched once by `fetch` into the temporary path it is given. */
  async get(key: string, fetch: (tempPath: string) => Promise<void>): Promise<string> {
    const entry = this.entries.get(key);
    if (entry) {
      this.counters.hits++;
      this.touch(key, entry);
      return this.pathOf(key);
    }
    const under = this.fetching.get(key);
    if (under) {
      this.counters.hits++;
      return under;
    }
    this.counters.misses++;
    const fetching = this.fetch(key, fetch).finally(() => this.fetching.delete(key));
    this.fetching.set(key, fetching);
    return fetching;
  }

  /** A copy written in place by this process (a segment it wrote, then put): kept like a fetched one. */
  async adopt(key: string, bytes: number): Promise<void> {
    this.record(key, bytes, Date.now());
    await this.evict();
  }

  /** Keeps the key's copy from eviction until the answered function is called (once). */
  hold(key: string): () => void {
    const entry = this.entries.get(key);
    if (!entry) return () => {};
    entry.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.holds--;
    };
  }

  /** Removes the copies of a key, or of every key under a prefix ending in `/`. */
  async forget(keyOrPrefix: string): Promise<void> {
    const keys = isPrefix(keyOrPrefix)
      ? [...this.entries.keys()].filter((k) => k.startsWith(keyOrPrefix))
      : [keyOrPrefix];
    for (const key of keys) await this.remove(key);
    if (isPrefix(keyOrPrefix) && keyOrPrefix !== '')
      await rm(pathUnder(this.dir, checkKey(keyOrPrefix.slice(0, -1))), { recursive: true, force: true });
  }

  stats(): CacheStats {
    return { ...this.counters, files: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  private async fetch(key: string, fetch: (tempPath: string) => Promise<void>): Promise<string> {
    const target = this.pathOf(key);
    const temp = temporaryBeside(target);
    const started = Date.now();
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await fetch(temp);
      const { size } = await stat(temp);
      await rename(temp, target);
      this.counters.bytesFetched += size;
      this.record(key, size, Date.now());
      const { hits, misses, bytesFetched, files } = this.stats();
      this.log(
        { key, bytes: size, ms: Date.now() - started, hits, misses, bytesFetched, files },
        'storage cache: fetched',
      );
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    const release = this.hold(key);
    try {
      await this.evict();
    } finally {
      release();
    }
    return target;
  }

  private record(key: string, bytes: number, lastRead: number): void {
    const known = this.entries.get(key);
    if (known) {
      this.bytes -= known.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { bytes, lastRead, holds: known?.holds ?? 0 });
    this.bytes += bytes;
  }

  private touch(key: string, entry: Entry): void {
    entry.lastRead = Date.now();
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private async evict(): Promise<void> {
    if (this.bytes <= this.maxBytes) return;
    const now = Date.now();
    const victims: string[] = [];
    let over = this.bytes - this.maxBytes;
    for (const [key, entry] of this.entries) {
      if (over <= 0) break;
      if (entry.holds > 0 || now - entry.lastRead < this.inUseMs) continue;
      victims.push(key);
      over -= entry.bytes;
    }
    for (const key of victims) {
      await this.remove(key);
      this.counters.evictions++;
    }
  }

  private async remove(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    await rm(this.pathOf(key), { force: true });
  }
}
