/**
 * Chart cards to one SQL statement (chart vis, operations, limits).
 *
 * Modes:
 * - Aggregated, when any series has an aggregation (sum, avg, med, max, min, count, distinctCount, list), and
 *   always for a boxplot. The keys are the independent and group-by series without an aggregation (a bin or a
 *   date part groups by its transform, none by the raw value); every other series (dependent, other
 *   dimensions, gradient, tooltip) must aggregate, else 'bad-operation'. A boxplot's dependent series (a number
 *   with no operation) answers `[min, q1, median, q3, max]` (interpolated quartiles) per key group.
 * - Raw otherwise: one row per source row, each series' transform (bin, date part) applied; all its series
 *   must read one source (dataset and job), else 'bad-operation'.
 *
 * Several sources (datasets, or jobs of one): each source's series compile into a CTE grouped by the keys;
 * the CTEs are joined FULL OUTER on the keys (NULL keys match each other). The first source's key series
 * define the key slots (independent ones, then group-by ones); every other source must map as many of each,
 * of the same value kind, matched by position, else 'bad-operation'. With no key, the one-row CTEs are
 * cross joined.
 *
 * A series' own filters restrict only its value: `agg(x) FILTER (WHERE ...)` in an aggregate, `CASE WHEN`
 * otherwise. Order: `vis.orderBy` when set (a mapped feature orders by that series' output, preferring the
 * series with the same operation; an unmapped one in aggregated mode by its aggregate with the entry's
 * operation, in raw mode by its value or date part), else the keys ascending (raw: the independent series);
 * NULLs always last. 'not-numeric': every dependent series answers something else than numbers.
 *
 * The statement never sends more than MAX_CARD_ROWS rows: the rows go through `_body`, cut at
 * MAX_CARD_ROWS + 1 inside DuckDB and counted there (`_n`); over the limit, only the count comes back
 * (run.ts turns it into 'too-much-data').
 */
import {
  type ChartBucket,
  type ChartVis,
  chartSeries,
  isAggregation,
  isDatePart,
  MAX_CARD_ROWS,
  type Series,
  type SeriesMeta,
  type StoredOperation,
} from '@tessera/shared';
import { QueryError } from '../errors.ts';
import { columnExpression } from '../types.ts';
import { type CompileContext, NotRollable, type SourceContext } from './context.ts';
import {
  badOperation,
  binCount,
  binExpression,
  binWidthExpression,
  boxplotExpression,
  checkedOperation,
  isNumericValue,
  keyForm,
  rowExpression,
  valueTypeOf,
} from './operations.ts';
import type { CatalogEntry, CompiledUnitQuery, OutputColumn } from './types.ts';

interface Item {
  index: number;
  bucket: ChartBucket | 'tooltip';
  axis: number;
  series: Series;
  entry: CatalogEntry;
  op: StoredOperation;
  source: SourceContext;
  condition?: string;
  valueType: string;
  /** Aggregated mode: the key slot this key series fills. */
  slot?: number;
}

/** Per source: the select list of its CTE and its bin statistics. */
interface SourcePlan {
  keys: string[];
  values: string[];
  bins: string[];
}

const isKeyBucket = (bucket: string) => bucket === 'independent' || bucket === 'groupBy';

function normalized(vis: ChartVis): ChartVis {
  return {
    ...vis,
    independent: vis.independent ?? [],
    dependent: vis.dependent ?? [],
    otherDimensions: vis.otherDimensions ?? [],
    gradientDimension: vis.gradientDimension ?? [],
    groupBy: vis.groupBy ?? [],
    orderBy: vis.orderBy ?? [],
    tooltip: { series: vis.tooltip?.series ?? [] },
  };
}

