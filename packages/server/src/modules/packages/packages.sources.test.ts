import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCache } from '../../platform/storage/cache.ts';
import { FolderStorage } from '../../platform/storage/folder.ts';
import { S3Storage } from '../../platform/storage/s3.ts';
import type { Storage } from '../../platform/storage/types.ts';
import { type S3Server, startS3Server } from '../../test/s3Server.ts';
import { changedBetween, PackageSources } from './packages.sources.ts';

/**
 * A package's sources in the shared storage: what one node stores, another node (its own DATA_DIR) lays out and
 * edits, with the folder storage and with an S3-compatible bucket (s3rver).
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'tessera-package-sources-'));
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
}, 60_000);
afterAll(async () => {
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

let made = 0;
const nodeDir = () => path.join(scratch, `node-${++made}`);
function bucket(prefix: string): Storage {
  return new S3Storage(
    { bucket: s3.bucket, prefix },
    { endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: s3.credentials },
    new LocalCache({ dir: path.join(nodeDir(), 'storage-cache'), maxBytes: 1024 ** 3 }),
  );
}
const folder = path.join(scratch, 'shared-folder');
const implementations: [string, () => Storage][] = [
  ['folder', () => new FolderStorage(folder)],
  ['s3', () => bucket('sources/')],
];

const ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';

function stagedUpload(): string {
  const dir = path.join(scratch, `staged-${++made}`);
  mkdirSync(path.join(dir, 'sub'), { recursive: true });
  writeFileSync(path.join(dir, 'main.py'), 'def f():\n    return 1\n');
  writeFileSync(path.join(dir, 'sub', 'same.py'), 'x = 1\n');
  writeFileSync(path.join(dir, 'copy.py'), 'x = 1\n');
  mkdirSync(path.join(dir, '__pycache__'));
  writeFileSync(path.join(dir, '__pycache__', 'main.pyc'), 'cached');
  return dir;
}

describe.each(implementations)('%s storage', (_name, open) => {
  it('stores an upload on one node; another node lays the revision out and sees the working copy’s edits', async () => {
    const [first, second] = [new PackageSources(open(), nodeDir()), new PackageSources(open(), nodeDir())];
    const files = await first.freeze(ID, stagedUpload(), 1);
    expect(Object.keys(files)).toEqual(['copy.py', 'main.py', 'sub/same.py']);
    expect(files['copy.py']).toEqual(files['sub/same.py']);

    const laidOut = await second.revisionFolder(ID, 1);
    expect(laidOut.startsWith(second.localDir(ID))).toBe(true);
    expect(readFileSync(path.join(laidOut, 'sub', 'same.py'), 'utf8')).toBe('x = 1\n');
    expect(existsSync(path.join(laidOut, '__pycache__'))).toBe(false);

    const edited = await first.putBytes(ID, Buffer.from('def f():\n    return 2\n'));
    await first.setWork(ID, { ...(await first.work(ID)), 'main.py': edited });
    const work = await second.work(ID);
    expect(changedBetween(await second.revision(ID, 1), work)).toEqual(['main.py']);
    await second.addRevision(ID, 2, work);
    expect(readFileSync(path.join(await first.revisionFolder(ID, 2), 'main.py'), 'utf8')).toContain('return 2');

    await second.remove(ID);
    await expect(first.work(ID)).rejects.toThrow();
    expect(existsSync(second.localDir(ID))).toBe(false);
  });
});

it('reads a revision and working copy of the folder layout, and stores them the new way', async () => {
  const root = path.join(scratch, 'older-install');
  const id = 'b1b2c3d4e5f6a1b2c3d4e5f6';
  for (const name of ['1', 'work']) {
    mkdirSync(path.join(root, 'packages', id, name), { recursive: true });
    writeFileSync(path.join(root, 'packages', id, name, 'main.py'), `# ${name}\n`);
  }
  const sources = new PackageSources(new FolderStorage(root), nodeDir());
  expect(changedBetween(await sources.revision(id, 1), await sources.work(id))).toEqual(['main.py']);
  expect(existsSync(path.join(root, 'packages', id, 'revisions', '1.json'))).toBe(true);
  expect(readFileSync(path.join(await sources.revisionFolder(id, 1), 'main.py'), 'utf8')).toBe('# 1\n');
});
