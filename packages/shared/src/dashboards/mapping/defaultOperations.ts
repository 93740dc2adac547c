import type { FeatureType } from '../../datasets/types.ts';
import { isDatePart, type StoredOperation } from '../operations.ts';
import type { ChartType, ChartVis, Series } from '../visSchemas.ts';
import { bucketSeries, seriesFeatureType } from './visAccess.ts';

/**
 * Default operations of a chart's dependent series (issue #20 item 2). Without them a bar of a numeric field by
 * category draws one bar per row (the tallest row looks like the category's total) and a line by month
 * zig-zags. The rule:
 *
 * - the chart's keys are its independent series, or its group-by when no independent series is mapped (a pie
 *   "Drag numeric data, and use Group By to separate it by categories");
 * - the keys group rows when each is a category-like feature (category, text, id, time), a date cut to a part
 *   (year-month...) or a binned number. Raw numbers (scatter-like) and raw dates (a time series) do not group;
 * - on area, line, bar, pie and radar charts whose keys group rows, a dependent series without an operation
 *   gets sum when its feature is a number, count otherwise. Scatter and boxplot draw raw values by design;
 *   KPIs keep their own default (sum or count at the drop); tables have none;
 * - the default is given when a series arrives on the dependent axis (a drop or a move) or when the keys start
 *   grouping rows (a category dropped on X, X's date cut to a month). A series already on the dependent axis
 *   of a grouped chart keeps what the user chose, 'none' included.
 */

const DEFAULTED_CHART_TYPES: readonly ChartType[] = ['area', 'line', 'bar', 'pie', 'radar'];

/** Whether one key series groups rows: a category-like feature, a date part or bins. */
export function groupsRows(series: Series): boolean {
  const operation = series.operation ?? '';
  if (operation === 'bin' || isDatePart(operation)) return true;
  if (operation !== '') return false;
  const type = seriesFeatureType(series);
  return type !== undefined && type !== 'number' && type !== 'date';
}

/** The series the chart's rows are keyed by: the independent ones, else the group-by. */
export function chartKeys(vis: ChartVis): Series[] {
  const independent = bucketSeries(vis.independent);
  return independent.length > 0 ? independent : bucketSeries(vis.groupBy);
}

/** Whether the chart aggregates its dependent series by default (its type allows it and its keys group rows). */
export function groupsByDefault(vis: ChartVis): boolean {
  if ((vis as { subtype?: unknown }).subtype !== undefined || !DEFAULTED_CHART_TYPES.includes(vis.chartType))
    return false;
  const keys = chartKeys(vis);
  return keys.length > 0 && keys.every(groupsRows);
}

/** The default operation of a dependent series of a grouped chart: sum for a number, count for anything else. */
export const defaultDependentOperation = (type: FeatureType | undefined): StoredOperation =>
  type === 'number' ? 'sum' : 'count';

/**
 * The vis after an edit (`after`) with the default operations given: dependent series without an operation that
 * were not on the dependent axis of a grouped chart before the edit (`before`) get sum or count.
 */
export function applyDefaultOperations(before: ChartVis, after: ChartVis): ChartVis {
  if (!groupsByDefault(after)) return after;
  const settled = groupsByDefault(before) ? new Set(bucketSeries(before.dependent).map((s) => s.id)) : new Set();
  let changed = false;
  const dependent = after.dependent.map((axis) => ({
    ...axis,
    series: axis.series.map((s) => {
      if ((s.operation ?? '') !== '' || settled.has(s.id)) return s;
      changed = true;
      return { ...s, operation: defaultDependentOperation(seriesFeatureType(s)) };
    }),
  }));
  return changed ? { ...after, dependent } : after;
}
