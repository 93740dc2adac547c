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

/**
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return as a formula (`=HYPERLINK(...)`, `-2+3+cmd|' /C calc'!A0`). Such a text is written with a
 * leading `'`, which spreadsheets show as text; a plain number (`-5`, `+1.5e3`) is left as it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
export function formulaSafe(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The same rule in SQL, for text DuckDB writes itself (`expression` any type; the answer is VARCHAR). */
export function formulaSafeSql(expression: string): string {
  const text = `CAST(${expression} AS VARCHAR)`;
  return (
    `(CASE WHEN regexp_matches(${text}, '${FORMULA_START.source}') ` +
    `AND NOT regexp_matches(${text}, '${PLAIN_NUMBER.source}') THEN '''' || ${text} ELSE ${text} END)`
  );
}

/** RFC 4180 quoting (a field with a comma, quote or line break is quoted, quotes doubled), formulas made text. */
export function csvField(text: string): string {
  const safe = formulaSafe(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Text-valued feature types: the only ones whose values a spreadsheet could read as a formula. */
const TEXT_TYPES = new Set(['category', 'text', 'id']);

/** Writes the CSV of a source to `out` (ends it); answers the number of data rows. */
export async function streamCsv(options: StreamCsvOptions): Promise<{ rowCount: number }> {
  const { source, columns } = options;
  if (!columns.length) throw new QueryError('bad-column', 'query.noColumn');
  for (const c of [
    ...columns,
    ...(options.filters ?? []).map((f) => f.column),
    ...(options.orderBy ?? []).map((o) => o.column),
  ]) {
    if (!source.columns.some((s) => s.dbName === c.dbName))
      throw new QueryError('bad-column', { code: 'query.unknownColumn', params: { column: c.dbName } });
  }
  const params = new Params();
  const where = compileFilters(options.filters, params);
  const select = columns
    .map((c) => {
      const expression = columnExpression(c);
      return `${TEXT_TYPES.has(c.type) ? formulaSafeSql(expression) : expression} AS ${ident(c.dbName)}`;
    })
    .join(', ');
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
