/**
 * The custom card's views (markdown with its parser and sanitizer, HTML frame, network graph, KPI variants,
 * editable table), loaded on their own and only where a custom card shows (see lazyViews.ts): a dashboard of
 * chart cards does not evaluate them.
 */
export { CustomCardView } from './custom/CustomCardView.tsx';
