/**
 * Feature type detection, run by DuckDB on the data (the written segment, or any source).
 *
 * Rules, per column (`rows` = the row count, `values` = its non-empty cells, `distinct` = distinct values):
 *
 * - BOOLEAN                      -> category
 * - DATE, TIMESTAMP              -> date, with the finest precision the values use: second if any value has
 *                                   seconds, else minute, else hour, else day if any day is not the 1st,
 *                                   else month if any month is not January, else year
 * - TIME                         -> time
 * - FLOAT, DOUBLE, DECIMAL       -> number
 * - integers                     -> id when the column is an identifier (below), else number
 * - text                         -> id when the column is an identifier (below); category when
 *                                   distinct <= max(20, 5 % of rows) and some value repeats
 *                                   (distinct < values); else text
 * - identifier: every row has a value, all values are distinct, and either the header says so
 *   (`id`, `key`, `uuid`, `guid`, `#`, or a name ending in `_id`, ` id`, `-id`, `Id`, `ID`, or starting with
 *   `id_`) or, for text, every value is a UUID. Distinct integers alone are not enough: a small file's
 *   amounts are often all different.
 * - a column with no value at all -> text
 *
 * Stats: min, max and avg for numbers (as numbers), min and max for dates and times (as ISO-like text).
 * One aggregate pass computes counts and stats for every column; distinct counts on a sample rule most
 * columns out; exact distinct counts over all rows are computed only for the columns still in question.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Source } from './source.ts';
import { type Cell, ident, queryOne, queryRows } from './sql.ts';
import { type DatePrecision, type FeatureType, physicalKind } from './types.ts';

export interface ColumnStats {
  min: number | string | null;
  max: number | string | null;
  avg: number | null;
}

export interface DetectedColumn {
  dbName: string;
  type: FeatureType;
  precision?: DatePrecision;
  stats: ColumnStats;
  /** The first 10 values, in row order (null for empty cells). */
  preview: Cell[];
}

export const PREVIEW_SIZE = 10;
/** Rows of the distinct-count sample (see the second pass). */
const SAMPLE_ROWS = 100_000;
export const CATEGORY_MIN_LIMIT = 20;
export const CATEGORY_SHARE = 0.05;