export function compileChart(ctx: CompileContext, rawVis: ChartVis): CompiledUnitQuery {
  const vis = normalized(rawVis);
  const boxplot = vis.chartType === 'boxplot';
  const items: Item[] = chartSeries(vis).map(({ bucket, axis, series }, index) => {
    const entry = ctx.entry(series.feature?._id);
    const op = checkedOperation(entry, series.operation);
    const source = ctx.sourceOf(entry, series.jobId);
    return { index, bucket, axis, series, entry, op, source, valueType: valueTypeOf(entry, op) };
  });
  const empty: CompiledUnitQuery = {
    kind: 'chart',
    sql: '',
    params: [],
    columns: [],
    binWidths: [],
    guarded: false,
    allRows: false,
    series: [],
  };
  if (!items.length) return empty;

  const aggregated = boxplot || items.some((i) => isAggregation(i.op));
  const keys = aggregated ? items.filter((i) => isKeyBucket(i.bucket) && !isAggregation(i.op)) : [];
  for (const item of items) {
    if (!aggregated || keys.includes(item)) continue;
    if (boxplot && item.bucket === 'dependent') {
      if (item.op !== '') throw badOperation('boxplot-operation');
      if (item.entry.ref.type !== 'number') throw new QueryError('not-numeric', 'query.boxplotNotNumeric');
      item.valueType = 'boxplot';
    } else if (!isAggregation(item.op)) {
      throw badOperation('needs-aggregation', { feature: item.entry.name });
    }
  }
  const dependents = items.filter((i) => i.bucket === 'dependent');
  if (dependents.length && !dependents.some((i) => isNumericValue(i.valueType))) {
    throw new QueryError('not-numeric', 'query.chartNotNumeric');
  }
  if (ctx.rolling && (boxplot || !aggregated)) throw new NotRollable('A summary answers aggregates');
  ctx.dimensions(keys.map((k) => k.entry));
  const sources = ctx.allSources();
  if (!aggregated && sources.length > 1) {
    throw badOperation('several-datasets');
  }

  // Every source's WHERE first, then each series' own filters.
  const plans = new Map<SourceContext, SourcePlan>(sources.map((s) => [s, { keys: [], values: [], bins: [] }]));
  for (const s of sources) ctx.where(s);
  for (const item of items) item.condition = ctx.seriesCondition(item.source, item.series.filters);

  const slotCount = assignSlots(keys, sources);
  const columns: OutputColumn[] = [];
  const binWidths: { alias: string; seriesId: string }[] = [];
  const finalList: string[] = [];
  const binWidthList: string[] = [];

  /** The value of a series on its row (raw mode, or a key's grouping form): bins, date parts, none. */
  const rowValue = (item: Item, asKey = false): string => {
    const plan = plans.get(item.source) as SourcePlan;
    let e: string;
    if (item.op === 'bin') {
      const n = ctx.params.add(binCount(item.series.numberOfBins));
      const x = `CAST(${columnExpression(item.entry.ref)} AS DOUBLE)`;
      const only = item.condition ? ` FILTER (WHERE ${item.condition})` : '';
      const b = `_b${item.source.index}`;
      plan.bins.push(`min(${x})${only} AS _lo${item.index}`, `max(${x})${only} AS _hi${item.index}`);
      const [lo, hi] = [`${b}._lo${item.index}`, `${b}._hi${item.index}`];
      e = binExpression(x, lo, hi, n);
      binWidthList.push(
        `(SELECT ${binWidthExpression(`_lo${item.index}`, `_hi${item.index}`, n)} FROM ${b}) AS _w${item.index}`,
      );
      binWidths.push({ alias: `_w${item.index}`, seriesId: item.series.id });
    } else {
      e = asKey ? keyForm(item.entry, item.op).group : rowExpression(item.entry, item.op);
      // Ids of several sources may be stored as numbers in one and text in the other: joined as text.
      if (asKey && sources.length > 1 && item.entry.ref.type === 'id') e = `CAST(${e} AS VARCHAR)`;
    }
    return item.condition ? `(CASE WHEN ${item.condition} THEN ${e} END)` : e;
  };

  if (aggregated) {
    for (let slot = 0; slot < slotCount; slot++) {
      const filling = keys.filter((k) => k.slot === slot);
      for (const k of filling) (plans.get(k.source) as SourcePlan).keys[slot] = `${rowValue(k, true)} AS _k${slot}`;
      // Keys are grouped in a cheap form (a truncated timestamp...) and formatted once grouped.
      const present = keyForm(filling[0].entry, filling[0].op).present;
      const refs = sources.map((s) => `${s.name}._k${slot}`);
      finalList.push(`${present(refs.length > 1 ? `COALESCE(${refs.join(', ')})` : refs[0])} AS _k${slot}`);
      columns.push({ alias: `_k${slot}`, ids: filling.map((k) => k.series.id) });
    }
    for (const item of items) {
      if (keys.includes(item)) continue;
      const value =
        boxplot && item.bucket === 'dependent'
          ? boxplotExpression(item.entry, item.condition)
          : ctx.aggregate(item.entry, item.op as never, item.condition);
      (plans.get(item.source) as SourcePlan).values.push(`${value} AS _v${item.index}`);
      finalList.push(`${item.source.name}._v${item.index} AS _v${item.index}`);
      columns.push({ alias: `_v${item.index}`, ids: [item.series.id] });
    }
  } else {
    for (const item of items) {
      (plans.get(item.source) as SourcePlan).values.push(`${rowValue(item)} AS _v${item.index}`);
      finalList.push(`${item.source.name}._v${item.index} AS _v${item.index}`);
      columns.push({ alias: `_v${item.index}`, ids: [item.series.id] });
    }
  }

  const order = orderClause(ctx, vis, items, aggregated, sources, plans, finalList, columns);

  const ctes: string[] = [];
  for (const s of sources) {
    const plan = plans.get(s) as SourcePlan;
    const where = ctx.where(s);
    const from = `${s.source.sql} AS t`;
    if (plan.bins.length) ctes.push(`_b${s.index} AS (SELECT ${plan.bins.join(', ')} FROM ${from} WHERE ${where})`);
    const list = [...plan.keys, ...plan.values];
    const group = aggregated && slotCount ? ` GROUP BY ${plan.keys.map((_, i) => i + 1).join(', ')}` : '';
    const bins = plan.bins.length ? `, _b${s.index}` : '';
    ctes.push(
      `${s.name} AS (SELECT ${list.length ? list.join(', ') : '1 AS _one'} FROM ${from}${bins} WHERE ${where}${group})`,
    );
  }
  const max = ctx.params.add(MAX_CARD_ROWS);
  const maxPlusOne = ctx.params.add(MAX_CARD_ROWS + 1);
  const body = `SELECT ${[...finalList, ...binWidthList, '1 AS _r'].join(', ')} FROM ${joinClause(sources, slotCount)} LIMIT ${maxPlusOne}`;
  ctes.push(`_body AS MATERIALIZED (${body})`, '_count AS (SELECT count(*) AS _n FROM _body)');
  const sql =
    `WITH ${ctes.join(', ')} SELECT _count._n, _body.* FROM _count LEFT JOIN _body ON _count._n <= ${max}` +
    (order.length ? ` ORDER BY ${order.join(', ')}` : '');

  const series: SeriesMeta[] = items.map((i) => ({
    id: i.series.id,
    role: i.bucket,
    axis: Math.max(0, i.axis),
    featureId: i.entry.id,
    operation: i.op,
    valueType: i.valueType,
    label: i.series.label || i.entry.name,
  }));
  return {
    kind: 'chart',
    sql,
    params: ctx.params.values,
    columns,
    binWidths,
    guarded: true,
    allRows: false,
    series,
  };
}

