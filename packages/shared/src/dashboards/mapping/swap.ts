import type { ChartType, ChartVis, Series } from '../visSchemas.ts';
import { bucketSeries, isNumericSeries } from './visAccess.ts';

/**
 * The axis swap: after a drop into X or Y, the dependent and independent axes switch places (and
 * their series lose their display settings) when
 *  1. a numeric field is on the independent axis with no dependent field;
 *  2. a non-numeric dependent field sits with no independent field;
 *  3. area, line, bar or boxplot: a non-numeric dependent field and a numeric independent field;
 *  4. more independent than dependent series (with some dependent series: an X axis alone is case 1).
 * Pie and radar never swap.
 */

const NEVER_SWAP: ChartType[] = ['pie', 'radar'];
const NUMERIC_DEPENDENT_TYPES: ChartType[] = ['area', 'line', 'bar', 'boxplot'];

export type SwapReason =
  | 'numericIndependentAlone'
  | 'nonNumericDependentAlone'
  | 'nonNumericDependent'
  | 'moreIndependent';

/** Which condition asks for a swap, or null when the axes stay. */
export function swapReason(vis: ChartVis): SwapReason | null {
  if (NEVER_SWAP.includes(vis.chartType)) return null;
  const independent = bucketSeries(vis.independent);
  const dependent = bucketSeries(vis.dependent);
  if (dependent.length === 0 && independent.some(isNumericSeries)) return 'numericIndependentAlone';
  const nonNumericDependent = dependent.some((s) => !isNumericSeries(s));
  if (independent.length === 0 && nonNumericDependent) return 'nonNumericDependentAlone';
  if (NUMERIC_DEPENDENT_TYPES.includes(vis.chartType) && nonNumericDependent && independent.some(isNumericSeries)) {
    return 'nonNumericDependent';
  }
  if (dependent.length > 0 && independent.length > dependent.length) return 'moreIndependent';
  return null;
}

const withoutDisplay = (series: Series): Series => {
  const { display: _display, ...rest } = series;
  return rest as Series;
};

/** Switches the two axes; every series on them loses its display settings. */
export function swapAxes(vis: ChartVis): ChartVis {
  const reset = (axes: ChartVis['independent']) =>
    axes.map((axis) => ({ ...axis, series: axis.series.map(withoutDisplay) }));
  return { ...vis, independent: reset(vis.dependent), dependent: reset(vis.independent) };
}

/** Swaps when a condition asks for it. */
export function applyAxisSwap(vis: ChartVis): { vis: ChartVis; swapped: boolean } {
  return swapReason(vis) ? { vis: swapAxes(vis), swapped: true } : { vis, swapped: false };
}
