/**
 * Sources: the relation a query reads from, with its catalog of columns. This is the seam the query
 * compiler builds on: `source.sql` goes into a FROM clause, `source.columns` is the only list of identifiers
 * a query may use.
 *
 * - `segmentSource(paths, columns, {clusteredPaths})`: a dataset, or one job of it (pass only that job's
 *   segment). Segments are read with `union_by_name`, so an append's columns line up by name whatever their
 *   order. With `clusteredPaths` (per job, its clustered copy when it has one, else its segment), the source
 *   also has a `clustered` relation: the same rows in another order (clustered.ts).
 * - `joinedSource({left, right, on, type})`: a joined dataset. It is built from its sources' current segment
 *   lists at query time, so new segments in a source (an append) appear in the join automatically.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { withConnection } from './engine.ts';
import { QueryError } from './errors.ts';
import { ident, isDbName, pathLiteral, queryRows } from './sql.ts';
import { isNumericKind, physicalKind } from './types.ts';

export interface SourceColumn {
  dbName: string;
  /** DuckDB type name, as `describeSegments` and `ingestCsv` answer it (stored as `feature.db.type`). */
  physicalType: string;
}

export interface Source {
  /** A parenthesised relation, usable as `FROM ${sql} AS t`. Rows in file order (the jobs', then each file's). */
  sql: string;
  columns: SourceColumn[];
  /**
   * The same rows and columns as `sql`, read from the jobs' clustered copies (ordered by a date, so a date
   * filter skips most row groups): only for queries whose answer does not depend on row order (chart and KPI
   * cards without a 'list' operation). Absent when no job has a copy, and on joined sources.
   */
  clustered?: string;
  /**
   * The files `sql` reads (segments). A segment may be written again at its path (a form's responses): what keeps
   * answers derived from the rows (rollup.ts) checks them, as the text of `sql` does not change.
   */
  files?: string[];
}

/** Type names we write into SQL: plain DuckDB names, optionally with a precision and a list suffix. */
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_ ]{0,40}(\(\d{1,3}(,\s*\d{1,3})?\))?(\[\])?$/;

function typeName(physicalType: string): string | undefined {
  return TYPE_NAME.test(physicalType.trim()) ? physicalType.trim() : undefined;
}

function checkColumns(columns: SourceColumn[]): void {
  const seen = new Set<string>();
  for (const c of columns) {
    if (!isDbName(c.dbName))
      throw new QueryError('bad-column', {
        code: 'query.invalidColumnName',
        params: { column: JSON.stringify(c.dbName) },
      });
    if (seen.has(c.dbName))
      throw new QueryError('bad-column', { code: 'query.duplicateColumn', params: { column: c.dbName } });
    seen.add(c.dbName);
  }
}

/**
 * A relation over Parquet segments with exactly the catalog's columns. Each column is read as its catalog
 * type (a no-op when the segments agree; TRY_CAST so a stale catalog yields NULLs, never a failed query).
 * With no segment (a dataset whose only job was deleted), the relation is empty but keeps its columns.
 */
export function segmentSource(
  paths: string[],
  columns: SourceColumn[],
  options: { clusteredPaths?: string[] } = {},
): Source {
  checkColumns(columns);
  if (!columns.length) throw new QueryError('bad-column', 'query.sourceNoColumn');
  if (!paths.length) {
    const list = columns.map((c) => `CAST(NULL AS ${typeName(c.physicalType) ?? 'VARCHAR'}) AS ${ident(c.dbName)}`);
    return { sql: `(SELECT ${list.join(', ')} LIMIT 0)`, columns };
  }
  const list = columns.map((c) => {
    const t = typeName(c.physicalType);
    return t ? `TRY_CAST(${ident(c.dbName)} AS ${t}) AS ${ident(c.dbName)}` : ident(c.dbName);
  });
  const relation = (files: string[]) =>
    `(SELECT ${list.join(', ')} FROM read_parquet([${files.map(pathLiteral).join(', ')}], union_by_name = true))`;
  const clustered = options.clusteredPaths;
  if (clustered && clustered.length !== paths.length) {
    throw new QueryError('bad-path', 'query.clusteredFiles');
  }
  const differs = clustered?.some((p, i) => p !== paths[i]);
  return {
    sql: relation(paths),
    columns,
    files: paths,
    ...(clustered && differs ? { clustered: relation(clustered) } : {}),
  };
}

