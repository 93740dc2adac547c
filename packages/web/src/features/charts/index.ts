/** Chart cards' drawing (chart vis, chart rendering): the view, and the pure option function. */

export { ChartView, type ChartViewProps } from './ChartView.tsx';
export { chartOption } from './chartOption.ts';
export { CHART_DEFAULTS, ROW_LIMITS } from './rules.ts';
export type { ChartColors, ChartOptionInput, ChartOptionResult, ChartTheme, Translate } from './types.ts';
