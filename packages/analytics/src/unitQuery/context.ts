/**
 * What every card kind's compiler shares: feature and source lookups that turn a missing one into
 * 'feature-deleted', the job each series reads, and each source's WHERE clause.
 *
 * Filters in force on a source (dataset + job):
 * - `input.filters` (dashboard and tab): those on a feature of the source's dataset; a filter on a missing
 *   feature, or on a feature of another dataset, is ignored.
 * - `vis.filters` (the card's): those on a feature of the source's dataset; a missing feature is
 *   'feature-deleted'.
 * Only valid filters apply (see filters.ts); one whose type no longer fits its feature is 'bad-filter'.
 *
 * Which relation a source reads: its clustered one (`Source.clustered`, the rows ordered by a date so that
 * date filters skip row groups) when the answer does not depend on row order (`readsClusteredRows`: chart and
 * KPI cards, unless one of their series or sorts uses 'list', whose lists follow row order); otherwise, and
 * always for tables, its rows in file order (`Source.sql`).
 *
 * Rollup mode (`rolling`, rollup.ts): the same card compiled against a summary of its one source. Its
 * relation is ROLLUP_RELATION; every column it groups or filters on is recorded as a dimension (`dims`), and
 * its aggregates re-aggregate the summary's measures (`aggregate`). What a summary cannot answer throws
 * NotRollable: the card then reads its source.
 */
import { type Aggregation, chartSeries, type DashboardFilter, LATEST } from '@tessera/shared';
import { QueryError } from '../errors.ts';
import { hasMeasure, measureName, ROLLUP_RELATION, type RollupAggregate } from '../rollup.ts';
import type { Source } from '../source.ts';
import { ident, Params } from '../sql.ts';
import { columnExpression } from '../types.ts';
import { badCrossFilter, reachedCondition, valuesCondition } from './conditions.ts';
import { filtersCondition } from './filters.ts';
import { aggregateExpression, binCount, binExpression } from './operations.ts';
import type {
  CatalogEntry,
  DrillCondition,
  ReachedCrossFilter,
  SourceKey,
  UnitCatalog,
  UnitQueryInput,
} from './types.ts';

export const featureDeleted = () => new QueryError('feature-deleted', 'card.featureDeleted');

/** Rollup mode only: this card cannot be answered from a summary of its source. */
export class NotRollable extends Error {}

/** One source a card reads, with its generated names. */
export interface SourceContext {
  index: number;
  key: SourceKey;
  source: Source;
  /** Its CTE name: `_q{index}`. */
  name: string;
}

/** The job a series reads: the request's job, else the series' choice, else the latest data. */
export function jobOf(input: Pick<UnitQueryInput, 'jobId'>, seriesJob: string | undefined): string {
  return input.jobId ?? seriesJob ?? LATEST;
}

/** Whether a card's answer is the same whatever the order of its rows (see the module comment). */
export function readsClusteredRows(input: UnitQueryInput): boolean {
  switch (input.type) {
    case 'table':
      return false;
    case 'kpi':
      return !(input.vis.kpi ?? []).some((s) => s.operation === 'list');
    case 'chart':
      return (
        !chartSeries(input.vis).some((s) => s.series.operation === 'list') &&
        !(input.vis.orderBy ?? []).some((o) => o.operation === 'list')
      );
  }
}

export class CompileContext {
  readonly params = new Params();
  private readonly sources = new Map<string, SourceContext>();
  private readonly wheres = new Map<SourceContext, string>();
  private readonly dashboardFilters: Array<{ filter: DashboardFilter; entry: CatalogEntry }> = [];
  private readonly cardFilters: Array<{ filter: DashboardFilter; entry: CatalogEntry }> = [];
  private readonly crossFilters: Array<{ filter: ReachedCrossFilter; entries: CatalogEntry[] }> = [];

  /** Sources read their clustered relation when they have one. */
  readonly clustered: boolean;
  /** Rollup mode: the summarised source and the dimensions the card groups or filters on. */
  rollupSource: Source | undefined;
  readonly dims = new Set<string>();

