import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type Storage, StorageNotFoundError } from '../../platform/storage/index.ts';
import { listFiles } from './packages.files.ts';

/**
 * A package's sources in the shared storage (docs/operations.md, "Object storage"), so that any node can build,
 * run or edit any package, and nothing a node keeps under its DATA_DIR is needed by another:
 * - `packages/{id}/files/{sha256}`: each file's bytes, named by their digest (a file unchanged between revisions
 *   is stored once);
 * - `packages/{id}/revisions/{n}.json`: revision n, the list of its files (relative path → digest and size),
 *   never changed once put;
 * - `packages/{id}/work.json`: the working copy that code edits change, the same list, replaced at each edit
 *   (read from the store itself, never from a cached copy).
 * A node lays a revision out as a folder (DATA_DIR/package-sources/{id}/{n}/) on first need: the runner, the
 * build's discovery and Dash read local files. Installations of the folder layout (`packages/{id}/{n}/` and
 * `packages/{id}/work/` under the folder storage) are read as they are and stored the new way on first use, or
 * into a bucket by `npm run storage:migrate` (`storeFolderLayout`).
 */
export interface SourceFile {
  sha256: string;
  bytes: number;
}
/** Relative path (with `/`) → the stored file. */
export type SourceList = Record<string, SourceFile>;

const ID = /^[0-9a-f]{24}$/;
const checkId = (packageId: string) => {
  if (!ID.test(packageId)) throw new Error(`Invalid package id: ${JSON.stringify(packageId)}`);
  return packageId;
};
const fileKey = (id: string, sha256: string) => `packages/${checkId(id)}/files/${sha256}`;
const revisionKey = (id: string, revision: number) => `packages/${checkId(id)}/revisions/${revision}.json`;
const workKey = (id: string) => `packages/${checkId(id)}/work.json`;

/** The files that differ between two lists (added, removed or changed), sorted. */
export function changedBetween(a: SourceList, b: SourceList): string[] {
  const all = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return all.filter((rel) => a[rel]?.sha256 !== b[rel]?.sha256);
}

export class PackageSources {
  /** Revisions being laid out by this process, by folder (one layout per folder however many ask). */
  private readonly layingOut = new Map<string, Promise<string>>();

  constructor(
    private readonly storage: Storage,
    /** This node's DATA_DIR. */
    private readonly dataDir: string,
    /**
     * The folder whose packages of the folder layout are read and stored the new way: the folder storage's own; for
     * `npm run storage:migrate`, the folder it moves into a bucket (`storeFolderLayout`).
     */
    private readonly folderLayoutRoot = storage.kind === 'folder' ? storage.root : undefined,
  ) {}

  /** This node's folder for a package's laid-out revisions and staged uploads. */
  localDir(packageId: string): string {
    return path.join(path.resolve(this.dataDir), 'package-sources', checkId(packageId));
  }

  /** Stores a local folder's files as revision n, which becomes the working copy too; the folder is kept as its layout. */
  async freeze(packageId: string, folder: string, revision: number): Promise<SourceList> {
    const files = await this.storeFolder(packageId, folder);
    await this.putList(revisionKey(packageId, revision), files);
    await this.setWork(packageId, files);
    const target = path.join(this.localDir(packageId), String(revision));
    await rm(target, { recursive: true, force: true });
    await mkdir(path.dirname(target), { recursive: true });
    await rename(folder, target);
    return files;
  }

  /** Revision n's list of files (a revision of the folder layout is stored the new way first). */
  async revision(packageId: string, revision: number): Promise<SourceList> {
    const key = revisionKey(packageId, revision);
    try {
      return JSON.parse(await readFile(await this.storage.localPath(key), 'utf8')) as SourceList;
    } catch (error) {
      const legacy = this.legacyFolder(packageId, String(revision));
      if (!(error instanceof StorageNotFoundError) || !legacy) throw error;
      const files = await this.storeFolder(packageId, legacy);
      await this.putList(key, files);
      return files;
    }
  }

  /** A new revision n holding these files (a commit of the working copy). */
  async addRevision(packageId: string, revision: number, files: SourceList): Promise<void> {
    await this.putList(revisionKey(packageId, revision), files);
  }

  /** The working copy's list of files. */
  async work(packageId: string): Promise<SourceList> {
    try {
      return JSON.parse((await this.storage.read(workKey(packageId))).toString('utf8')) as SourceList;
    } catch (error) {
      const legacy = this.legacyFolder(packageId, 'work');
      if (!(error instanceof StorageNotFoundError) || !legacy) throw error;
      const files = await this.storeFolder(packageId, legacy);
      await this.setWork(packageId, files);
      return files;
    }
  }

  async setWork(packageId: string, files: SourceList): Promise<void> {
    await this.putList(workKey(packageId), files);
  }

