/**
 * DuckDB alone: the SQL Tessera's compiler makes of each card, run on `@duckdb/node-api` directly in the
 * benchmark's process, with the server engine's settings (threads = available parallelism, its memory limit).
 *
 * The catalog is built the way the server builds it (packages/server/src/modules/dashboards/units/unitData.catalog.ts and
 * datasets/catalog.ts): each feature's column reference from the dataset's features (`db.name`, `db.type`,
 * `type`), and the dataset's source over the very Parquet segment the server imported into its DATA_DIR, with
 * the segment's clustered copy (rows ordered by `sold_at`) as its clustered relation when the server wrote one
 * (server.ts waits for it): chart and KPI statements read that copy, as the server's do. So the statement and
 * its bound values are exactly the server's; what differs is everything around them (HTTP, auth, metadata
 * lookups, the catalog, turning rows into objects keyed by series id, JSON).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import {
  type CompiledUnitQuery,
  clusteredSegmentPath,
  compileUnitQuery,
  defaultMemoryLimit,
  segmentPath,
  segmentSource,
  type UnitCatalog,
  type UnitQueryInput,
} from '@tessera/analytics';
import { chartVisSchema, kpiVisSchema, tableVisSchema } from '@tessera/shared';
import type { Feature } from './server.ts';

export interface CardInput {
  type: 'chart' | 'kpi' | 'table';
  vis: unknown;
  filters: unknown[];
  orderBy?: unknown[];
  page?: number;
  limit?: number;
}

/**
 * The unit catalog over the dataset's imported segment, as the server resolves it (datasets/catalog.ts): with
 * the segment's clustered copy as the clustered relation when it is there.
 */
export function benchCatalog(dataDir: string, datasetId: string, jobId: string, features: Feature[]): UnitCatalog {
  const clustered = clusteredSegmentPath(dataDir, datasetId, jobId);
  const source = segmentSource(
    [segmentPath(dataDir, datasetId, jobId)],
    features.map((f) => ({ dbName: f.db.name, physicalType: f.db.type })),
    { clusteredPaths: [existsSync(clustered) ? clustered : segmentPath(dataDir, datasetId, jobId)] },
  );
  const entries = new Map(
    features.map((f) => [
      f._id,
      {
        id: f._id,
        datasetId: f.dataset._id,
        name: f.name,
        ref: { dbName: f.db.name, type: f.type, castFrom: f.db.type },
        precision: f.precision,
      },
    ]),
  );
  return {
    feature: (id) => entries.get(id),
    source: (key) =>
      key.datasetId === datasetId && (key.jobId === 'latest' || key.jobId === jobId) ? source : undefined,
  };
}

/**
 * The compiler's statement for a card. The card's vis is parsed with the shared strict schemas first, as
 * the server does before compiling (unitData.plan.ts: defaults filled in).
 */
export function compile(card: CardInput, catalog: UnitCatalog): CompiledUnitQuery {
  const schema = { chart: chartVisSchema, kpi: kpiVisSchema, table: tableVisSchema }[card.type];
  return compileUnitQuery({ ...card, vis: schema.parse(card.vis) } as UnitQueryInput, catalog);
}

/** What DuckDB answered: the statement's column names and rows of JSON values (a table's count first). */
export interface DuckAnswer {
  names: string[];
  rows: unknown[][];
  count?: unknown[][];
}

export interface DuckAlone {
  connection: DuckDBConnection;
  threads: number;
  /**
   * Runs the compiled statement (a table: its count statement, then its page, as the server does) and reads
   * every row as JSON values: what any client must do to send them on.
   */
  run(compiled: CompiledUnitQuery): Promise<DuckAnswer>;
  close(): void;
}

export async function openDuckDb(work: string): Promise<DuckAlone> {
  const threads = os.availableParallelism();
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(threads),
    memory_limit: defaultMemoryLimit(),
    temp_directory: path.join(work, 'duckdb-tmp'),
  });
  const connection = await instance.connect();
  return {
    connection,
    threads,
    run: async (compiled) => {
      const count = compiled.countSql
        ? (await connection.runAndReadAll(compiled.countSql, compiled.countParams ?? [])).getRowsJson()
        : undefined;
      const reader = await connection.runAndReadAll(compiled.sql, compiled.params);
      return { names: reader.columnNames(), rows: reader.getRowsJson(), ...(count ? { count } : {}) };
    },
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