/**
 * Gives each key series its slot: the first source's keys in order (independent, then group-by); another
 * source's keys by position within the same bucket. Answers the number of slots.
 */
function assignSlots(keys: Item[], sources: SourceContext[]): number {
  if (!keys.length) return 0;
  const first = sources[0];
  const template = keys.filter((k) => k.source === first);
  template.forEach((k, slot) => {
    k.slot = slot;
  });
  for (const s of sources.slice(1)) {
    const own = keys.filter((k) => k.source === s);
    const sameShape =
      own.length === template.length &&
      (['independent', 'groupBy'] as const).every(
        (b) => own.filter((k) => k.bucket === b).length === template.filter((k) => k.bucket === b).length,
      );
    if (!sameShape) {
      throw badOperation('several-datasets');
    }
    for (const b of ['independent', 'groupBy'] as const) {
      const mine = own.filter((k) => k.bucket === b);
      template
        .filter((k) => k.bucket === b)
        .forEach((t, position) => {
          const k = mine[position];
          if (k.valueType !== t.valueType) {
            throw badOperation('several-datasets');
          }
          k.slot = t.slot;
        });
    }
  }
  return template.length;
}

function joinClause(sources: SourceContext[], slotCount: number): string {
  let clause = sources[0].name;
  sources.slice(1).forEach((s, i) => {
    if (!slotCount) {
      clause += ` CROSS JOIN ${s.name}`;
      return;
    }
    const before = sources.slice(0, i + 1);
    const on = Array.from({ length: slotCount }, (_, slot) => {
      const left =
        before.length > 1
          ? `COALESCE(${before.map((b) => `${b.name}._k${slot}`).join(', ')})`
          : `${before[0].name}._k${slot}`;
      return `${left} IS NOT DISTINCT FROM ${s.name}._k${slot}`;
    });
    clause += ` FULL OUTER JOIN ${s.name} ON ${on.join(' AND ')}`;
  });
  return clause;
}

