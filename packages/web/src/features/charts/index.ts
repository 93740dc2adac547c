/**
 * Chart cards' drawing (chart vis, chart rendering): the pure rules and option function, light enough for a
 * static import. The view and ECharts itself are in views.ts, for code loaded on demand (cards/chartViews.ts).
 */

export type { ChartViewProps } from './ChartView.tsx';
export { categoryColors, pageCategoryColors } from './categoryColors.ts';
export type { ChartElement } from './chartElements.ts';
export { chartOption } from './chartOption.ts';
export { nextTask } from './nextTask.ts';
export { CHART_DEFAULTS, defaultHasDotForRows, defaultRingRadii, ROW_LIMITS } from './rules.ts';
export { defaultSeriesColors } from './seriesColors.ts';
export type { ChartColors, ChartOptionInput, ChartOptionResult, ChartTheme, Translate } from './types.ts';
