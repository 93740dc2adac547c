/**
 * Reading datasets: pages of rows (the Data tab, `POST /datasets/{id}/data`), unique values and categories
 * (filter menus, the type dialog), column stats (the Features tab). Every function takes a `Source` (see
 * source.ts) and the columns to read as `ColumnRef`s: identifiers are only ever the source's catalog names,
 * values only bound parameters.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { withConnection } from './engine.ts';
import { QueryError } from './errors.ts';
import { compileFilters, type Filter } from './filters.ts';
import type { Source } from './source.ts';
import { type Cell, ident, Params, queryOne, queryRows } from './sql.ts';
import { type ColumnRef, columnExpression } from './types.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 10_000;

export interface OrderBy {
  column: ColumnRef;
  direction: 'ASC' | 'DESC';
}

export interface ReadOptions {
  source: Source;
  /** The columns to answer, each read as its feature type (hidden features left out by the caller). */
  columns: ColumnRef[];
  filters?: Filter[];
  orderBy?: OrderBy[];
  /** 1-based page number (default 1). */
  page?: number;
  /** Rows per page (default 50, at most 10,000). */
  limit?: number;
  connection?: DuckDBConnection;
}

export interface ReadResult {
  /** Rows keyed by db name. */
  rows: Record<string, Cell>[];
  /** Rows matching the filters, over all pages. */
  total: number;
}

/** Refuses columns that are not in the source's catalog. */
export function checkColumn(source: Source, column: ColumnRef): void {
  if (!source.columns.some((c) => c.dbName === column.dbName)) {
    throw new QueryError('bad-column', {
      code: 'query.unknownColumn',
      params: { column: JSON.stringify(column.dbName) },
    });
  }
}

function checkAll(source: Source, options: { columns?: ColumnRef[]; filters?: Filter[]; orderBy?: OrderBy[] }) {
  for (const c of options.columns ?? []) checkColumn(source, c);
  for (const f of options.filters ?? []) checkColumn(source, f.column);
  for (const o of options.orderBy ?? []) checkColumn(source, o.column);
}

/** ORDER BY clause; nulls always last (a product rule: empty values sort after the others). */
export function compileOrderBy(orderBy: OrderBy[] | undefined): string {
  if (!orderBy?.length) return '';
  const parts = orderBy.map((o) => {
    if (o.direction !== 'ASC' && o.direction !== 'DESC') throw new QueryError('bad-order', 'query.badOrder');
    return `${columnExpression(o.column)} ${o.direction} NULLS LAST`;
  });
  return ` ORDER BY ${parts.join(', ')}`;
}

function pageOf(options: { page?: number; limit?: number }): { limit: number; offset: number } {
  const page = options.page ?? 1;
  const limit = options.limit ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1) throw new QueryError('bad-page', 'query.badPage');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new QueryError('bad-page', { code: 'query.badLimit', params: { max: MAX_PAGE_SIZE } });
  }
  return { limit, offset: (page - 1) * limit };
}

function run<T>(connection: DuckDBConnection | undefined, fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
  return connection ? fn(connection) : withConnection(fn);
}

/** One page of rows and the total matching the filters. Without orderBy, rows come in file order. */
export async function readDataset(options: ReadOptions): Promise<ReadResult> {
  const { source, columns } = options;
  checkAll(source, options);
  if (!columns.length) throw new QueryError('bad-column', 'query.noColumn');
  const { limit, offset } = pageOf(options);
  const params = new Params();
  const where = compileFilters(options.filters, params);
  const select = columns.map((c) => `${columnExpression(c)} AS ${ident(c.dbName)}`).join(', ');
  const order = compileOrderBy(options.orderBy);
  const rowsSql = `SELECT ${select} FROM ${source.sql} AS t WHERE ${where}${order} LIMIT ${limit} OFFSET ${offset}`;
  const countSql = `SELECT count(*) AS n FROM ${source.sql} AS t WHERE ${where}`;
  return run(options.connection, async (c) => {
    const rows = await queryRows(c, rowsSql, params.values);
    const count = await queryOne(c, countSql, params.values);
    return { rows, total: Number(count.n ?? 0) };
  });
}

