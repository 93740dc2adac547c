import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite as the embedded default (#20 item 17; `bench/measure` prints the idle server's memory). PGlite is
 * PostgreSQL compiled to WebAssembly, and a WebAssembly memory only ever grows: whatever the database once
 * needed stays with the process. Two things made an idle server hold ~800 MB for it:
 *
 * - shared_buffers: PostgreSQL's default 128 MB grew the memory from the 128 MB PGlite starts with to ~190 MB
 *   as pages were read. The metadata database is small and every read goes through the OS's file cache anyway:
 *   16 MB fits in the initial memory, so nothing grows (~140 MB in all for PGlite, measured in a bare process).
 * - initdb: creating the database on the first start grew the memory to ~630 MB (and ~220 MB of buffers for
 *   the files it unpacks), held for the life of the process. A new directory is therefore created by a
 *   short-lived child process; this process then opens the finished directory (the first start only).
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Opens (creating it first when new) the PGlite database in `dir`, or in memory for 'memory://' (tests), there
 * from `template` when given (a `dumpDataDir` tarball).
 */
export async function openPglite(dir: string, template?: Blob): Promise<PGlite> {
  if (!dir.startsWith('memory://') && !existsSync(path.join(dir, 'PG_VERSION'))) await createInChild(dir);
  return PGlite.create(dir, { startParams: [...PGLITE_START_PARAMS], loadDataDir: template });
}

/** Runs PGlite's initdb for `dir` in a child Node process, which exits (and gives its memory back) when done. */
async function createInChild(dir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(entry)});
PGlite.create(process.argv[1], { startParams: JSON.parse(process.argv[2]) })
  .then((db) => db.close())
  .catch((err) => { console.error(err); process.exit(1); });`;
  try {
    await promisify(execFile)(process.execPath, ['-e', script, dir, JSON.stringify(PGLITE_START_PARAMS)], {
      maxBuffer: 4 * 1024 * 1024,
    });
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? '').slice(-2000);
    throw new Error(`Creating the PGlite database in ${dir} failed: ${stderr || (err as Error).message}`);
  }
}
