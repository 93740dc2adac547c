import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendCsv,
  type DatasetsWorld,
  datasetsWorld,
  importCsv,
  rowsByName,
  SALES,
} from './modules/datasets/datasets.fixtures.ts';
import { inFolderLayout, packages } from './modules/packages/index.ts';
import { newId } from './platform/ids.ts';
import { FolderStorage } from './platform/storage/folder.ts';
import { SHARED_AREAS } from './platform/storage/index.ts';
import { as, buildNode } from './test/harness.ts';
import { type S3Server, startS3Server } from './test/s3Server.ts';

/**
 * `npm run storage:migrate` (storageMigrate.ts), run as the operator runs it (a process of its own) against a local
 * S3-compatible server: an installation's folder, written by the app, moved into a bucket; a node started on the
 * bucket with an empty DATA_DIR reads the same rows, and the files of a package an older installation kept in the
 * folder layout (stored the new way by the command).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'tessera-storage-migrate-test-'));
const folder = path.join(scratch, 'installation');
let s3: S3Server;
let w: DatasetsWorld;
let node: FastifyInstance | undefined;

beforeAll(async () => {
  s3 = await startS3Server('tessera-migrate');
  w = await datasetsWorld({ STORAGE_DIR: folder });
}, 60_000);
afterAll(async () => {
  await node?.close();
  await w?.t.database.close();
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

interface Migration {
  code: number;
  stdout: string;
  stderr: string;
}

function migrate(env: Record<string, string>): Promise<Migration> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'storageMigrate.ts')],
      { cwd: path.resolve(here, '../../..'), env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every file under a folder with its size and modification time (what "untouched" means). */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const info = statSync(file);
      return `${path.relative(dir, file)} ${info.size} ${info.mtimeMs}`;
    })
    .sort();
}

/** The shared files the command copies as they are: all but those of packages of the folder layout. */
async function storedInFolder(): Promise<{ files: number; bytes: number }> {
  const source = new FolderStorage(folder);
  const all = (await Promise.all(SHARED_AREAS.map((area) => source.list(`${area}/`))))
    .flat()
    .filter((o) => !inFolderLayout(o.key));
  return { files: all.length, bytes: all.reduce((sum, o) => sum + o.bytes, 0) };
}

/**
 * A package as an older installation left it: its row, revision 1 in `packages/{id}/1/` and the working copy in
 * `packages/{id}/work/` of the folder (as in packages.sources.test.ts), with main.py edited since the commit.
 */
async function packageOfTheFolderLayout(): Promise<string> {
  const id = newId();
  await w.t.database.db.insert(packages).values({
    id,
    projectId: w.projectId,
    name: 'older',
    filename: 'older.zip',
    status: 'built',
    baseImage: 'python3',
    userId: w.editor.id,
    revision: 1,
  });
  for (const name of ['1', 'work']) {
    mkdirSync(path.join(folder, 'packages', id, name, 'sub'), { recursive: true });
    writeFileSync(path.join(folder, 'packages', id, name, 'main.py'), `# ${name}\n`);
    writeFileSync(path.join(folder, 'packages', id, name, 'sub', 'same.py'), 'x = 1\n');
  }
  return id;
}

describe('npm run storage:migrate', () => {
  it('refuses, saying why, when STORAGE_URL names no bucket or the folder is missing', async () => {
    const noBucket = await migrate({ DATA_DIR: folder });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toContain('STORAGE_URL names no bucket');
    const notS3 = await migrate({ DATA_DIR: folder, STORAGE_URL: 'gs://elsewhere' });
    expect(notS3.code).toBe(1);
    expect(notS3.stderr).toContain('only S3-compatible storage is supported');
    const missing = await migrate({ ...s3.env('refused'), DATA_DIR: path.join(scratch, 'nowhere') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${path.join(scratch, 'nowhere')} (STORAGE_DIR, else DATA_DIR), does not exist`);
  }, 120_000);

  it('moves a folder into the bucket once; a node on the bucket with an empty DATA_DIR reads the same rows and packages', async () => {
    const sales = await importCsv(w, 'sales', SALES);
    const older = await packageOfTheFolderLayout();
    expect((await appendCsv(w, sales._id, SALES)).status).toBe('completed');
    const rows = await rowsByName(w, sales);
    expect(rows).toHaveLength(10);
    await w.t.app.close();
    const stored = await storedInFolder();
    expect(stored.files).toBeGreaterThanOrEqual(2);
    const before = snapshot(folder);

    const env = { ...s3.env('moved'), DATA_DIR: path.join(scratch, 'unused'), STORAGE_DIR: folder };
    const first = await migrate(env);
    expect(first.stderr).not.toMatch(/storage:migrate/);
    expect(first.code).toBe(0);
    const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
    expect(first.stdout).toContain(`Copied: ${stored.files} files, ${megabytes(stored.bytes)} MB`);
    expect(first.stdout).toContain('skipped: 0 files, 0.0 MB');
    expect(first.stdout).toContain('of the folder layout stored the new way: 2; already stored, skipped: 0');
    const again = await migrate(env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Copied: 0 files, 0.0 MB');
    expect(again.stdout).toContain(`skipped: ${stored.files} files, ${megabytes(stored.bytes)} MB`);
    expect(again.stdout).toContain('of the folder layout stored the new way: 0; already stored, skipped: 2');
    expect(snapshot(folder)).toEqual(before);

    process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
    node = await buildNode(w.t, { ...s3.env('moved'), STORAGE_DIR: '' });
    expect(node.ctx.storage.kind).toBe('s3');
    expect(node.ctx.config.DATA_DIR).not.toBe(folder);
    expect(await rowsByName({ ...w, t: { ...w.t, app: node } }, sales)).toEqual(rows);

    const keys = (await node.ctx.storage.list(`packages/${older}/`)).map((o) => o.key);
    expect(keys).toContain(`packages/${older}/revisions/1.json`);
    expect(keys).toContain(`packages/${older}/work.json`);
    expect(keys.filter(inFolderLayout)).toEqual([]);
    const code = await as(node, w.editor.token)({ method: 'GET', url: `/api/v1/packages/${older}/code` });
    expect(code.statusCode, code.body).toBe(200);
    expect(code.json()).toEqual({
      sourceCode: { 'main.py': '# work\n', 'sub/same.py': 'x = 1\n' },
      changed: ['main.py'],
    });
  }, 180_000);
});
