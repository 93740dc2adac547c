import { defaultChartVis, type Vis } from '../vis.ts';
import { type ChartType, chartSeries, LINE_FAMILY } from '../visSchemas.ts';
import { applyDefaultOperations } from './defaultOperations.ts';
import { chartVisOf } from './visAccess.ts';

/**
 * Changing a chart's main type: among the line family (area, line, scatter, bar) the mapping stays;
 * any other change starts from the default vis with only the filters kept, after asking 'Discard chart setup?'
 * (Cancel or Start from Scratch) when series are mapped.
 *
 * Bar alone has a second Y axis: leaving bar for another line-family type merges it into the first.
 */

export interface ChartTypeChange {
  /** The vis to apply: at once when needsConfirm is false, after 'Start from Scratch' otherwise. */
  vis: Vis;
  needsConfirm: boolean;
  refetch: boolean;
}

/** The default vis of a chart type, keeping only the filters of the vis it replaces. */
export function resetVisKeepingFilters(vis: Vis, chartType: ChartType): Vis {
  const filters = Array.isArray(vis.filters) ? structuredClone(vis.filters) : [];
  return { ...defaultChartVis(), chartType, filters };
}

export function changeChartType(vis: Vis, chartType: ChartType): ChartTypeChange {
  const chart = chartVisOf(vis);
  if (chart.chartType === chartType) return { vis: chart, needsConfirm: false, refetch: false };
  if (LINE_FAMILY.includes(chart.chartType) && LINE_FAMILY.includes(chartType)) {
    const dependent =
      chartType === 'bar' || chart.dependent.length < 2
        ? chart.dependent
        : [{ ...chart.dependent[0]!, series: chart.dependent.flatMap((axis) => axis.series) }];
    // A scatter turned into a bar by category starts grouping rows: its Y series get their default operation.
    const next = { ...chart, chartType, dependent };
    const defaulted = applyDefaultOperations(chart, next);
    return {
      vis: defaulted,
      needsConfirm: false,
      refetch: dependent !== chart.dependent || defaulted !== next,
    };
  }
  const hasSeries = chartSeries(chart).length > 0 || chart.orderBy.length > 0;
  return { vis: resetVisKeepingFilters(chart, chartType), needsConfirm: hasSeries, refetch: hasSeries };
}
