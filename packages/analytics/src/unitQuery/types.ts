/**
 * The seam between the server and the card query compiler (issue "Query engine and cards").
 *
 * The server (which owns the metadata DB) resolves what a card reads; this package (DuckDB only) compiles and
 * runs it:
 *
 * 1. `unitQueryNeeds(input)` (pure): every feature id the card, its filters and its order reference.
 * 2. The server loads those features (only from the card's project: anything else counts as missing), and for
 *    every `sourceKeys(input, datasetOf)` pair `{datasetId, jobId}` builds the dataset's `Source`
 *    (`datasetCatalog` with that job, or all imported jobs for 'latest').
 * 3. `compileUnitQuery(input, catalog)` (pure): one SQL statement with bound parameters, or a `QueryError`
 *    whose code is the card error (feature-deleted, bad-operation, bad-filter, not-numeric...).
 * 4. `runUnitQuery(compiled)`: the rows (never more than `MAX_CARD_ROWS`; over it, 'too-much-data').
 */
import type { DuckDBValue } from '@duckdb/node-api';
import type {
  ChartVis,
  CrossFilter,
  DashboardFilter,
  DataRow,
  DatePrecision,
  KpiVis,
  OrderByEntry,
  SeriesMeta,
  TableVis,
} from '@tessera/shared';
import type { RollupPlan } from '../rollup.ts';
import type { Source } from '../source.ts';
import type { ColumnRef } from '../types.ts';

export type UnitQueryInput =
  | ({ type: 'chart'; vis: ChartVis } & UnitQueryOptions)
  | ({ type: 'kpi'; vis: KpiVis } & UnitQueryOptions)
  | ({ type: 'table'; vis: TableVis } & UnitQueryOptions);

export interface UnitQueryOptions {
  /** The dashboard's and tab's filters in force (or a public visitor's); incomplete ones are skipped. */
  filters: DashboardFilter[];
  /** A table's sort from the request (overrides `vis.orderBy`). */
  orderBy?: OrderByEntry[];
  /** 1-based page of a table (default 1). */
  page?: number;
  /** Rows of a table page (default TABLE_PAGE_SIZE). */
  limit?: number;
  /** Read this job for every series instead of each series' own choice. */
  jobId?: string;
  /** Every row (a table's download): no paging; still refused over MAX_CARD_ROWS. */
  allRows?: boolean;
  /**
   * Cross-filters (docs/cross-filters.md): on top of every other filter (AND between them), each on the sources
   * holding one of the features it reaches; on any other source it does not apply.
   */
  crossFilters?: ReachedCrossFilter[];
  /** "View rows" only: the conditions of the clicked element (drill.ts), on its source. */
  drill?: DrillCondition[];
}

/**
 * One selection as it reaches the card's datasets (docs/cross-filters.md: a join's pairing): its values (or date
 * part, or range) and the features it reaches (`featureIds`: the server's `FeatureLineage.reachOf`). On a source
 * it is one condition: a row is kept when any reached feature the source holds has one of the values (two copies of
 * a column, in a dataset joined with a join of itself; a join's two keys paired with the clicked one).
 */
export type ReachedCrossFilter = Omit<CrossFilter, 'featureId'> & { featureIds: string[] };

/**
 * One condition of a clicked element on the rows behind it: the feature's value made as the card made it
 * (`operation`: none, a date part, or a bin of `bins` bins whose bounds come from the rows the card binned) is one of `values`; or, for the clicked aggregate's own feature, not NULL.
 */
export type DrillCondition =
  | {
      kind: 'values';
      featureId: string;
      operation: string;
      values: Array<string | number | boolean | null>;
      /** A bin's number of bins. */
      bins?: number;
      /** The key series' own filters (its value is NULL on the rows they leave out). */
      keyFilters?: DashboardFilter[];
    }
  | { kind: 'not-null'; featureId: string };

/** A feature as the compiler sees it: where it lives and how to read it. */
export interface CatalogEntry {
  id: string;
  datasetId: string;
  name: string;
  ref: ColumnRef;
  precision?: DatePrecision | null;
}

export interface SourceKey {
  datasetId: string;
  /** 'latest' or a job id. */
  jobId: string;
}

export interface UnitCatalog {
  /** Undefined for a feature that is gone (or not of the card's project): the card shows 'feature-deleted'. */
  feature(id: string): CatalogEntry | undefined;
  /** Undefined when the dataset or job is gone (or has no column yet). */
  source(key: SourceKey): Source | undefined;
}

/** One column of the compiled statement and the output keys (series or column ids) that receive it. */
export interface OutputColumn {
  /** The statement's column alias (generated: `_k0`, `_v3`...; never a user text). */
  alias: string;
  /** The ids of the series or table columns that take this value (several key series may share one). */
  ids: string[];
}

/** What `compileUnitQuery` answers: one statement (plus a count for tables) and how to read its rows. */
export interface CompiledUnitQuery {
  kind: 'chart' | 'kpi' | 'table';
  /** The statement; empty when the card maps nothing (the answer is then empty without a query). */
  sql: string;
  /** Its bound values, in `$n` order. */
  params: DuckDBValue[];
  /** Tables: the statement counting every matching row, and its values (a prefix of `params`). */
  countSql?: string;
  countParams?: DuckDBValue[];
  /** Tables: the page alone, without its total (which a summary answered), on `params`. */
  pageSql?: string;
  /** The visible columns, in output order. */
  columns: OutputColumn[];
  /** Hidden columns holding a bin series' width (read from the first row into `SeriesMeta.binWidth`). */
  binWidths: { alias: string; seriesId: string }[];
  /** Charts: the statement carries the guard column `_n` (rows before the MAX_CARD_ROWS cut) and `_r`. */
  guarded: boolean;
  /** Tables: every row was asked for (a download): refused over MAX_CARD_ROWS. */
  allRows: boolean;
  series: SeriesMeta[];
  /** The same statement over a summary of its source, when one can answer it (rollup.ts); tables: the total. */
  rollup?: RollupPlan;
}

export interface UnitQueryResult {
  /** Charts and tables: rows keyed by series (column) id; KPI: one object keyed by KPI series id. */
  data: DataRow[] | DataRow;
  series: SeriesMeta[];
  /** Tables: rows matching the filters over all pages. */
  total?: number;
}
