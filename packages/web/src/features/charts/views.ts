/**
 * The charts' heavy entry: the chart view, the chart table and ECharts itself (its core, zrender and the chart
 * types in use). Import it only from code that is itself loaded on demand (cards/chartViews.ts, the Mobi page), so
 * that the chart library stays out of the pages' first chunks; index.ts is the light entry.
 */
export { ChartTable } from './ChartTable.tsx';
export { ChartView } from './ChartView.tsx';
export { echarts } from './echartsCore.ts';
