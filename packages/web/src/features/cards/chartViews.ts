/**
 * The chart card's view and ECharts (the library's core, its zrender engine and the chart types in use), loaded
 * on their own (see lazyViews.ts): the dashboard draws its grid and cards first, and the chart library is parsed
 * and run in a task of its own rather than in the first render's (see drawQueue.ts).
 */
export { ChartTable, ChartView, echarts } from '../charts/views.ts';
