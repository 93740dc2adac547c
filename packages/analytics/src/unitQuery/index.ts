/**
 * The card query compiler (issue "Query engine and cards"): a card's vis, its filters, the dashboard's and
 * tab's filters, its order and page compile to one DuckDB statement (tables: plus a count) whose identifiers
 * come only from the catalog (`columnExpression` of each feature, generated aliases) and whose values are only
 * bound parameters; the SQL text never depends on a filter value, a label or a number the user typed.
 *
 * - types.ts       the seam with the server (UnitQueryInput, UnitCatalog, CompiledUnitQuery, UnitQueryResult)
 * - needs.ts       `unitQueryNeeds`, `sourceKeys` (what to load before compiling)
 * - context.ts     feature and source lookups, WHERE of each source (dashboard, tab and card filters)
 * - filters.ts     data app filters to engine filters (valid ones only; 'bad-filter' on a type mismatch)
 * - conditions.ts  cross-filters and a clicked element's values as conditions
 * - drill.ts       "View rows": the rows behind a card or one of its elements (`compileDrill`)
 * - operations.ts  operations (aggregations, bins, date parts) as SQL
 * - chart.ts, kpi.ts, table.ts   each card kind's statement
 * - run.ts         `runUnitQuery` (rows keyed by series id, too-much-data guard), `toCsv`
 *
 * Card errors are QueryErrors with the codes: feature-deleted, bad-operation, bad-filter,
 * not-numeric, too-much-data.
 */

import type { RollupPlan } from '../rollup.ts';
import { compileChart } from './chart.ts';
import { CompileContext } from './context.ts';
import { compileKpi } from './kpi.ts';
import { compileTable } from './table.ts';
import type { CompiledUnitQuery, UnitCatalog, UnitQueryInput } from './types.ts';

export { badCrossFilter } from './conditions.ts';
export { type DrillInput, drillQueryInput, drillTarget } from './drill.ts';
export { sourceKeys, unitQueryNeeds } from './needs.ts';
export { runUnitQuery, toCsv } from './run.ts';
export type * from './types.ts';

/**
 * Compiles a card's query (pure: no I/O). Throws QueryError with a card error code. A chart or KPI that a
 * summary of its source can answer also carries that statement, a table the statement of its total (`rollup`:
 * rollup.ts).
 */
export function compileUnitQuery(input: UnitQueryInput, catalog: UnitCatalog): CompiledUnitQuery {
  const compiled = compileWith(new CompileContext(input, catalog));
  const rollup = rolledPlan(input, catalog);
  return rollup ? { ...compiled, rollup } : compiled;
}

/** The card compiled against a summary of its one source, or undefined when a summary cannot answer it. */
function rolledPlan(input: UnitQueryInput, catalog: UnitCatalog): RollupPlan | undefined {
  const ctx = new CompileContext(input, catalog, true);
  try {
    const { sql, params } = compileWith(ctx);
    if (!sql || !ctx.rollupSource) return undefined;
    return { source: ctx.rollupSource, dims: [...ctx.dims].sort(), sql, params };
  } catch {
    return undefined;
  }
}

function compileWith(ctx: CompileContext): CompiledUnitQuery {
  const { input } = ctx;
  switch (input.type) {
    case 'chart':
      return compileChart(ctx, input.vis);
    case 'kpi':
      return compileKpi(ctx, input.vis);
    case 'table':
      return compileTable(ctx, input.vis);
  }
}