  constructor(
    readonly input: UnitQueryInput,
    readonly catalog: UnitCatalog,
    readonly rolling = false,
  ) {
    this.clustered = readsClusteredRows(input);
    for (const filter of input.filters ?? []) {
      const entry = catalog.feature(filter.feature?.id);
      if (entry) this.dashboardFilters.push({ filter, entry });
    }
    for (const filter of input.vis.filters ?? []) {
      this.cardFilters.push({ filter, entry: this.entry(filter.feature?.id) });
    }
    for (const filter of input.crossFilters ?? []) {
      const entries = filter.featureIds.flatMap((id) => catalog.feature(id) ?? []);
      if (entries.length) this.crossFilters.push({ filter, entries });
    }
  }

  /** A feature of the card; 'feature-deleted' when it is gone. */
  entry(featureId: string | undefined): CatalogEntry {
    const entry = featureId ? this.catalog.feature(featureId) : undefined;
    if (!entry) throw featureDeleted();
    return entry;
  }

  /** The source of a dataset and job (registered on first use); 'feature-deleted' when it is gone. */
  source(datasetId: string, jobId: string): SourceContext {
    const id = `${datasetId}\u0000${jobId}`;
    let context = this.sources.get(id);
    if (!context) {
      const found = this.catalog.source({ datasetId, jobId });
      if (!found) throw featureDeleted();
      if (this.rolling) {
        if (this.rollupSource) throw new NotRollable('A summary is of one source');
        this.rollupSource = { sql: found.sql, columns: found.columns, files: found.files };
      }
      const source = this.rolling
        ? { sql: ROLLUP_RELATION, columns: found.columns }
        : this.clustered && found.clustered
          ? { sql: found.clustered, columns: found.columns }
          : found;
      const index = this.sources.size;
      context = { index, key: { datasetId, jobId }, source, name: `_q${index}` };
      this.sources.set(id, context);
    }
    return context;
  }

  allSources(): SourceContext[] {
    return [...this.sources.values()];
  }

  /** The source a feature is read from, checking the feature's column is in it. */
  sourceOf(entry: CatalogEntry, seriesJob: string | undefined): SourceContext {
    const context = this.source(entry.datasetId, jobOf(this.input, seriesJob));
    this.checkColumn(context, entry);
    return context;
  }

  checkColumn(context: SourceContext, entry: CatalogEntry): void {
    if (!context.source.columns.some((c) => c.dbName === entry.ref.dbName)) {
      throw featureDeleted();
    }
  }

  /**
   * The WHERE condition of a source: the dashboard's, tab's and card's valid filters on its dataset, the
   * cross-filters reaching its dataset (each one condition: any of the reached features it holds has a value),
   * then a clicked element's conditions ("View rows").
   */
  where(context: SourceContext): string {
    let where = this.wheres.get(context);
    if (where === undefined) {
      const has = (entry: CatalogEntry) => context.source.columns.some((c) => c.dbName === entry.ref.dbName);
      const onDataset = (f: { entry: CatalogEntry }) => f.entry.datasetId === context.key.datasetId;
      const dashboard = this.dashboardFilters.filter((f) => onDataset(f) && has(f.entry));
      const card = this.cardFilters.filter(onDataset);
      for (const f of card) this.checkColumn(context, f.entry);
      const cross = this.crossFilters.flatMap(({ filter, entries }) => {
        const held = entries.filter((entry) => onDataset({ entry }) && has(entry));
        return held.length ? [{ filter, entries: held }] : [];
      });
      this.dimensions([...[...dashboard, ...card].map((f) => f.entry), ...cross.flatMap((f) => f.entries)]);
      const parts = [
        filtersCondition([...dashboard, ...card], this.params),
        ...cross.map((f) => reachedCondition(f.entries, f.filter, this.params)),
      ].filter((p): p is string => !!p);
      const base = parts.length ? parts.join(' AND ') : 'TRUE';
      const drill = (this.input.drill ?? []).map((d) => this.drillCondition(context, d, base));
      where = [base, ...drill].join(' AND ');
      this.wheres.set(context, where);
    }
    return where;
  }

