/**
 * Feature types and casts.
 *
 * A segment column keeps the physical type DuckDB read it with (BIGINT, DOUBLE, DATE, TIMESTAMP, TIME,
 * BOOLEAN, VARCHAR, ...). A feature's type (id, number, date, time, category, text) is metadata: when a user
 * changes it, nothing is rewritten; `castExpression` turns the stored column into the chosen type inside the
 * query. Every cast is TRY_CAST based or total, so a value that does not fit becomes NULL and a query never
 * fails because of a type change.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { DATE_FORMAT_CHOICES, isDateFormatChoice } from '@tessera/shared';
import { withConnection } from './engine.ts';
import { QueryError } from './errors.ts';
import type { Source } from './source.ts';
import { type Cell, ident, queryRows } from './sql.ts';

export const FEATURE_TYPES = ['id', 'number', 'date', 'time', 'category', 'text'] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

export const DATE_PRECISIONS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];

export type PhysicalKind =
  | 'integer'
  | 'float'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'timestamp'
  | 'time'
  | 'string'
  | 'other';

/** Groups DuckDB's type names into the kinds the casts and the detection care about. */
export function physicalKind(physicalType: string): PhysicalKind {
  const t = physicalType.trim().toUpperCase();
  if (/^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|INT\d*)$/.test(t))
    return 'integer';
  if (t === 'FLOAT' || t === 'DOUBLE' || t === 'REAL') return 'float';
  if (t.startsWith('DECIMAL') || t.startsWith('NUMERIC')) return 'decimal';
  if (t === 'BOOLEAN') return 'boolean';
  if (t === 'DATE') return 'date';
  if (t.startsWith('TIMESTAMP')) return 'timestamp';
  if (t === 'TIME' || t === 'TIME WITH TIME ZONE') return 'time';
  if (t === 'VARCHAR' || t === 'UUID' || t.startsWith('ENUM')) return 'string';
  return 'other';
}

export const isNumericKind = (kind: PhysicalKind) => kind === 'integer' || kind === 'float' || kind === 'decimal';

/**
 * Text formats tried (after ISO 8601) when text becomes a date. Day-first comes before month-first: the
 * product's first users write dates the European way; an ambiguous 03/04/2020 is the 3rd of April.
 */
export const DATE_TEXT_FORMATS = [
  '%d/%m/%Y',
  '%m/%d/%Y',
  '%d/%m/%Y %H:%M',
  '%d/%m/%Y %H:%M:%S',
  '%m/%d/%Y %H:%M',
  '%m/%d/%Y %H:%M:%S',
  '%d.%m.%Y',
  '%d-%m-%Y',
  '%Y/%m/%d',
  '%Y%m%d',
  '%Y-%m',
  '%Y/%m',
  '%b %d, %Y',
  '%d %b %Y',
  '%B %d, %Y',
  '%d %B %Y',
];

/**
 * The SQL expression that reads column `dbName`, stored as `physicalType`, as a `targetType` feature:
 *
 * | target   | from numbers                      | from text                          | from dates/times     |
 * |----------|-----------------------------------|------------------------------------|----------------------|
 * | number   | as is                             | TRY_CAST to DOUBLE (or with , as .)| NULL                 |
 * | date     | integers 1..9999 as years, else NULL | TRY_CAST, then the formats above | as is (time: NULL)   |
 * | time     | NULL                              | TRY_CAST to TIME                   | the time of day      |
 * | id       | integers as is, others as text    | as is                              | as text              |
 * | category, text | as text                     | as is                              | as text              |
 *
 * Booleans count as 0/1 for number. The result never fails at run time: a value that does not fit is NULL.
 */
export function castExpression(
  dbName: string,
  physicalType: string,
  targetType: FeatureType,
  dateFormat?: string | null,
): string {
  const col = ident(dbName);
  const kind = physicalKind(physicalType);
  switch (targetType) {
    case 'number':
      if (isNumericKind(kind)) return col;
      if (kind === 'boolean') return `CAST(${col} AS INTEGER)`;
      // A decimal comma is accepted when the text is not a number as written ('1,5' is 1.5).
      if (kind === 'string') {
        return `COALESCE(TRY_CAST(trim(${col}) AS DOUBLE), TRY_CAST(replace(trim(${col}), ',', '.') AS DOUBLE))`;
      }
      return 'CAST(NULL AS DOUBLE)';
    case 'date':
      if (kind === 'date' || kind === 'timestamp') return col;
      if (kind === 'integer') {
        return `(CASE WHEN ${col} BETWEEN 1 AND 9999 THEN make_timestamp(CAST(${col} AS BIGINT), 1, 1, 0, 0, 0) END)`;
      }
      if (kind === 'string') {
        // A format chosen for the feature (a closed list: never user text) is tried before the defaults.
        const chosen = isDateFormatChoice(dateFormat) ? [dateFormat] : [];
        const formats = [...new Set([...chosen, ...DATE_TEXT_FORMATS])].map((f) => `'${f}'`).join(', ');
        return `COALESCE(TRY_CAST(trim(${col}) AS TIMESTAMP), try_strptime(trim(${col}), [${formats}]))`;
      }
      return 'CAST(NULL AS TIMESTAMP)';
    case 'time':
      if (kind === 'time') return col;
      if (kind === 'timestamp') return `CAST(${col} AS TIME)`;
      if (kind === 'string') return `TRY_CAST(trim(${col}) AS TIME)`;
      return 'CAST(NULL AS TIME)';
    case 'id':
      if (kind === 'integer' || kind === 'string') return col;
      return `CAST(${col} AS VARCHAR)`;
    case 'category':
    case 'text':
      if (kind === 'string') return col;
      return `CAST(${col} AS VARCHAR)`;
    default:
      throw new QueryError('bad-type', { code: 'query.unknownFeatureType', params: { type: String(targetType) } });
  }
}

