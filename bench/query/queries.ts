/**
 * The typical card queries of the benchmark, each as three things that must answer the same rows:
 *
 * - the card Tessera runs: its type and vis, plus the data request's body and query (dashboard
 *   filters, a table's sort and page) sent to `POST /api/v1/units/{id}/data`;
 * - (DuckDB alone runs the SQL the compiler makes of that same card: duckdb.ts);
 * - the equivalent hand-written PostgreSQL statement on the table `{schema}.sales`, documented beside it.
 *
 * `aggregation` marks the queries the "10 × faster than PostgreSQL" target is about.
 */
import { defaultChartVis } from '@tessera/shared';
import type { Feature } from './server.ts';

export type FeatureIds = Record<'id' | 'category' | 'region' | 'sold_at' | 'amount' | 'quantity' | 'note', Feature>;

export interface BenchQuery {
  key: string;
  label: string;
  aggregation: boolean;
  type: 'chart' | 'kpi' | 'table';
  vis(f: FeatureIds): Record<string, unknown>;
  /** The data request: body (filters, orderBy) and query string (page). */
  body?(f: FeatureIds): Record<string, unknown>;
  page?: number;
  /** The PostgreSQL statement; `t` is the qualified table name. */
  pg(t: string): string;
}

const ref = (f: Feature) => ({ _id: f._id, dataset: { _id: f.dataset._id } });
const series = (id: string, f: Feature, operation = '', extra: Record<string, unknown> = {}) => ({
  id,
  feature: ref(f),
  operation,
  ...extra,
});
const axis = (...s: ReturnType<typeof series>[]) => ({ series: s });
/** A chart card: the default chart vis with no colours, of `chartType`, with the given buckets. */
const chart = (chartType: string, parts: Record<string, unknown>) => ({
  ...defaultChartVis(),
  chartType,
  colors: {},
  ...parts,
});

/** The filtered group-by's filters: three categories, the first half of 2024 (a date-only `to` covers its day). */
export const FILTER_CATEGORIES = ['books', 'games', 'toys'];
const filters = (f: FeatureIds) => [
  {
    _id: 'category-filter',
    type: 'category',
    operation: 'equal',
    value: FILTER_CATEGORIES,
    feature: { id: f.category._id },
  },
  {
    _id: 'date-filter',
    type: 'date',
    option: 'date',
    operation: 'between',
    value: { from: '2024-01-01', to: '2024-06-30' },
    feature: { id: f.sold_at._id },
  },
];

export const QUERIES: BenchQuery[] = [
  {
    key: 'sum-by-category',
    label: 'sum(amount) by category (bar)',
    aggregation: true,
    type: 'chart',
    vis: (f) =>
      chart('bar', {
        independent: [axis(series('category', f.category))],
        dependent: [axis(series('amount', f.amount, 'sum'))],
      }),
    pg: (t) => `SELECT category, sum(amount) AS amount FROM ${t} GROUP BY category ORDER BY category`,
  },
  {
    key: 'avg-by-month',
    label: 'avg(amount) by year-month (line)',
    aggregation: true,
    type: 'chart',
    vis: (f) =>
      chart('line', {
        independent: [axis(series('month', f.sold_at, 'year-month'))],
        dependent: [axis(series('amount', f.amount, 'avg'))],
      }),
    pg: (t) => `SELECT date_trunc('month', sold_at) AS month, avg(amount) AS amount FROM ${t} GROUP BY 1 ORDER BY 1`,
  },
  {
    key: 'histogram',
    label: 'count by amount, 10 bins (bar)',
    aggregation: true,
    type: 'chart',
    vis: (f) =>
      chart('bar', {
        independent: [axis(series('bin', f.amount, 'bin', { numberOfBins: 10 }))],
        dependent: [axis(series('count', f.id, 'count'))],
      }),
    // Bins of equal width between the column's min and max; the max falls in the last bin.
    pg: (t) =>
      `WITH r AS (SELECT min(amount) AS lo, (max(amount) - min(amount)) / 10 AS w FROM ${t}) ` +
      `SELECT r.lo + least(floor((amount - r.lo) / r.w), 9) * r.w AS bin, count(id) AS count FROM ${t}, r ` +
      'GROUP BY 1 ORDER BY 1',
  },
  {
    key: 'kpi',
    label: 'KPI: sum, avg, max, count',
    aggregation: true,
    type: 'kpi',
    vis: (f) => ({
      kpi: [
        series('total', f.amount, 'sum', { label: 'Total' }),
        series('average', f.amount, 'avg', { label: 'Average' }),
        series('largest', f.quantity, 'max', { label: 'Largest' }),
        series('orders', f.id, 'count', { label: 'Orders' }),
      ],
      filters: [],
    }),
    pg: (t) =>
      `SELECT sum(amount) AS total, avg(amount) AS average, max(quantity) AS largest, count(id) AS orders FROM ${t}`,
  },
  {
    key: 'table-page',
    label: 'table page 3, sorted by amount desc',
    aggregation: false,
    type: 'table',
    vis: (f) => ({
      table: (['id', 'category', 'region', 'sold_at', 'amount', 'quantity', 'note'] as const).map((name) => ({
        id: name,
        feature: ref(f[name]),
      })),
      filters: [],
    }),
    body: (f) => ({ orderBy: [{ id: 'amount', value: f.amount._id, operation: '', type: 'DESC' }] }),
    page: 3,
    // The page and the row count (the pages of the answer), as one statement.
    pg: (t) => `SELECT *, count(*) OVER () AS _rows FROM ${t} ORDER BY amount DESC NULLS LAST, id LIMIT 100 OFFSET 200`,
  },
  {
    key: 'filtered-group-by',
    label: 'sum(amount) by region, grouped by category, 2 filters',
    aggregation: true,
    type: 'chart',
    vis: (f) =>
      chart('bar', {
        independent: [axis(series('region', f.region))],
        dependent: [axis(series('amount', f.amount, 'sum'))],
        groupBy: [axis(series('category', f.category))],
      }),
    body: (f) => ({ filters: filters(f) }),
    pg: (t) =>
      `SELECT region, category, sum(amount) AS amount FROM ${t} ` +
      `WHERE category IN (${FILTER_CATEGORIES.map((c) => `'${c}'`).join(', ')}) ` +
      `AND sold_at >= '2024-01-01' AND sold_at < '2024-07-01' GROUP BY 1, 2 ORDER BY 1, 2`,
  },
];

/** The features of the benchmark's dataset by column name; throws if one is missing. */
export function featuresByName(features: Feature[]): FeatureIds {
  const names = ['id', 'category', 'region', 'sold_at', 'amount', 'quantity', 'note'] as const;
  const out = {} as FeatureIds;
  for (const name of names) {
    const feature = features.find((f) => f.name === name);
    if (!feature) throw new Error(`The dataset has no feature ${name} (it has ${features.map((f) => f.name)})`);
    out[name] = feature;
  }
  return out;
}
