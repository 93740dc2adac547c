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
 *                                   distinct <= max(20, min(5 % of rows, 1,000)) and some value repeats
 *                                   (distinct < values); else text
 * - identifier: every row has a value, all values are distinct, and either the header says so
 *   (`id`, `key`, `uuid`, `guid`, `#`, or a name ending in `_id`, ` id`, `-id`, `Id`, `ID`, or starting with
 *   `id_`) or, for text, every value is a UUID. Distinct integers alone are not enough: a small file's
 *   amounts are often all different.
 * - a column with no value at all -> text
 *
 * Why the category cap of 1,000: beyond it a category is no longer something a filter menu can list or a
 * chart can colour (a 10-million-row file would otherwise call a 500,000-value column a category); it also
 * lets a sample rule most text columns out without counting the whole file.
 *
 * Stats: min, max and avg for numbers (as numbers), min and max for dates and times (as ISO-like text).
 *
 * Cost: a sample of the first 100,000 rows (every row of a small file) gives distinct counts that rule
 * most columns out; one aggregate pass over all rows reads only the columns still in question (numbers and
 * dates for stats; text and integers that may be categories or identifiers); identifiers are proven
 * distinct by a strictly increasing order, or else an exact distinct count.
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
export const CATEGORY_MAX_LIMIT = 1000;

