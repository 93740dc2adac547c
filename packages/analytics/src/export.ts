/**
 * CSV download in constant memory: DuckDB writes the rows (visible columns, read as their feature types)
 * to a temporary file under its temp folder, which is then streamed to the caller and removed. The header
 * line (the features' display names) is written here, so two features renamed alike cannot clash in SQL.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { engineInfo, withConnection } from './engine.ts';
import { QueryError } from './errors.ts';
import { compileFilters, type Filter } from './filters.ts';
import { compileOrderBy, type OrderBy } from './query.ts';
import type { Source } from './source.ts';
import { ident, Params, pathLiteral, queryOne } from './sql.ts';
import { type ColumnRef, columnExpression } from './types.ts';

export interface CsvColumn extends ColumnRef {
  /** The header text (the feature's name). */
  header: string;
}

export interface StreamCsvOptions {
  source: Source;
  columns: CsvColumn[];
  filters?: Filter[];
  orderBy?: OrderBy[];
  /** Receives the CSV; it is ended when the file is complete. */
  out: Writable;
}

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Writes the CSV of a source to `out` (ends it); answers the number of data rows. */
export async function streamCsv(options: StreamCsvOptions): Promise<{ rowCount: number }> {
  const { source, columns } = options;
  if (!columns.length) throw new QueryError('bad-column', 'Choose at least one column');
  for (const c of [
    ...columns,
    ...(options.filters ?? []).map((f) => f.column),
    ...(options.orderBy ?? []).map((o) => o.column),
  ]) {
    if (!source.columns.some((s) => s.dbName === c.dbName))
      throw new QueryError('bad-column', `Unknown column: ${c.dbName}`);
  }
  const params = new Params();
  const where = compileFilters(options.filters, params);
  const select = columns.map((c) => `${columnExpression(c)} AS ${ident(c.dbName)}`).join(', ');
  const { tempDir } = await engineInfo();
  const file = path.join(tempDir, `export-${randomUUID()}.csv`);
  try {
    const copied = await withConnection((c) =>
      queryOne(
        c,
        `COPY (SELECT ${select} FROM ${source.sql} AS t WHERE ${where}${compileOrderBy(options.orderBy)})
           TO ${pathLiteral(file)} (FORMAT csv, HEADER false, DELIMITER ',', QUOTE '"', ESCAPE '"')`,
        params.values,
      ),
    );
    const header = `${columns.map((c) => csvField(c.header)).join(',')}\n`;
    const size = (await stat(file).catch(() => undefined))?.size ?? 0;
    async function* body() {
      yield header;
      if (size > 0) yield* createReadStream(file);
    }
    await pipeline(body, options.out);
    return { rowCount: Number(copied.Count ?? 0) };
  } finally {
    await rm(file, { force: true });
  }
}