export type JoinType = 'full' | 'left' | 'inner';
export const JOIN_TYPES: readonly JoinType[] = ['full', 'left', 'inner'];
/** Prefixes of a joined dataset's columns: left `c0` becomes `l_c0`, right `c0` becomes `r_c0`. */
export const JOIN_PREFIX = { left: 'l_', right: 'r_' } as const;

export interface JoinSpec {
  left: Source;
  right: Source;
  /** Pairs of [left dbName, right dbName]; rows match when every pair is equal. */
  on: [string, string][];
  type: JoinType;
}

/**
 * A joined dataset. Its columns are every left column prefixed `l_` and every right column prefixed `r_`
 * (both keys are kept: in a full join either may be NULL). Keys of different kinds (a number and a text)
 * are compared as text, so a join never fails on types.
 */
export function joinedSource(spec: JoinSpec): Source {
  if (!JOIN_TYPES.includes(spec.type))
    throw new QueryError('bad-join', { code: 'query.unknownJoinType', params: { type: String(spec.type) } });
  if (!spec.on.length) throw new QueryError('bad-join', 'query.joinNoPair');
  const find = (side: Source, name: string, label: string) => {
    const column = side.columns.find((c) => c.dbName === name);
    if (!column)
      throw new QueryError('bad-join', { code: 'query.unknownJoinColumn', params: { side: label, column: name } });
    return column;
  };
  const conditions = spec.on.map(([l, r]) => {
    const lc = find(spec.left, l, 'left');
    const rc = find(spec.right, r, 'right');
    const lk = physicalKind(lc.physicalType);
    const rk = physicalKind(rc.physicalType);
    const comparable = lk === rk || (isNumericKind(lk) && isNumericKind(rk));
    return comparable
      ? `l.${ident(l)} = r.${ident(r)}`
      : `CAST(l.${ident(l)} AS VARCHAR) = CAST(r.${ident(r)} AS VARCHAR)`;
  });
  const columns: SourceColumn[] = [
    ...spec.left.columns.map((c) => ({ dbName: JOIN_PREFIX.left + c.dbName, physicalType: c.physicalType })),
    ...spec.right.columns.map((c) => ({ dbName: JOIN_PREFIX.right + c.dbName, physicalType: c.physicalType })),
  ];
  checkColumns(columns);
  const list = [
    ...spec.left.columns.map((c) => `l.${ident(c.dbName)} AS ${ident(JOIN_PREFIX.left + c.dbName)}`),
    ...spec.right.columns.map((c) => `r.${ident(c.dbName)} AS ${ident(JOIN_PREFIX.right + c.dbName)}`),
  ];
  const join = { full: 'FULL OUTER JOIN', left: 'LEFT JOIN', inner: 'INNER JOIN' }[spec.type];
  return {
    sql: `(SELECT ${list.join(', ')} FROM ${spec.left.sql} AS l ${join} ${spec.right.sql} AS r ON ${conditions.join(' AND ')})`,
    columns,
    files: [...(spec.left.files ?? []), ...(spec.right.files ?? [])],
  };
}

/**
 * The columns of a set of segments and their unified types (what `union_by_name` reads: an append that
 * widened a column, BIGINT then VARCHAR, answers VARCHAR). Keep `feature.db.type` equal to this.
 */
export async function describeSegments(paths: string[], connection?: DuckDBConnection): Promise<SourceColumn[]> {
  if (!paths.length) return [];
  const sql = `DESCRIBE SELECT * FROM read_parquet([${paths.map(pathLiteral).join(', ')}], union_by_name = true)`;
  const run = async (c: DuckDBConnection) => {
    const rows = await queryRows(c, sql);
    return rows.map((r) => ({ dbName: String(r.column_name), physicalType: String(r.column_type) }));
  };
  return connection ? run(connection) : withConnection(run);
}
