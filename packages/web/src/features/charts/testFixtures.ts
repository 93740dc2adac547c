/**
 * Builders for chart inputs shaped by the shared contracts (a parsed ChartVis, SeriesMeta, rows), used by the
 * option tests and by the look script that renders every chart type to a picture. The `t` here reads the real
 * English `charts` namespace file.
 */
import {
  type ChartType,
  type ChartVis,
  chartVisSchema,
  type DataRow,
  type SeriesMeta,
  type UnitFeature,
} from '@tessera/shared';
import en from '../../i18n/locales/en/charts.json';
import type { ChartOptionInput, Translate } from './types.ts';

/** The English `charts` namespace as a `t` function ({{name}} interpolation like i18next). */
export const tEn: Translate = (key, options) => {
  let value: unknown = en;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  const text = typeof value === 'string' ? value : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
};

/** A 24-hex feature id ending in `n`. */
export const fid = (n: number | string) => String(n).padStart(24, '0');

export type Bucket = 'independent' | 'dependent' | 'otherDimensions' | 'gradientDimension' | 'groupBy' | 'tooltip';

export interface SeriesSpec {
  id: string;
  role: Bucket;
  valueType?: string;
  label?: string;
  axis?: number;
  binWidth?: number;
  /** The stored operation ('' or missing: none), on the vis entry and the meta alike. */
  operation?: string;
  /** The series' own vis settings (display, chartType...). */
  vis?: Record<string, unknown>;
  featureType?: UnitFeature['type'];
  precision?: UnitFeature['precision'];
}

export interface ChartSpec {
  chartType?: ChartType;
  series: SeriesSpec[];
  rows: DataRow[];
  /** Axis entry extras per bucket and axis index: `{ independent: [{display: {...}, title}] }`. */
  axes?: Partial<Record<Bucket, Array<Record<string, unknown>>>>;
  display?: Record<string, unknown>;
  colors?: Record<string, unknown>;
}

/** A parsed ChartVis, the SeriesMeta list and features for a chart spec. */
export function buildInput(spec: ChartSpec, overrides: Partial<ChartOptionInput> = {}): ChartOptionInput {
  const featureOfSeries = (i: number) => fid(i + 1);
  const vis: Record<string, unknown> = {
    chartType: spec.chartType ?? 'area',
    display: spec.display ?? {},
    colors: spec.colors ?? {},
    tooltip: { series: [] },
  };
  spec.series.forEach((s, i) => {
    const entry = {
      id: s.id,
      feature: { _id: featureOfSeries(i) },
      ...(s.operation ? { operation: s.operation } : {}),
      ...(s.vis ?? {}),
    };
    if (s.role === 'tooltip') {
      (vis.tooltip as { series: unknown[] }).series.push(entry);
      return;
    }
    if (!vis[s.role]) vis[s.role] = [];
    const axes = vis[s.role] as Array<{ series: unknown[] }>;
    const axis = s.axis ?? 0;
    while (axes.length <= axis) axes.push({ series: [], ...(spec.axes?.[s.role]?.[axes.length] ?? {}) });
    axes[axis].series.push(entry);
  });
  for (const [bucket, entries] of Object.entries(spec.axes ?? {})) {
    if (!vis[bucket]) vis[bucket] = [];
    const axes = vis[bucket] as Array<Record<string, unknown>>;
    entries?.forEach((extra, i) => {
      axes[i] = { series: [], ...(axes[i] ?? {}), ...extra };
    });
  }
  const parsed: ChartVis = chartVisSchema.parse(vis);
  const series: SeriesMeta[] = spec.series.map((s, i) => ({
    id: s.id,
    role: s.role,
    axis: s.axis ?? 0,
    featureId: featureOfSeries(i),
    operation: s.operation ?? '',
    valueType: s.valueType ?? 'number',
    label: s.label ?? s.id,
    ...(s.binWidth !== undefined ? { binWidth: s.binWidth } : {}),
  }));
  const features: UnitFeature[] = spec.series.map((s, i) => ({
    _id: featureOfSeries(i),
    name: s.label ?? s.id,
    type: s.featureType ?? (s.valueType === 'date' ? 'date' : s.valueType === 'number' ? 'number' : 'category'),
    precision: s.precision ?? null,
    dataset: { _id: fid('d1') },
  }));
  return {
    vis: parsed,
    data: spec.rows,
    series,
    features,
    width: 600,
    height: 300,
    theme: 'light',
    t: tEn,
    locale: 'en',
    ...overrides,
  };
}

/** `n` rows of a category × number chart: categories "c0".."c{n-1}", values i * 10. */
export function categoryRows(n: number, extra: (i: number) => DataRow = () => ({})): DataRow[] {
  return Array.from({ length: n }, (_, i) => ({ x: `c${i}`, y: i * 10, ...extra(i) }));
}

/** A simple category × one number chart of type `chartType` with `n` rows. */
export function simpleChart(chartType: ChartType, n = 5, spec: Partial<ChartSpec> = {}): ChartSpec {
  return {
    chartType,
    series: [
      { id: 'x', role: 'independent', valueType: 'category', label: 'Region' },
      { id: 'y', role: 'dependent', label: 'Revenue' },
    ],
    rows: categoryRows(n),
    ...spec,
  };
}

/** The option of a chart that draws (fails the test otherwise), loosely typed for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: tests read deep into ECharts' option union
export type AnyOption = Record<string, any>;
