import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPglite } from './pglite.ts';
import { withNamedStatements } from './pgliteStatements.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The raw client, for components that speak SQL themselves (pg-boss). */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Opens the metadata database and applies the migrations: PostgreSQL when a URL is given, else PGlite
 * in `dataDir` (or in memory when `dataDir` is 'memory://', as the tests do).
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir: string;
  /** A dump of a migrated database that a 'memory://' PGlite starts from (the tests' fresh databases). */
  pgliteTemplate?: Blob;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client whose connection the server ends (a restart, a failover) emits 'error' on the pool;
    // without a listener that would crash the process. The pool replaces the client on next use.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (!opts.pgliteDir.startsWith('memory://')) mkdirSync(opts.pgliteDir, { recursive: true });
  const pglite = await openPglite(opts.pgliteDir, opts.pgliteTemplate);
  const db = drizzlePglite(withNamedStatements(pglite), { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}
