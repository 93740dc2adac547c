import type { Operation } from '../operations.ts';
import type { Vis } from '../vis.ts';
import type { ChartType, Series } from '../visSchemas.ts';
import { findSeries, replaceSeries } from './edit.ts';
import { applySeriesChartType, applySeriesDisplay, applySeriesOperation } from './series.ts';
import type { MappingResult } from './types.ts';

/**
 * The per-series rules applied to a whole vis, for callers that hold the vis and a series id. Each
 * says whether the change needs new data: an operation does, a chart type or display does not.
 */

function editSeries(vis: Vis, seriesId: string, edit: (series: Series) => Series): MappingResult {
  const series = findSeries(vis, seriesId);
  return series ? replaceSeries(vis, edit(series)) : { vis, refetch: false };
}

/** A per-series chart type; that series' display starts afresh. */
export const setSeriesChartType = (vis: Vis, seriesId: string, chartType: ChartType | undefined): MappingResult =>
  editSeries(vis, seriesId, (s) => applySeriesChartType(s, chartType));

/** Display settings of a series; dots off turns the dot label off. */
export const setSeriesDisplay = (vis: Vis, seriesId: string, display: NonNullable<Series['display']>): MappingResult =>
  editSeries(vis, seriesId, (s) => applySeriesDisplay(s, display));

/** The operation of a series ('none' stored as empty): new data. */
export function setSeriesOperation(vis: Vis, seriesId: string, operation: Operation | ''): MappingResult {
  const result = editSeries(vis, seriesId, (s) => applySeriesOperation(s, operation));
  return { vis: result.vis, refetch: findSeries(vis, seriesId) !== undefined };
}