/** A column as queries see it: its stable name, the type it is stored as, the feature type it is read as. */
export interface ColumnRef {
  dbName: string;
  /** The feature type (after any user change). */
  type: FeatureType;
  /** The physical type in the segments (`feature.db.type`). */
  castFrom: string;
  /** A text feature read as a date: the format chosen for it (DATE_FORMAT_CHOICES), tried first. */
  dateFormat?: string | null;
}

export function columnExpression(column: ColumnRef): string {
  if (!FEATURE_TYPES.includes(column.type))
    throw new QueryError('bad-type', { code: 'query.unknownFeatureType', params: { type: String(column.type) } });
  return castExpression(column.dbName, column.castFrom, column.type, column.dateFormat);
}

/**
 * The first `limit` values of a column read as `targetType` (the type dialog's preview), in row order, with
 * the stored values beside them so the dialog can show what a cast turns into NULL.
 */
export async function previewCast(
  source: Source,
  dbName: string,
  targetType: FeatureType,
  limit = 10,
  connection?: DuckDBConnection,
  dateFormat?: string | null,
): Promise<{ original: Cell; value: Cell }[]> {
  const column = source.columns.find((c) => c.dbName === dbName);
  if (!column) throw new QueryError('bad-column', { code: 'query.unknownColumn', params: { column: dbName } });
  const n = Math.max(1, Math.min(1000, Math.floor(limit)));
  const expression = castExpression(dbName, column.physicalType, targetType, dateFormat);
  const sql = `SELECT ${ident(dbName)} AS original, ${expression} AS value FROM ${source.sql} LIMIT ${n}`;
  const rows = connection ? await queryRows(connection, sql) : await withConnection((c) => queryRows(c, sql));
  return rows.map((r) => ({ original: r.original, value: r.value }));
}

/** What reading a column as `targetType` leaves unread (see CastReport in @tessera/shared). */
export interface CastReportResult {
  total: number;
  unread: number;
  examples: string[];
  formats: Array<{ format: string; reads: number }>;
}

/**
 * The type dialog's warning (issue #20 item 4): over the whole column, how many values that are not empty the
 * new type leaves unread; a few of them; and, for text read as a date, each offered format (DATE_FORMAT_CHOICES)
 * that reads some of them, with how many. One scan.
 */
export async function castReport(
  source: Source,
  dbName: string,
  targetType: FeatureType,
  dateFormat?: string | null,
  connection?: DuckDBConnection,
): Promise<CastReportResult> {
  const column = source.columns.find((c) => c.dbName === dbName);
  if (!column) throw new QueryError('bad-column', { code: 'query.unknownColumn', params: { column: dbName } });
  const col = ident(dbName);
  const present = `(${col} IS NOT NULL AND trim(CAST(${col} AS VARCHAR)) <> '')`;
  const unread = `(${present} AND (${castExpression(dbName, column.physicalType, targetType, dateFormat)}) IS NULL)`;
  const dateText = targetType === 'date' && physicalKind(column.physicalType) === 'string';
  const formats = dateText ? DATE_FORMAT_CHOICES : [];
  const formatCounts = formats.map(
    (f, i) => `, count(*) FILTER (WHERE ${unread} AND try_strptime(trim(${col}), '${f}') IS NOT NULL) AS f${i}`,
  );
  const sql = `SELECT count(*) FILTER (WHERE ${present}) AS total, count(*) FILTER (WHERE ${unread}) AS unread
    ${formatCounts.join('')} FROM ${source.sql}`;
  const examplesSql = `SELECT CAST(${col} AS VARCHAR) AS v FROM ${source.sql} WHERE ${unread} LIMIT 3`;
  const run = async (c: DuckDBConnection) => ({
    rows: await queryRows(c, sql),
    examples: await queryRows(c, examplesSql),
  });
  const { rows, examples } = connection ? await run(connection) : await withConnection(run);
  const row = rows[0];
  const n = (v: unknown) => Number(v ?? 0);
  return {
    total: n(row?.total),
    unread: n(row?.unread),
    examples: examples.map((r) => String(r.v)),
    formats: formats
      .map((format, i) => ({ format: format as string, reads: n(row?.[`f${i}`]) }))
      .filter((f) => f.reads > 0)
      .sort((a, b) => b.reads - a.reads),
  };
}
