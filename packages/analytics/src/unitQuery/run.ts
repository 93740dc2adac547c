/**
 * Running a compiled card query, and its CSV text.
 *
 * Rows arrive as DuckDB's JSON values (BIGINT and HUGEINT as text, turned into numbers when safe by
 * `toCell`); the only work per row is building the object keyed by series id. A chart's statement carries
 * its guard (`_n`, the rows before the MAX_CARD_ROWS + 1 cut, and `_r`, set on real rows): over the limit
 * the answer is QueryError 'too-much-data' and no row ever left DuckDB. A table's page carries its total
 * (`_n`); only a page past the end runs the count alone, and a download counts first and refuses over
 * MAX_CARD_ROWS before reading any row.
 */
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { type DataRow, MAX_CARD_ROWS, type SeriesMeta } from '@tessera/shared';
import { withConnection } from '../engine.ts';
import { QueryError } from '../errors.ts';
import { csvField } from '../export.ts';
import { ROLLUP_RELATION, type RollupPlan, withRollup } from '../rollup.ts';
import { type Cell, queryOne, toCell } from '../sql.ts';
import type { CompiledUnitQuery, UnitQueryResult } from './types.ts';

const tooMuch = () =>
  new QueryError('too-much-data', { code: 'query.tooManyRows', params: { count: MAX_CARD_ROWS.toLocaleString('en') } });

interface Read {
  rows: DataRow[];
  /** The guard's count (charts). */
  count?: number;
  /** Hidden column values of the first row, by alias. */
  first: Record<string, Cell>;
}

async function read(
  connection: DuckDBConnection,
  compiled: CompiledUnitQuery,
  sql: string,
  params: DuckDBValue[],
): Promise<Read> {
  const reader = await connection.runAndReadAll(sql, params);
  const names = reader.columnNames();
  const typeIds = names.map((_, i) => reader.columnTypeId(i));
  const index = new Map(names.map((n, i) => [n, i]));
  const outputs = compiled.columns.flatMap((c) => {
    const i = index.get(c.alias);
    return i === undefined ? [] : [{ i, ids: c.ids, typeId: typeIds[i] }];
  });
  const json = reader.getRowsJson();
  const marker = index.get('_r');
  const guard = index.get('_n');
  const rows: DataRow[] = [];
  for (const row of json) {
    if (marker !== undefined && row[marker] === null) continue;
    const out: DataRow = {};
    for (const { i, ids, typeId } of outputs) {
      const cell = toCell(row[i], typeId) as DataRow[string];
      for (const id of ids) out[id] = cell;
    }
    rows.push(out);
  }
  const first: Record<string, Cell> = {};
  const firstRow = json.find((row) => marker === undefined || row[marker] !== null);
  if (firstRow) {
    names.forEach((n, i) => {
      first[n] = toCell(firstRow[i], typeIds[i]);
    });
  }
  const count = guard !== undefined && json.length ? Number(toCell(json[0][guard], typeIds[guard])) : undefined;
  return { rows, count, first };
}

function withBinWidths(compiled: CompiledUnitQuery, first: Record<string, Cell>): SeriesMeta[] {
  if (!compiled.binWidths.length) return compiled.series;
  return compiled.series.map((s) => {
    const bin = compiled.binWidths.find((b) => b.seriesId === s.id);
    const width = bin ? first[bin.alias] : undefined;
    return typeof width === 'number' ? { ...s, binWidth: width } : s;
  });
}

/**
 * Runs a compiled card query on `connection`, or on a pooled one: then from a summary of its source when it
 * has a rolled statement and the source has one (rollup.ts), else on the source; a table's total from the
 * summary and its page from the source. A rolled statement that fails for another reason than the card's own
 * (a QueryError) is not trusted: the source answers.
 */
export async function runUnitQuery(
  compiled: CompiledUnitQuery,
  connection?: DuckDBConnection,
): Promise<UnitQueryResult> {
  if (!compiled.sql) {
    return {
      data: compiled.kind === 'kpi' ? {} : [],
      series: compiled.series,
      ...(compiled.kind === 'table' ? { total: 0 } : {}),
    };
  }
  if (connection) return runOn(connection, compiled, compiled.sql, compiled.params);
  const { rollup } = compiled;
  if (rollup && compiled.kind === 'table') {
    const total = await fromSummary(rollup, (c, sql) => countOn(c, sql, rollup.params));
    if (total !== undefined) return withConnection((c) => pageOn(c, compiled, total));
  } else if (rollup) {
    const answer = await fromSummary(rollup, (c, sql) => runOn(c, compiled, sql, rollup.params));
    if (answer !== undefined) return answer;
  }
  return withConnection((c) => runOn(c, compiled, compiled.sql, compiled.params));
}

/** `run` on the statement of `rollup` over its summary; undefined when no summary answers (or it failed). */
async function fromSummary<T>(
  rollup: RollupPlan,
  run: (c: DuckDBConnection, sql: string) => Promise<T>,
): Promise<T | undefined> {
  try {
    const rolled = await withRollup(rollup.source, rollup.dims, (table) =>
      withConnection((c) => run(c, rollup.sql.replaceAll(ROLLUP_RELATION, table))),
    );
    return rolled?.value;
  } catch (error) {
    if (error instanceof QueryError) throw error;
    return undefined;
  }
}

const countOn = async (c: DuckDBConnection, sql: string, params: DuckDBValue[]) =>
  Number((await queryOne(c, sql, params))._n ?? 0);

/** A table's page, its total known (a download over the limit is refused before any row is read). */
async function pageOn(c: DuckDBConnection, compiled: CompiledUnitQuery, total: number): Promise<UnitQueryResult> {
  if (compiled.allRows && total > MAX_CARD_ROWS) throw tooMuch();
  const { rows } = await read(c, compiled, compiled.pageSql as string, compiled.params);
  return { data: rows, series: compiled.series, total };
}

async function runOn(
  c: DuckDBConnection,
  compiled: CompiledUnitQuery,
  sql: string,
  params: DuckDBValue[],
): Promise<UnitQueryResult> {
  if (compiled.kind === 'table') {
    const countOnly = () => countOn(c, compiled.countSql as string, compiled.countParams ?? []);
    // A download counts first: over the limit, no row is read.
    if (compiled.allRows && (await countOnly()) > MAX_CARD_ROWS) throw tooMuch();
    const { rows, count } = await read(c, compiled, sql, params);
    return { data: rows, series: compiled.series, total: rows.length ? (count ?? 0) : await countOnly() };
  }
  const { rows, count, first } = await read(c, compiled, sql, params);
  if (compiled.guarded && (count ?? 0) > MAX_CARD_ROWS) throw tooMuch();
  const series = withBinWidths(compiled, first);
  if (compiled.kind === 'kpi') return { data: rows[0] ?? {}, series };
  return { data: rows, series };
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return csvField(JSON.stringify(value));
  return csvField(String(value));
}

/** The CSV text of a card's answer (header from `header(seriesId)`), columns in series order. */
export function toCsv(result: UnitQueryResult, header: (seriesId: string) => string): string {
  const ids = result.series.map((s) => s.id);
  const rows = Array.isArray(result.data) ? result.data : [result.data];
  const lines = [ids.map((id) => csvField(header(id))).join(',')];
  for (const row of rows) lines.push(ids.map((id) => csvCell(row[id])).join(','));
  return `${lines.join('\n')}\n`;
}
