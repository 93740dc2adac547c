/**
 * The card views that carry ECharts (about 1 MB of script), loaded on their own: the dashboard draws its grid
 * and cards first, and the chart library is parsed and run in a task of its own rather than in the first
 * render's (see drawQueue.ts).
 */
export { ChartView } from '../charts/ChartView.tsx';
export { echarts } from '../charts/echartsCore.ts';
export { CustomCardView } from './custom/CustomCardView.tsx';
