import type { FeatureType } from '../../datasets/types.ts';
import { isAggregation, isDatePart } from '../operations.ts';
import type { Vis } from '../vis.ts';
import type { Axis, ChartVis, KpiVis, Series, TableColumn, TableVis } from '../visSchemas.ts';

/**
 * Reading and copying a stored vis for the mapping rules. A unit keeps its vis loosely (vis.ts); these helpers
 * fill what is missing with the spec's defaults without rejecting anything, and copy deeply so a
 * rule never mutates the vis it was given.
 */

const clone = <T>(value: T): T => structuredClone(value);

export function chartVisOf(vis: Vis): ChartVis {
  const v = clone(vis) as Partial<ChartVis> & Vis;
  return {
    ...v,
    chartType: v.chartType ?? 'area',
    independent: v.independent ?? [],
    dependent: v.dependent ?? [],
    otherDimensions: v.otherDimensions ?? [],
    gradientDimension: v.gradientDimension ?? [],
    groupBy: v.groupBy ?? [],
    orderBy: v.orderBy ?? [],
    filters: v.filters ?? [],
    tooltip: { ...(v.tooltip ?? {}), series: v.tooltip?.series ?? [] },
    display: v.display ?? {},
    colors: v.colors ?? {},
  } as ChartVis;
}

export function kpiVisOf(vis: Vis): KpiVis {
  const v = clone(vis) as Partial<KpiVis> & Vis;
  return { ...v, kpi: v.kpi ?? [], filters: v.filters ?? [] } as KpiVis;
}

export function tableVisOf(vis: Vis): TableVis {
  const v = clone(vis) as Partial<TableVis> & Vis;
  return { ...v, table: v.table ?? [], filters: v.filters ?? [] } as TableVis;
}

/** The feature type a series was mapped with: stored on its feature reference when it was dropped. */
export const seriesFeatureType = (series: Series | TableColumn): FeatureType | undefined =>
  (series.feature as { type?: FeatureType }).type;

/**
 * Whether a series yields numbers (axis swap): a count of anything, an arithmetic aggregation of a
 * number, or a raw number. Bins, date parts and lists are grouping keys or lists, not numbers.
 */
export function isNumericSeries(series: Series): boolean {
  const operation = series.operation ?? '';
  if (operation === 'count' || operation === 'distinctCount') return true;
  const type = seriesFeatureType(series);
  if (operation === '') return type === 'number';
  if (operation === 'list' || operation === 'bin' || isDatePart(operation)) return false;
  return isAggregation(operation) && type === 'number';
}

/** All series of an axis bucket, axes flattened in order. */
export const bucketSeries = (axes: Axis[]): Series[] => axes.flatMap((axis) => axis.series);

/** Drops axis entries that hold no series. */
export const dropEmptyAxes = (axes: Axis[]): Axis[] => axes.filter((axis) => axis.series.length > 0);