/** The category rule's threshold for a row count: max(20, min(5 % of rows, 1,000)). */
export function categoryLimit(rows: number): number {
  return Math.max(CATEGORY_MIN_LIMIT, Math.min(Math.floor(CATEGORY_SHARE * rows), CATEGORY_MAX_LIMIT));
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

/**
 * Columns aggregated by one statement. Each distinct count is a hash table of its own (~2.4 MB even for two rows):
 * one statement over a 400-column file took ~850 MB and 500 columns exceeded the import instance's 1 GB limit.
 * Slices of 32 columns keep a statement's memory under ~80 MB whatever the width; Parquet segments are read by
 * column, so the slices read in all what one statement would.
 */
export const DETECT_COLUMNS_PER_STATEMENT = 32;

/**
 * Runs the aggregates of each column (`parts[i]`: the select items of column i) in statements of at most
 * DETECT_COLUMNS_PER_STATEMENT columns (`statement(select)` builds one); answers all their results in one row.
 */
async function aggregateInSlices(
  connection: DuckDBConnection,
  parts: string[][],
  statement: (select: string) => string,
): Promise<Record<string, Cell>> {
  const row: Record<string, Cell> = {};
  const columns = parts.filter((p) => p.length);
  for (let start = 0; start < columns.length; start += DETECT_COLUMNS_PER_STATEMENT) {
    const select = columns
      .slice(start, start + DETECT_COLUMNS_PER_STATEMENT)
      .flat()
      .join(', ');
    Object.assign(row, await queryOne(connection, statement(select)));
  }
  return row;
}

/** Detects types, precision, stats and preview for `columns` of `source` (see the module comment). */
export async function detectColumns(
  connection: DuckDBConnection,
  source: Source,
  columns: DetectInput[],
): Promise<{ rowCount: number; columns: DetectedColumn[] }> {
  const kinds = columns.map((c) => physicalKind(c.physicalType));
  const col = (i: number) => ident(columns[i].dbName);
  const from = `FROM ${source.sql} AS t`;
  const rows = num((await queryOne(connection, `SELECT count(*) AS n ${from}`)).n) ?? 0;
  const limit = categoryLimit(rows);
  const whole = rows <= SAMPLE_ROWS;

  // 1. Sample (the first SAMPLE_ROWS rows; all of them for a small file): distinct counts and the UUID shape
  //    of integer and text columns. A repeat or an empty cell in the sample rules an identifier out; more
  //    distinct values than the category limit rule a category out.
  const sampled = columns.flatMap((_, i) => (kinds[i] === 'integer' || kinds[i] === 'string' ? [i] : []));
  const sampleParts = sampled.map((i) => {
    const parts = [`count(DISTINCT ${col(i)}) AS s${i}`, `count(${col(i)}) AS sn${i}`];
    if (kinds[i] === 'string' && !isIdName(columns[i].name)) {
      parts.push(`bool_and(regexp_full_match(${col(i)}, '${UUID}')) AS su${i}`);
    }
    return parts;
  });
  const sample = await aggregateInSlices(
    connection,
    sampleParts,
    (select) => `SELECT ${select} FROM (SELECT * ${from} LIMIT ${SAMPLE_ROWS}) AS s`,
  );
  const categoryCandidate = (i: number) =>
    kinds[i] === 'string' && (num(sample[`s${i}`]) ?? 0) <= limit && (num(sample[`sn${i}`]) ?? 0) > 0;

  const idCandidate = (i: number) => {
    const values = num(sample[`sn${i}`]) ?? 0;
    return (
      values > 0 &&
      num(sample[`s${i}`]) === values &&
      (isIdName(columns[i].name) || sample[`su${i}`] === true) &&
      (!whole || values === rows)
    );
  };

  // 2. One pass over every row, reading only the columns still in question (module comment, Cost).
  const partsByColumn = columns.map((_, i) => {
    const parts: string[] = [];
    const kind = kinds[i];
    if (kind === 'integer' || kind === 'float' || kind === 'decimal') {
      parts.push(
        `CAST(min(${col(i)}) AS DOUBLE) AS lo${i}`,
        `CAST(max(${col(i)}) AS DOUBLE) AS hi${i}`,
        `CAST(avg(${col(i)}) AS DOUBLE) AS avg${i}`,
      );
    } else if (kind === 'date' || kind === 'timestamp' || kind === 'time') {
      parts.push(`CAST(min(${col(i)}) AS VARCHAR) AS lo${i}`, `CAST(max(${col(i)}) AS VARCHAR) AS hi${i}`);
    }
    if (kind === 'date' || kind === 'timestamp') {
      const ts = `CAST(${col(i)} AS TIMESTAMP)`;
      parts.push(`bool_or(month(${ts}) <> 1) AS month${i}`, `bool_or(day(${ts}) <> 1) AS day${i}`);
      if (kind === 'timestamp') {
        parts.push(
          `bool_or(epoch_us(${ts}) % 3600000000 <> 0) AS min${i}`,
          `bool_or(epoch_us(${ts}) % 86400000000 <> 0) AS hour${i}`,
          `bool_or(epoch_us(${ts}) % 60000000 <> 0) AS sec${i}`,
        );
      }
    }
    if (!whole && (idCandidate(i) || categoryCandidate(i))) {
      parts.push(`count(${col(i)}) AS n${i}`);
      // Categories have few values by now (the sample said so): counting them exactly is cheap.
      if (categoryCandidate(i)) parts.push(`count(DISTINCT ${col(i)}) AS x${i}`);
    }
    return parts;
  });
  const first = await aggregateInSlices(connection, partsByColumn, (select) => `SELECT ${select} ${from}`);

  // 3. Values per column and exact distinct counts where a rule depends on them.
  const values = (i: number) => num((whole ? sample : first)[`${whole ? 'sn' : 'n'}${i}`]) ?? 0;
  const distinct = new Map<number, number>();
  for (const i of sampled) {
    if (whole) {
      // The sample was every row: its counts are exact.
      if (idCandidate(i) || categoryCandidate(i)) distinct.set(i, num(sample[`s${i}`]) ?? 0);
    } else if (categoryCandidate(i)) {
      distinct.set(i, num(first[`x${i}`]) ?? 0);
    } else if (idCandidate(i) && values(i) === rows) {
      // Values that strictly increase in some order are all distinct; that check is a cheap streaming
      // window, the exact distinct count (a hash table of every value) is the fallback.
      const increasing = await queryOne(
        connection,
        `SELECT bool_and(up) AS up FROM (SELECT ${col(i)} > lag(${col(i)}) OVER () AS up ${from}) AS w`,
      );
      const exact =
        increasing.up === false
          ? num((await queryOne(connection, `SELECT count(DISTINCT ${col(i)}) AS d ${from}`)).d)
          : rows;
      distinct.set(i, exact ?? 0);
    }
  }

  const previewRows = await queryRows(
    connection,
    `SELECT ${columns.map((_, i) => col(i)).join(', ')} ${from} LIMIT ${PREVIEW_SIZE}`,
  );

  const detected = columns.map((c, i): DetectedColumn => {
    const kind = kinds[i];
    const n = values(i);
    const d = distinct.get(i) ?? null;
    const preview = previewRows.map((r) => r[c.dbName] ?? null);
    const isId = d !== null && n === rows && rows > 0 && d === rows && (isIdName(c.name) || sample[`su${i}`] === true);
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
      else if (d !== null && n > 0 && d <= limit && d < n) type = 'category';
      else type = 'text';
    } else type = 'text';
    return { dbName: c.dbName, type, ...(precision ? { precision } : {}), stats, preview };
  });
  return { rowCount: rows, columns: detected };
}
