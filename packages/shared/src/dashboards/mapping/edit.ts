import { storedOperation } from '../operations.ts';
import type { Vis } from '../vis.ts';
import type { Axis, ChartVis, OrderByEntry, Series } from '../visSchemas.ts';
import { dropRefusal } from './buckets.ts';
import { applyDefaultOperations } from './defaultOperations.ts';
import { newFilterFor } from './filters.ts';
import { featureRef, newSeries } from './series.ts';
import { applyAxisSwap } from './swap.ts';
import type { DropRefusal, DropTarget, MappingFeature, MappingResult } from './types.ts';
import { chartVisOf, dropEmptyAxes, kpiVisOf, seriesFeatureType, tableVisOf } from './visAccess.ts';

/**
 * Editing the buckets: a drop, a removal, a move between buckets, and the order by. Every change of
 * a bucket refetches, except where the spec says otherwise (a table column that is removed or moved).
 */

type AxisBucket = 'independent' | 'dependent' | 'otherDimensions' | 'gradientDimension' | 'groupBy';
const AXIS_BUCKETS: readonly string[] = ['independent', 'dependent', 'otherDimensions', 'gradientDimension', 'groupBy'];
const isAxisBucket = (bucket: string): bucket is AxisBucket => AXIS_BUCKETS.includes(bucket);

const unchanged = (vis: Vis): MappingResult => ({ vis, refetch: false });

/** Puts a series in an axis bucket at the given axis (a new axis when it does not exist yet). */
function placeSeries(vis: ChartVis, bucket: AxisBucket, axis: number, series: Series): ChartVis {
  const axes: Axis[] = vis[bucket].map((a) => ({ ...a, series: [...a.series] }));
  while (axes.length <= axis) axes.push({ series: [] });
  axes[axis]!.series.push(series);
  return { ...vis, [bucket]: axes };
}

/** The stored operation a mapped feature already has (the first series that maps it). */
function mappedOperation(vis: ChartVis, featureId: string) {
  for (const bucket of AXIS_BUCKETS as AxisBucket[]) {
    for (const axis of vis[bucket]) {
      const found = axis.series.find((s) => s.feature._id === featureId);
      if (found) return found.operation ?? '';
    }
  }
  return vis.tooltip.series.find((s) => s.feature._id === featureId)?.operation;
}

/** Adds an order by on a feature; a feature already mapped lends it its operation. */
export function addOrderBy(vis: Vis, featureId: string, id: string, type: 'ASC' | 'DESC' = 'ASC'): MappingResult {
  const chart = chartVisOf(vis);
  if (chart.orderBy.some((o) => o.value === featureId)) return unchanged(vis);
  const entry: OrderByEntry = { id, value: featureId, type, nulls: 'last' };
  const operation = mappedOperation(chart, featureId);
  if (operation) entry.operation = storedOperation(operation);
  return { vis: { ...chart, orderBy: [...chart.orderBy, entry] }, refetch: true };
}

/** Changes an order by's direction (a query change: refetch). */
export function setOrderByDirection(vis: Vis, id: string, type: 'ASC' | 'DESC'): MappingResult {
  const chart = chartVisOf(vis);
  return { vis: { ...chart, orderBy: chart.orderBy.map((o) => (o.id === id ? { ...o, type } : o)) }, refetch: true };
}

/** Removes an order by. */
export function removeOrderBy(vis: Vis, id: string): MappingResult {
  const chart = chartVisOf(vis);
  return { vis: { ...chart, orderBy: chart.orderBy.filter((o) => o.id !== id) }, refetch: true };
}

/**
 * Drops a feature on a bucket: refused drops leave the vis as it was (refetch false). A drop on X or Y then
 * applies the axis swap. `newId` is the new series' (or filter's, column's, order by's) id: a nanoid.
 */