export interface ValuesOptions {
  filters?: Filter[];
  /** At most this many values (default 100, at most 10,000). */
  limit?: number;
  connection?: DuckDBConnection;
}

function limitOf(limit: number | undefined, fallback: number): number {
  const n = limit ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE) {
    throw new QueryError('bad-page', { code: 'query.badLimit', params: { max: MAX_PAGE_SIZE } });
  }
  return n;
}

/** Distinct non-empty values of a column read as its feature type, in ascending order. */
export async function uniqueValues(source: Source, column: ColumnRef, options: ValuesOptions = {}): Promise<Cell[]> {
  checkAll(source, { columns: [column], filters: options.filters });
  const limit = limitOf(options.limit, 100);
  const params = new Params();
  const where = compileFilters(options.filters, params);
  const e = columnExpression(column);
  const sql = `SELECT DISTINCT ${e} AS v FROM ${source.sql} AS t WHERE ${where} AND ${e} IS NOT NULL ORDER BY v LIMIT ${limit}`;
  return run(options.connection, async (c) => (await queryRows(c, sql, params.values)).map((r) => r.v));
}

/** A category list: each value with its row count, most frequent first (ties by value). */
export async function categories(
  source: Source,
  column: ColumnRef,
  options: ValuesOptions = {},
): Promise<{ value: Cell; count: number }[]> {
  checkAll(source, { columns: [column], filters: options.filters });
  const limit = limitOf(options.limit, 1000);
  const params = new Params();
  const where = compileFilters(options.filters, params);
  const e = columnExpression(column);
  const sql = `SELECT ${e} AS v, count(*) AS n FROM ${source.sql} AS t WHERE ${where} AND ${e} IS NOT NULL
               GROUP BY v ORDER BY n DESC, v LIMIT ${limit}`;
  return run(options.connection, async (c) =>
    (await queryRows(c, sql, params.values)).map((r) => ({ value: r.v, count: Number(r.n) })),
  );
}

export interface ColumnSummary {
  /** Numbers for number features; text otherwise (ISO-like for dates and times). */
  min: Cell;
  max: Cell;
  /** Mean, for number features only. */
  avg: number | null;
  /** Rows with a value. */
  count: number;
  /** Rows without a value. */
  nulls: number;
  distinct: number;
}

/** Stats of a column read as its feature type (Max, Min and Mean on the Features tab). */
export async function columnStats(
  source: Source,
  column: ColumnRef,
  options: { filters?: Filter[]; connection?: DuckDBConnection } = {},
): Promise<ColumnSummary> {
  checkAll(source, { columns: [column], filters: options.filters });
  const params = new Params();
  const where = compileFilters(options.filters, params);
  const e = columnExpression(column);
  const isNumber = column.type === 'number';
  const bound = isNumber ? (x: string) => `CAST(${x} AS DOUBLE)` : (x: string) => `CAST(${x} AS VARCHAR)`;
  const sql = `SELECT ${bound(`min(${e})`)} AS lo, ${bound(`max(${e})`)} AS hi,
                      ${isNumber ? `CAST(avg(${e}) AS DOUBLE)` : 'NULL'} AS mean,
                      count(${e}) AS n, count(*) - count(${e}) AS nulls, count(DISTINCT ${e}) AS d
               FROM ${source.sql} AS t WHERE ${where}`;
  return run(options.connection, async (c) => {
    const r = await queryOne(c, sql, params.values);
    return {
      min: r.lo ?? null,
      max: r.hi ?? null,
      avg: typeof r.mean === 'number' ? r.mean : null,
      count: Number(r.n ?? 0),
      nulls: Number(r.nulls ?? 0),
      distinct: Number(r.d ?? 0),
    };
  });
}