/** The outer ORDER BY (over `_body`'s columns), adding hidden order columns `_o{m}` where needed. */
function orderClause(
  ctx: CompileContext,
  vis: ChartVis,
  items: Item[],
  aggregated: boolean,
  sources: SourceContext[],
  plans: Map<SourceContext, SourcePlan>,
  finalList: string[],
  columns: OutputColumn[],
): string[] {
  const aliasOf = (item: Item) => columns.find((c) => c.ids.includes(item.series.id))?.alias as string;
  const entries = vis.orderBy ?? [];
  // The groups' keys (or the independent values) in order: the order when none is asked, and after the asked
  // one, so that rows it ties come in one order every time (a page of an aggregated chart is always the same).
  const defaults = aggregated
    ? columns.filter((c) => c.alias.startsWith('_k')).map((c) => c.alias)
    : items.filter((i) => i.bucket === 'independent').map(aliasOf);
  const asked = entries.map((orderBy, m): { column: string; direction: string } => {
    const direction = orderBy.type === 'DESC' ? 'DESC' : 'ASC';
    const entry = ctx.entry(orderBy.value);
    const wanted = orderBy.operation ?? '';
    const mapped = items.filter((i) => i.entry.id === entry.id);
    const item = mapped.find((i) => i.op === wanted) ?? mapped[0];
    if (item) return { column: aliasOf(item), direction };
    const op = checkedOperation(entry, wanted);
    const source = sources.find((s) => s.key.datasetId === entry.datasetId);
    if (!source) {
      throw badOperation('order-by', {
        feature: entry.name,
      });
    }
    ctx.checkColumn(source, entry);
    let value: string;
    if (aggregated) {
      if (!isAggregation(op)) {
        throw badOperation('order-by', {
          feature: entry.name,
        });
      }
      value = ctx.aggregate(entry, op);
    } else {
      if (isAggregation(op)) {
        throw badOperation('order-by', {
          feature: entry.name,
        });
      }
      // A bin keeps the values' order: order by the value itself.
      value = isDatePart(op) || op === '' ? rowExpression(entry, op) : columnExpression(entry.ref);
    }
    (plans.get(source) as SourcePlan).values.push(`${value} AS _o${m}`);
    finalList.push(`${source.name}._o${m} AS _o${m}`);
    return { column: `_o${m}`, direction };
  });
  const orderedBy = new Set(asked.map((o) => o.column));
  const tieBreaks = defaults.filter((column) => !orderedBy.has(column)).map((column) => ({ column, direction: 'ASC' }));
  return [...asked, ...tieBreaks].map((o) => `_body.${o.column} ${o.direction} NULLS LAST`);
}