  /**
   * A clicked element's condition on the rows of `context` (whose other filters are `base`). A bin is the card's
   * own bin expression, its bounds read from the same rows the card binned: the rows are exactly the bin's.
   */
  private drillCondition(context: SourceContext, drill: DrillCondition, base: string): string {
    // A summary tells how many rows match, never which: "View rows" reads its source.
    if (this.rolling) throw new NotRollable('A clicked element is read from its source');
    const entry = this.entry(drill.featureId);
    this.checkColumn(context, entry);
    if (drill.kind === 'not-null') return `(${columnExpression(entry.ref)} IS NOT NULL)`;
    // A key series' own filters: the rows they leave out are the card's NULL key.
    const own = this.seriesCondition(context, drill.keyFilters);
    let value: string;
    if (drill.operation === 'bin') {
      const x = `CAST(${columnExpression(entry.ref)} AS DOUBLE)`;
      const rows = `FROM ${context.source.sql} AS t WHERE ${base}${own ? ` AND ${own}` : ''}`;
      const n = this.params.add(binCount(drill.bins));
      const bin = binExpression(x, `(SELECT min(${x}) ${rows})`, `(SELECT max(${x}) ${rows})`, n);
      const bounds = drill.values.flatMap((v) => {
        if (v === null) return [];
        if (typeof v !== 'number') throw badCrossFilter();
        return [`CAST(${this.params.add(String(v))} AS DOUBLE)`];
      });
      const parts = bounds.length ? [`${bin} IN (${bounds.join(', ')})`] : [];
      if (drill.values.includes(null)) parts.push(`${x} IS NULL`);
      value = `(${parts.join(' OR ')})`;
    } else {
      value = valuesCondition(entry, drill.operation, drill.values, this.params);
    }
    if (!own) return value;
    const unkeyed = drill.values.includes(null) ? ` OR NOT coalesce((${own}), FALSE)` : '';
    return `(((${own}) AND ${value})${unkeyed})`;
  }

  /** A series' own filters as one condition (undefined when none applies); they must be on its dataset. */
  seriesCondition(context: SourceContext, filters: DashboardFilter[] | undefined): string | undefined {
    if (!filters?.length) return undefined;
    const resolved = filters.map((filter) => ({ filter, entry: this.entry(filter.feature?.id) }));
    for (const f of resolved) {
      if (f.entry.datasetId !== context.key.datasetId) {
        throw new QueryError('bad-filter', {
          code: 'query.filterOtherDataset',
          params: { feature: JSON.stringify(f.entry.name) },
        });
      }
      this.checkColumn(context, f.entry);
    }
    this.dimensions(resolved.map((f) => f.entry));
    return filtersCondition(resolved, this.params);
  }

  /** Rollup mode: columns the card groups or filters on. */
  dimensions(entries: CatalogEntry[]): void {
    if (this.rolling) for (const entry of entries) this.dims.add(entry.ref.dbName);
  }

  /**
   * An aggregate of a feature over a group's rows (restricted to `condition`): `aggregateExpression`, or in
   * rollup mode the same from the summary's measures. A summary holds sums, counts, minimums and maximums of
   * columns as stored: a feature read through a cast, or another aggregation, is NotRollable.
   */
  aggregate(entry: CatalogEntry, op: Aggregation, condition?: string): string {
    if (!this.rolling) return aggregateExpression(entry, op, condition);
    const { dbName } = entry.ref;
    const source = this.rollupSource as Source;
    const numeric = entry.ref.type === 'number';
    const rolls = (a: RollupAggregate) => hasMeasure(source, dbName, a) && (numeric || a === 'count');
    if (columnExpression(entry.ref) !== ident(dbName)) throw new NotRollable(`${entry.name} is read through a cast`);
    const only = condition ? ` FILTER (WHERE ${condition})` : '';
    const of = (a: RollupAggregate, outer = a === 'count' ? 'sum' : a) => {
      if (!rolls(a)) throw new NotRollable(`No ${a} of ${entry.name} in a summary`);
      return `${outer}(${measureName(dbName, a)})${only}`;
    };
    switch (op) {
      case 'sum':
      case 'min':
      case 'max':
        return of(op);
      case 'count':
        return `CAST(coalesce(${of('count')}, 0) AS BIGINT)`;
      case 'avg':
        return `(CAST(${of('sum')} AS DOUBLE) / NULLIF(${of('count')}, 0))`;
      default:
        throw new NotRollable(`A summary has no ${op}`);
    }
  }
}