export function dropFeature(vis: Vis, target: DropTarget, feature: MappingFeature, newId: string): MappingResult {
  if (dropRefusal(vis, target, feature) !== null) return unchanged(vis);
  switch (target.bucket) {
    case 'kpi': {
      const kpiVis = kpiVisOf(vis);
      const operation = feature.type === 'number' ? 'sum' : 'count';
      return { vis: { ...kpiVis, kpi: [...kpiVis.kpi, newSeries(feature, newId, operation)] }, refetch: true };
    }
    case 'table':
      return addTableColumn(vis, feature, newId);
    case 'filters': {
      const filters = Array.isArray(vis.filters) ? vis.filters : [];
      return { vis: { ...structuredClone(vis), filters: [...filters, newFilterFor(feature, newId)] }, refetch: true };
    }
    case 'orderBy':
      return addOrderBy(vis, feature._id, newId);
    case 'tooltip': {
      const chart = chartVisOf(vis);
      const series = [...chart.tooltip.series, newSeries(feature, newId)];
      return { vis: { ...chart, tooltip: { ...chart.tooltip, series } }, refetch: true };
    }
    default: {
      const before = chartVisOf(vis);
      let chart = placeSeries(before, target.bucket, target.axis ?? 0, newSeries(feature, newId));
      // A custom network's buckets are roles (source, value), not axes: they never swap.
      const axes = target.bucket === 'independent' || target.bucket === 'dependent';
      if (axes && vis.subtype === undefined) chart = applyAxisSwap(chart).vis;
      return { vis: applyDefaultOperations(before, chart), refetch: true };
    }
  }
}

/** Deletes the colours of series that are no longer mapped, and group colours once group by is empty. */
function pruneColors(vis: ChartVis, removedIds: string[]): ChartVis {
  const colors = { ...vis.colors };
  if (colors.series && removedIds.some((id) => id in colors.series!)) {
    colors.series = Object.fromEntries(Object.entries(colors.series).filter(([id]) => !removedIds.includes(id)));
  }
  if (vis.groupBy.length === 0 && colors.groups && Object.keys(colors.groups).length > 0) colors.groups = {};
  return { ...vis, colors };
}

/**
 * Removes a series from wherever it is mapped (any chart bucket, the tooltip, the KPI list, the table's
 * columns, or a filter by id). Empty axes are dropped and the series' colour deleted.
 */
export function removeSeries(vis: Vis, seriesId: string): MappingResult {
  if (Array.isArray(vis.kpi)) {
    const kpiVis = kpiVisOf(vis);
    return { vis: { ...kpiVis, kpi: kpiVis.kpi.filter((s) => s.id !== seriesId) }, refetch: true };
  }
  if (Array.isArray(vis.table)) return removeTableColumn(vis, seriesId);
  const chart = chartVisOf(vis);
  const next: ChartVis = {
    ...chart,
    tooltip: { ...chart.tooltip, series: chart.tooltip.series.filter((s) => s.id !== seriesId) },
  };
  for (const bucket of AXIS_BUCKETS as AxisBucket[]) {
    next[bucket] = dropEmptyAxes(
      chart[bucket].map((a) => ({ ...a, series: a.series.filter((s) => s.id !== seriesId) })),
    );
  }
  return { vis: pruneColors(next, [seriesId]), refetch: true };
}

/** Finds a series of a chart vis and where it is. */
export function findSeries(vis: Vis, seriesId: string): Series | undefined {
  if (Array.isArray(vis.kpi)) return kpiVisOf(vis).kpi.find((s) => s.id === seriesId);
  const chart = chartVisOf(vis);
  for (const bucket of AXIS_BUCKETS as AxisBucket[]) {
    for (const axis of chart[bucket]) {
      const found = axis.series.find((s) => s.id === seriesId);
      if (found) return found;
    }
  }
  return chart.tooltip.series.find((s) => s.id === seriesId);
}

/** Why a mapped series may not move to a target (null: it may): the checks of a drop of its feature. */
export function moveRefusal(vis: Vis, seriesId: string, target: DropTarget): DropRefusal | null {
  const series = findSeries(vis, seriesId);
  if (!series || (!isAxisBucket(target.bucket) && target.bucket !== 'tooltip')) return 'unavailable';
  const feature: MappingFeature = {
    _id: series.feature._id,
    name: '',
    type: seriesFeatureType(series) ?? 'category',
    dataset: { _id: series.feature.dataset?._id ?? '' },
  };
  return dropRefusal(removeSeries(vis, seriesId).vis, target, feature);
}

/**
 * Moves a mapped series to another chart bucket (dragging a chip): the same checks as a drop of its feature,
 * then the axis swap. The series keeps its id and operation; a refused move changes nothing.
 */
