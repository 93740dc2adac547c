/**
 * Table cards: one page of rows keyed by column id, and the count of every matching row (the table
 * mapping and its page size).
 *
 * Every column is read as its feature's current type (dates as ISO text). All columns come from one dataset
 * and a feature appears once, else 'bad-operation'. The job is the request's, else the first column's choice.
 * Sort: `input.orderBy` (the table's header sort) when given, else `vis.orderBy`, NULLs last; a feature that
 * is not a column of the table may order it too (same dataset). Paging: `limit` rows (default
 * TABLE_PAGE_SIZE, at most MAX_PAGE_SIZE) from 1-based `page`; `allRows` (a download) has no paging and is
 * refused over MAX_CARD_ROWS, which the count tells before any row is read.
 *
 * One statement answers the page and the total (a scalar count on every row); `countSql` alone serves a
 * page past the end and a download's check. The page is cut on raw values, then formatted. Compiled against a
 * summary (rollup mode), a table is its total alone: the page (`pageSql`) then reads the source without it.
 */
import { MAX_CARD_ROWS, type OrderByEntry, type SeriesMeta, TABLE_PAGE_SIZE, type TableVis } from '@tessera/shared';
import { QueryError } from '../errors.ts';
import { MAX_PAGE_SIZE } from '../query.ts';
import { ROLLUP_ROWS } from '../rollup.ts';
import { columnExpression } from '../types.ts';
import { type CompileContext, jobOf } from './context.ts';
import { badOperation, isoText } from './operations.ts';
import type { CompiledUnitQuery } from './types.ts';

function checkedPage(page: number | undefined, limit: number | undefined): { page: number; limit: number } {
  const p = page ?? 1;
  const l = limit ?? TABLE_PAGE_SIZE;
  if (!Number.isInteger(p) || p < 1 || !Number.isSafeInteger(p * MAX_PAGE_SIZE)) {
    throw new QueryError('bad-page', 'query.badPage');
  }
  if (!Number.isInteger(l) || l < 1 || l > MAX_PAGE_SIZE) {
    throw new QueryError('bad-page', { code: 'query.badLimit', params: { max: MAX_PAGE_SIZE } });
  }
  return { page: p, limit: l };
}

export function compileTable(ctx: CompileContext, vis: TableVis): CompiledUnitQuery {
  const { input } = ctx;
  const table = vis.table ?? [];
  const allRows = !!input.allRows;
  const { page, limit } = checkedPage(input.page, input.limit);
  const empty: CompiledUnitQuery = {
    kind: 'table',
    sql: '',
    params: [],
    columns: [],
    binWidths: [],
    guarded: false,
    allRows,
    series: [],
  };
  if (!table.length) return empty;
  const entries = table.map((column) => ctx.entry(column.feature?._id));
  const datasetId = entries[0].datasetId;
  if (entries.some((e) => e.datasetId !== datasetId)) {
    throw badOperation('table-datasets');
  }
  if (new Set(entries.map((e) => e.id)).size !== entries.length) {
    throw badOperation('table-duplicate');
  }
  const source = ctx.source(datasetId, jobOf(input, table[0].jobId));
  for (const entry of entries) ctx.checkColumn(source, entry);
  const where = ctx.where(source);
  const countParams = [...ctx.params.values];
  const from = `FROM ${source.source.sql} AS t WHERE ${where}`;
  // Over a summary (rollup mode) only the total is asked: a summary tells how many rows match, never which.
  if (ctx.rolling) {
    return {
      ...empty,
      sql: `SELECT CAST(coalesce(sum(${ROLLUP_ROWS}), 0) AS BIGINT) AS _n ${from}`,
      params: countParams,
    };
  }

  // The page is cut on raw values; only its rows are then formatted (ISO dates): formatting before the sort
  // would format every matching row.
  const inner = entries.map((entry, i) => `${columnExpression(entry.ref)} AS _v${i}`);
  const outer = entries.map((entry, i) => `${entry.ref.type === 'date' ? isoText(`p._v${i}`) : `p._v${i}`} AS _v${i}`);
  const sort: OrderByEntry[] = input.orderBy ?? (vis as { orderBy?: OrderByEntry[] }).orderBy ?? [];
  const order = sort.map((o, m) => {
    const direction = o.type === 'DESC' ? 'DESC' : 'ASC';
    const entry = ctx.entry(o.value);
    const i = entries.findIndex((e) => e.id === entry.id);
    if (i >= 0) return { inner: `_v${i} ${direction} NULLS LAST`, outer: `p._v${i} ${direction} NULLS LAST` };
    if (entry.datasetId !== datasetId) {
      throw badOperation();
    }
    ctx.checkColumn(source, entry);
    inner.push(`${columnExpression(entry.ref)} AS _o${m}`);
    return { inner: `_o${m} ${direction} NULLS LAST`, outer: `p._o${m} ${direction} NULLS LAST` };
  });
  const orderBy = (side: 'inner' | 'outer') =>
    order.length ? ` ORDER BY ${order.map((o) => o[side]).join(', ')}` : '';
  const paging = allRows
    ? ` LIMIT ${ctx.params.add(MAX_CARD_ROWS + 1)}`
    : ` LIMIT ${ctx.params.add(limit)} OFFSET ${ctx.params.add((page - 1) * limit)}`;
  // The total rides along as a scalar subquery (computed once): one statement answers the page and the
  // total; `countSql` is only needed for a page past the end (no row to carry it). `pageSql` is the page
  // alone, for a total that a summary answered.
  const total = `(SELECT count(*) ${from}) AS _n`;
  const statement = (columns: string[]) =>
    `SELECT ${columns.join(', ')} FROM (SELECT ${inner.join(', ')} ${from}${orderBy('inner')}${paging}) AS p${orderBy('outer')}`;
  const series: SeriesMeta[] = table.map((column, i) => ({
    id: column.id,
    role: 'table',
    axis: 0,
    featureId: entries[i].id,
    operation: '',
    valueType: entries[i].ref.type,
    label: entries[i].name,
  }));
  return {
    kind: 'table',
    sql: statement([...outer, total]),
    params: ctx.params.values,
    countSql: `SELECT count(*) AS _n ${from}`,
    countParams,
    pageSql: statement(outer),
    columns: table.map((column, i) => ({ alias: `_v${i}`, ids: [column.id] })),
    binWidths: [],
    guarded: false,
    allRows,
    series,
  };
}
