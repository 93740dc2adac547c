import { randomBytes } from 'node:crypto';
import { rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withConnection } from './engine.ts';
import { writeSegment } from './segments.ts';
import { ident, pathLiteral, quoteName } from './sql.ts';

/** A column of a segment: its db name and its DuckDB type. */
export interface TypedColumn {
  dbName: string;
  physicalType: string;
}

/**
 * Writes rows given as JSON objects (keyed by db name) as the segment `jobId` of a dataset, with exactly the
 * given columns and types: the rows go to a temporary NDJSON file beside the segment (DuckDB reads and writes
 * only under DATA_DIR, engine.ts), which DuckDB types into Parquet; the segment is renamed into place once whole
 * (segments.ts). No rows still give a typed, empty segment. Answers the segment's row count and size.
 */
export async function writeRowsSegment(options: {
  dataDir: string;
  datasetId: string;
  jobId: string;
  columns: TypedColumn[];
  rows: Record<string, unknown>[];
}): Promise<{ rowCount: number; bytes: number }> {
  const { columns, rows } = options;
  const file = await writeSegment(options.dataDir, options.datasetId, options.jobId, async (target) => {
    const json = path.join(path.dirname(target), `rows-${randomBytes(8).toString('hex')}.ndjson`);
    try {
      await writeFile(json, rows.length ? `${rows.map((r) => JSON.stringify(r)).join('\n')}\n` : '');
      const types = columns.map((c) => `${ident(c.dbName)}: '${c.physicalType}'`).join(', ');
      const list = columns.map((c) => ident(c.dbName)).join(', ');
      const relation = rows.length
        ? `SELECT ${list} FROM read_json(${pathLiteral(json)}, format = 'newline_delimited', columns = {${types}})`
        : `SELECT ${columns.map((c) => `CAST(NULL AS ${c.physicalType}) AS ${ident(c.dbName)}`).join(', ')} LIMIT 0`;
      await withConnection((c) => c.run(`COPY (${relation}) TO ${pathLiteral(target)} (FORMAT parquet)`));
    } finally {
      await rm(json, { force: true });
    }
  });
  return { rowCount: rows.length, bytes: (await stat(file)).size };
}

/**
 * Copies a dataset's rows (its segments, read together) into one Parquet file at `target` with the columns under
 * their own names (what a model run reads as a dataframe). A dataset without segments gives a typed, empty file.
 */
export async function writeNamedParquet(options: {
  segments: string[];
  columns: Array<TypedColumn & { name: string }>;
  target: string;
}): Promise<void> {
  const { segments, columns } = options;
  const select = columns.map((c) => `${ident(c.dbName)} AS ${quoteName(c.name)}`).join(', ');
  const empty = columns.map((c) => `NULL::${c.physicalType} AS ${ident(c.dbName)}`).join(', ');
  const from = segments.length
    ? `read_parquet([${segments.map(pathLiteral).join(', ')}], union_by_name = true)`
    : `(SELECT ${empty || '1 AS c0'} WHERE false)`;
  await withConnection((c) =>
    c.run(`COPY (SELECT ${select || '*'} FROM ${from}) TO ${pathLiteral(options.target)} (FORMAT parquet)`),
  );
}