export function moveSeries(vis: Vis, seriesId: string, target: DropTarget): MappingResult {
  const series = findSeries(vis, seriesId);
  if (!series || moveRefusal(vis, seriesId, target) !== null) return unchanged(vis);
  const removed = removeSeries(vis, seriesId).vis;
  let chart = chartVisOf(removed);
  const colors = chartVisOf(vis).colors;
  if (target.bucket === 'tooltip') {
    chart = { ...chart, tooltip: { ...chart.tooltip, series: [...chart.tooltip.series, series] } };
  } else if (isAxisBucket(target.bucket)) {
    chart = placeSeries(chart, target.bucket, target.axis ?? 0, series);
    if ((target.bucket === 'independent' || target.bucket === 'dependent') && vis.subtype === undefined)
      chart = applyAxisSwap(chart).vis;
  }
  const seriesColor = colors.series?.[seriesId];
  if (seriesColor) chart.colors = { ...chart.colors, series: { ...chart.colors.series, [seriesId]: seriesColor } };
  return { vis: applyDefaultOperations(chartVisOf(vis), chart), refetch: true };
}

/** Replaces one series (after its settings changed) and says whether that needs new data. */
export function replaceSeries(vis: Vis, next: Series): MappingResult {
  const prev = findSeries(vis, next.id);
  if (!prev) return unchanged(vis);
  const swapIn = (list: Series[]) => list.map((s) => (s.id === next.id ? next : s));
  let out: Vis;
  let defaulted = false;
  if (Array.isArray(vis.kpi)) {
    const kpiVis = kpiVisOf(vis);
    out = { ...kpiVis, kpi: swapIn(kpiVis.kpi) };
  } else {
    const chart = chartVisOf(vis);
    for (const bucket of AXIS_BUCKETS as AxisBucket[]) {
      chart[bucket] = chart[bucket].map((a) => ({ ...a, series: swapIn(a.series) }));
    }
    chart.tooltip = { ...chart.tooltip, series: swapIn(chart.tooltip.series) };
    // A key cut to a part (a date by month, a number in bins) starts grouping rows: Y gets its default.
    out = applyDefaultOperations(chartVisOf(vis), chart);
    defaulted = out !== chart;
  }
  return { vis: out, refetch: defaulted || seriesQueryKey(prev) !== seriesQueryKey(next) };
}

/** What of a series changes its data: the feature, the rows, the operation, bins and its own filters. */
export const seriesQueryKey = (s: Series): string =>
  JSON.stringify([
    s.id,
    s.feature._id,
    s.jobId ?? 'latest',
    s.operation ?? '',
    s.operation === 'bin' ? (s.numberOfBins ?? 10) : null,
    s.filters ?? [],
    s.group ?? null,
  ]);

/** Adds a column to a table (refused: unchanged). Adding a column refetches. */
export function addTableColumn(vis: Vis, feature: MappingFeature, id: string): MappingResult {
  if (dropRefusal(vis, { bucket: 'table' }, feature, 'table') !== null) return unchanged(vis);
  const table = tableVisOf(vis);
  return {
    vis: { ...table, table: [...table.table, { id, feature: featureRef(feature), jobId: 'latest' }] },
    refetch: true,
  };
}

/** Whether a feature may become a column: not already a column, and from the table's one dataset. */
export const canAddTableColumn = (vis: Vis, feature: MappingFeature): boolean =>
  dropRefusal(vis, { bucket: 'table' }, feature, 'table') === null;

/** Removes a column: the rows already fetched still hold the others, so no refetch. */
export function removeTableColumn(vis: Vis, id: string): MappingResult {
  const table = tableVisOf(vis);
  return { vis: { ...table, table: table.table.filter((c) => c.id !== id) }, refetch: false };
}

/** Moves a column to another place (no refetch). */
export function moveTableColumn(vis: Vis, id: string, toIndex: number): MappingResult {
  const table = tableVisOf(vis);
  const from = table.table.findIndex((c) => c.id === id);
  if (from < 0) return unchanged(vis);
  const columns = [...table.table];
  const [column] = columns.splice(from, 1);
  columns.splice(Math.max(0, Math.min(toIndex, columns.length)), 0, column!);
  return { vis: { ...table, table: columns }, refetch: false };
}

/** Adds a KPI (drop on the KPI list): numbers are summed, anything else counted. */
export const addKpi = (vis: Vis, feature: MappingFeature, id: string): MappingResult =>
  dropFeature(vis, { bucket: 'kpi' }, feature, id);

/** Removes a card filter (a chip of the filters bucket). */
export function removeFilter(vis: Vis, filterId: string): MappingResult {
  const filters = (Array.isArray(vis.filters) ? vis.filters : []) as Array<{ _id: string }>;
  return { vis: { ...structuredClone(vis), filters: filters.filter((f) => f._id !== filterId) }, refetch: true };
}

/** Removes a KPI. */
export const removeKpi = (vis: Vis, id: string): MappingResult => removeSeries(vis, id);
