import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder, openDatabase } from '../db/client.ts';
import { PGLITE_START_PARAMS } from '../db/pglite.ts';

/** Every file of the migrations folder, its path and contents, in a stable order. */
function migrationFiles(dir = migrationsFolder): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory()
        ? migrationFiles(file)
        : [`${path.relative(migrationsFolder, file)}\n${readFileSync(file)}`];
    });
}

/** The installed PGlite's version (its package.json is not among its exports: found from its entry). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (pkg.name === '@electric-sql/pglite') return String(pkg.version);
    } catch {}
  }
  throw new Error('@electric-sql/pglite: no package.json above its entry');
}

/** What the template depends on: the migrations, PGlite's version and its start parameters. */
function templateKey(): string {
  return createHash('sha256')
    .update([pgliteVersion(), ...PGLITE_START_PARAMS, ...migrationFiles()].join('\0'))
    .digest('hex')
    .slice(0, 16);
}

let template: Promise<Blob> | undefined;

/**
 * An empty, migrated PGlite database as a `dumpDataDir` tarball: a test's fresh database starts from it in
 * ~0.3 s instead of running initdb and every migration (~1.5–2.5 s, for each of the hundreds of test apps).
 * Made once per set of migrations and kept in the OS's temporary folder (written under another name, then
 * renamed, so that test files starting together never read half a file); its name changes with the migrations.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `tessera-test-pglite-${templateKey()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const database = await openDatabase({ pgliteDir: 'memory://' });
      const dump = await database.pglite!.dumpDataDir('none');
      await database.close();
      const partial = `${file}.${process.pid}.${Date.now()}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    }
  })();
  return template;
}
