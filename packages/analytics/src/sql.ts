/**
 * The only places where text becomes SQL: identifiers come from the catalog and are checked against a strict
 * pattern before being quoted; values are bound parameters (`Params`); the one literal kind we write are file
 * paths the server built itself (`pathLiteral`), because DuckDB's table functions take constant arguments.
 */
import path from 'node:path';
import { type DuckDBConnection, DuckDBTypeId, type DuckDBValue } from '@duckdb/node-api';
import { QueryError } from './errors.ts';

/** A stable column name in the segments: `c0`, `c1`, ..., or a prefixed one for joins (`l_c0`, `r_c3`). */
const DB_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function isDbName(name: string): boolean {
  return DB_NAME.test(name);
}

/** Quotes a catalog column name; anything that is not a plain db name is refused, never escaped. */
export function ident(dbName: string): string {
  if (!isDbName(dbName))
    throw new QueryError('bad-column', { code: 'query.invalidColumnName', params: { column: JSON.stringify(dbName) } });
  return `"${dbName}"`;
}

/**
 * Quotes a column name that comes from outside the catalog (a model output's own names, renamed to db names as
 * they are read): escaped, since such a name is any text.
 */
export function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A file path as a SQL string literal. Paths are absolute and built by the server, never from user text. */
export function pathLiteral(filePath: string): string {
  const abs = path.resolve(filePath);
  if (/[\0\n\r]/.test(abs)) throw new QueryError('bad-path', 'query.invalidPath');
  return `'${abs.replaceAll("'", "''")}'`;
}

/** Collects bound values and hands out `$n` placeholders in order. */
export class Params {
  readonly values: DuckDBValue[] = [];
  add(value: DuckDBValue): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A JSON-safe cell: what rows, previews and stats hold. */
export type Cell = string | number | boolean | null | Cell[] | { [key: string]: Cell };

const BIG_INTEGERS = new Set<DuckDBTypeId>([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
]);

/**
 * Converts one value of DuckDB's JSON form into a cell. BIGINT arrives as a string: it becomes a number when
 * it is a safe integer and stays a string otherwise (never a silently rounded number). DECIMAL becomes a
 * number; NaN and infinities, which JSON cannot hold, become null. Dates and times stay ISO-like strings.
 */
export function toCell(value: unknown, typeId: DuckDBTypeId): Cell {
  if (value === null || value === undefined) return null;
  if (BIG_INTEGERS.has(typeId) && typeof value === 'string') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value;
  }
  if (typeId === DuckDBTypeId.DECIMAL && typeof value === 'string') return Number(value);
  if ((typeId === DuckDBTypeId.DOUBLE || typeId === DuckDBTypeId.FLOAT) && typeof value === 'string') return null;
  return value as Cell;
}

/** Runs a statement and returns its rows as objects of cells keyed by column name. */
export async function queryRows(
  connection: DuckDBConnection,
  sql: string,
  values: DuckDBValue[] = [],
): Promise<Record<string, Cell>[]> {
  const reader = await connection.runAndReadAll(sql, values);
  const names = reader.columnNames();
  const typeIds = names.map((_, i) => reader.columnTypeId(i));
  return reader.getRowsJson().map((row) => {
    const out: Record<string, Cell> = {};
    row.forEach((value, i) => {
      out[names[i]] = toCell(value, typeIds[i]);
    });
    return out;
  });
}

/** Runs a statement that answers one row. */
export async function queryOne(
  connection: DuckDBConnection,
  sql: string,
  values: DuckDBValue[] = [],
): Promise<Record<string, Cell>> {
  const rows = await queryRows(connection, sql, values);
  return rows[0] ?? {};
}