/** The category rule's threshold for a row count. */
export function categoryLimit(rows: number): number {
  return Math.max(CATEGORY_MIN_LIMIT, Math.floor(CATEGORY_SHARE * rows));
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** Whether a header names an identifier (see the module comment). Case matters only for `userId` forms. */
export function isIdName(name: string): boolean {
  const n = name.trim();
  return (
    /^(id|key|uuid|guid|#)$/i.test(n) || /^id[_\s-]/i.test(n) || /[_\s-]id$/i.test(n) || /[a-z0-9](Id|ID)$/.test(n)
  );
}

export interface DetectInput {
  dbName: string;
  /** The header name, for the identifier rule. */
  name: string;
  physicalType: string;
}

type Num = number | null;
const num = (v: Cell | undefined): Num =>
  typeof v === 'number' ? v : v === null || v === undefined ? null : Number(v);

function precisionOf(flags: Record<string, Cell>, i: number, kind: string): DatePrecision {
  if (kind === 'timestamp') {
    if (flags[`sec${i}`]) return 'second';
    if (flags[`min${i}`]) return 'minute';
    if (flags[`hour${i}`]) return 'hour';
  }
  if (flags[`day${i}`]) return 'day';
  if (flags[`month${i}`]) return 'month';
  return 'year';
}

/** Detects types, precision, stats and preview for `columns` of `source` (see the module comment). */
export async function detectColumns(
  connection: DuckDBConnection,
  source: Source,
  columns: DetectInput[],
): Promise<{ rowCount: number; columns: DetectedColumn[] }> {
  const kinds = columns.map((c) => physicalKind(c.physicalType));
  const parts: string[] = ['count(*) AS rows'];
  columns.forEach((c, i) => {
    const col = ident(c.dbName);
    const kind = kinds[i];
    parts.push(`count(${col}) AS n${i}`);
    if (kind === 'integer' || kind === 'float' || kind === 'decimal') {
      parts.push(
        `CAST(min(${col}) AS DOUBLE) AS lo${i}`,
        `CAST(max(${col}) AS DOUBLE) AS hi${i}`,
        `CAST(avg(${col}) AS DOUBLE) AS avg${i}`,
      );
    } else if (kind === 'date' || kind === 'timestamp' || kind === 'time') {
      parts.push(`CAST(min(${col}) AS VARCHAR) AS lo${i}`, `CAST(max(${col}) AS VARCHAR) AS hi${i}`);
    }
    if (kind === 'date' || kind === 'timestamp') {
      const ts = `CAST(${col} AS TIMESTAMP)`;
      parts.push(`bool_or(month(${ts}) <> 1) AS month${i}`, `bool_or(day(${ts}) <> 1) AS day${i}`);
      if (kind === 'timestamp') {
        parts.push(
          `bool_or(epoch_us(${ts}) % 3600000000 <> 0) AS min${i}`,
          `bool_or(epoch_us(${ts}) % 86400000000 <> 0) AS hour${i}`,
          `bool_or(epoch_us(${ts}) % 60000000 <> 0) AS sec${i}`,
        );
      }
    }
  });
  const first = await queryOne(connection, `SELECT ${parts.join(', ')} FROM ${source.sql} AS t`);
  const rows = num(first.rows) ?? 0;

  // Second pass, on the first SAMPLE_ROWS rows only: distinct counts that rule columns out cheaply (a text
  // column with more distinct values than the category limit in the sample is not a category; a column
  // with a repeat in the sample is not an identifier).
  const sampled = columns.flatMap((c, i) => (kinds[i] === 'integer' || kinds[i] === 'string' ? [i] : []));
  const sampleParts = sampled.flatMap((i) => {
    const col = ident(columns[i].dbName);
    const parts = [`count(DISTINCT ${col}) AS s${i}`, `count(${col}) AS sn${i}`];
    if (kinds[i] === 'string' && !isIdName(columns[i].name))
      parts.push(`bool_and(regexp_full_match(${col}, '${UUID}')) AS su${i}`);
    return parts;
  });
  const sample = sampled.length
    ? await queryOne(
        connection,
        `SELECT ${sampleParts.join(', ')} FROM (SELECT * FROM ${source.sql} AS t LIMIT ${SAMPLE_ROWS}) AS s`,
      )
    : {};

  // Third pass, over all rows, only for the remaining candidates: exact distinct counts and the UUID check.
  const exact: string[] = [];
  for (const i of sampled) {
    const c = columns[i];
    const n = num(first[`n${i}`]) ?? 0;
    const sampleDistinct = num(sample[`s${i}`]) ?? 0;
    const sampleValues = num(sample[`sn${i}`]) ?? 0;
    const col = ident(c.dbName);
    const idCandidate = rows > 0 && n === rows && sampleDistinct === sampleValues;
    const idNamed = isIdName(c.name);
    const categoryCandidate = kinds[i] === 'string' && n > 0 && sampleDistinct <= categoryLimit(rows);
    const uuidLike = sample[`su${i}`] === true;
    if (idCandidate && (idNamed || uuidLike)) exact.push(`count(DISTINCT ${col}) AS x${i}`);
    else if (categoryCandidate) exact.push(`count(DISTINCT ${col}) AS x${i}`);
    if (idCandidate && uuidLike) {
      exact.push(`bool_and(regexp_full_match(${col}, '${UUID}')) AS uuid${i}`);
    }
  }
  const second = exact.length ? await queryOne(connection, `SELECT ${exact.join(', ')} FROM ${source.sql} AS t`) : {};

  const previewRows = await queryRows(
    connection,
    `SELECT ${columns.map((c) => ident(c.dbName)).join(', ')} FROM ${source.sql} AS t LIMIT ${PREVIEW_SIZE}`,
  );

  const detected = columns.map((c, i): DetectedColumn => {
    const kind = kinds[i];
    const n = num(first[`n${i}`]) ?? 0;
    const distinct = num(second[`x${i}`]);
    const preview = previewRows.map((r) => r[c.dbName] ?? null);
    const isId =
      distinct !== null &&
      n === rows &&
      rows > 0 &&
      distinct === rows &&
      (isIdName(c.name) || second[`uuid${i}`] === true);
    const numeric = kind === 'integer' || kind === 'float' || kind === 'decimal';
    const stats: ColumnStats = {
      min: numeric ? num(first[`lo${i}`]) : ((first[`lo${i}`] as string | null | undefined) ?? null),
      max: numeric ? num(first[`hi${i}`]) : ((first[`hi${i}`] as string | null | undefined) ?? null),
      avg: numeric ? num(first[`avg${i}`]) : null,
    };
    let type: FeatureType;
    let precision: DatePrecision | undefined;
    if (kind === 'boolean') type = 'category';
    else if (kind === 'date' || kind === 'timestamp') {
      type = 'date';
      precision = precisionOf(first, i, kind);
    } else if (kind === 'time') type = 'time';
    else if (kind === 'float' || kind === 'decimal') type = 'number';
    else if (kind === 'integer') type = isId ? 'id' : 'number';
    else if (kind === 'string') {
      if (isId) type = 'id';
      else if (distinct !== null && n > 0 && distinct <= categoryLimit(rows) && distinct < n) type = 'category';
      else type = 'text';
    } else type = 'text';
    return { dbName: c.dbName, type, ...(precision ? { precision } : {}), stats, preview };
  });
  return { rowCount: rows, columns: detected };
}