  /** Stores one file's bytes; answers how a list names it. */
  async putBytes(packageId: string, bytes: Buffer): Promise<SourceFile> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const key = fileKey(packageId, sha256);
    if (!(await this.storage.exists(key))) await this.storage.putStream(key, Readable.from([bytes]));
    return { sha256, bytes: bytes.length };
  }

  /** A local file holding a stored file's bytes. */
  localFile(packageId: string, file: SourceFile): Promise<string> {
    return this.storage.localPath(fileKey(packageId, file.sha256));
  }

  /**
   * Revision n as a folder of this node, laid out from the storage on first need (into a temporary folder renamed
   * into place: a folder that exists is whole).
   */
  async revisionFolder(packageId: string, revision: number): Promise<string> {
    const target = path.join(this.localDir(packageId), String(revision));
    if (existsSync(target)) return target;
    let pending = this.layingOut.get(target);
    if (!pending) {
      pending = this.layOut(packageId, revision, target).finally(() => this.layingOut.delete(target));
      this.layingOut.set(target, pending);
    }
    return pending;
  }

  /** Everything of a package: in the storage, and this node's folders. */
  async remove(packageId: string): Promise<void> {
    await this.storage.delete(`packages/${checkId(packageId)}/`);
    await rm(this.localDir(packageId), { recursive: true, force: true });
  }

  private async layOut(packageId: string, revision: number, target: string): Promise<string> {
    const files = await this.revision(packageId, revision);
    const temp = `${target}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`;
    try {
      for (const [rel, file] of Object.entries(files)) {
        const to = path.join(temp, ...rel.split('/'));
        await mkdir(path.dirname(to), { recursive: true });
        await copyFile(await this.localFile(packageId, file), to);
      }
      await mkdir(temp, { recursive: true });
      await rename(temp, target).catch((error: NodeJS.ErrnoException) => {
        // Another process laid it out first (a folder shared by processes): theirs is the same.
        if (!existsSync(target)) throw error;
      });
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
    return target;
  }

  private async storeFolder(packageId: string, folder: string): Promise<SourceList> {
    const files: SourceList = {};
    for (const rel of await listFiles(folder)) {
      const full = path.join(folder, ...rel.split('/'));
      const sha256 = await digestOf(full);
      const key = fileKey(packageId, sha256);
      if (!(await this.storage.exists(key))) await this.storage.putFile(key, full);
      files[rel] = { sha256, bytes: (await stat(full)).size };
    }
    return files;
  }

  private async putList(key: string, files: SourceList): Promise<void> {
    const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    await this.storage.putStream(key, Readable.from([Buffer.from(JSON.stringify(sorted))]));
  }

  /** A folder of the folder layout (`packages/{id}/{name}/` under `folderLayoutRoot`), when there is one. */
  private legacyFolder(packageId: string, name: string): string | undefined {
    if (!this.folderLayoutRoot) return undefined;
    const folder = path.join(this.folderLayoutRoot, 'packages', checkId(packageId), name);
    return existsSync(folder) ? folder : undefined;
  }
}

/** A key of the folder layout: a file of a revision's folder (`packages/{id}/{n}/…`) or of the working copy's. */
const FOLDER_LAYOUT_KEY = new RegExp(`^packages/${ID.source.slice(1, -1)}/(\\d+|work)/`);
export const inFolderLayout = (key: string): boolean => FOLDER_LAYOUT_KEY.test(key);

export interface FolderLayoutReport {
  /** Revisions and working copies stored the new way by this call. */
  stored: number;
  /** Those already stored the new way (an earlier run's, or a server's first read): left as they are. */
  present: number;
}

/**
 * `npm run storage:migrate`: every package of the folder layout under `folder` (a folder storage's root) stored the
 * new way in `target`, as a server on the folder does on a package's first read (`revision`, `work`); what is
 * stored already is skipped. The folder is only read; `scratchDir` stands for a DATA_DIR (nothing is laid out).
 */
export async function storeFolderLayout(
  folder: string,
  target: Storage,
  scratchDir: string,
): Promise<FolderLayoutReport> {
  const sources = new PackageSources(target, scratchDir, folder);
  const report: FolderLayoutReport = { stored: 0, present: 0 };
  const root = path.join(folder, 'packages');
  const ids = existsSync(root) ? (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory()) : [];
  for (const { name: id } of ids) {
    if (!ID.test(id)) continue;
    for (const entry of await readdir(path.join(root, id), { withFileTypes: true })) {
      if (!entry.isDirectory() || !/^(\d+|work)$/.test(entry.name)) continue;
      const work = entry.name === 'work';
      if (await target.exists(work ? workKey(id) : revisionKey(id, Number(entry.name)))) {
        report.present++;
        continue;
      }
      await (work ? sources.work(id) : sources.revision(id, Number(entry.name)));
      report.stored++;
    }
  }
  return report;
}

const perStorage = new WeakMap<Storage, PackageSources>();

/** The process's package sources (one per storage: a revision is laid out once however many ask). */
export function packageSourcesOf(ctx: { storage: Storage; config: { DATA_DIR: string } }): PackageSources {
  let sources = perStorage.get(ctx.storage);
  if (!sources) {
    sources = new PackageSources(ctx.storage, ctx.config.DATA_DIR);
    perStorage.set(ctx.storage, sources);
  }
  return sources;
}

async function digestOf(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
