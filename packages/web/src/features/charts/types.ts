/**
 * The inputs and the answer of `chartOption` (the pure vis + unit data → ECharts option function), and the
 * resolved model the option builders share.
 */
import type {
  ChartType,
  ChartVis,
  ColorSchemeName,
  DataRow,
  SeriesMeta,
  UnitFeature,
  Series as VisSeries,
} from '@tessera/shared';
import type { EChartsOption } from 'echarts';
import type { CategoryColorRegistry } from './categoryColors.ts';

export type ChartTheme = 'light' | 'dark';

/** i18next's `t` bound to the `charts` namespace (any function of that shape). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The dashboard's colours (its colour menu): a colour scale and per-feature colours. */
export interface ChartColors {
  colorScheme?: ColorSchemeName;
  /** featureId → hex colour. */
  features?: Record<string, string>;
}

export interface ChartOptionInput {
  vis: ChartVis;
  /** Rows keyed by series id, already sorted by the server. */
  data: DataRow[];
  series: SeriesMeta[];
  features: UnitFeature[];
  /** The drawing area in CSS pixels. */
  width: number;
  height: number;
  theme: ChartTheme;
  colors?: ChartColors;
  t: Translate;
  /** The UI language for numbers and dates (default 'en'). */
  locale?: string;
  /**
   * The colours categories got on this page (categoryColors.ts): the chart card passes the page's, so that a
   * filtered chart keeps its colours. Without it the colours depend on the categories drawn alone.
   */
  categoryColors?: CategoryColorRegistry;
}

/**
 * Either an option to draw, or 'too-much-data': the card shows that placeholder and nothing is
 * drawn. 'empty' when nothing is mapped to draw (no dependent series).
 */
export type ChartOptionResult =
  | { verdict: 'ok'; option: EChartsOption }
  | { verdict: 'too-much-data' }
  | { verdict: 'empty' };

/** A dependent series as drawn: its meta, its vis entry (display), and the type it draws as. */
export interface DependentSeries {
  meta: SeriesMeta;
  vis: VisSeries | undefined;
  /** The series' own type among the line family, else the chart's. */
  chartType: ChartType;
  /** Which dependent axis (0 or 1). */
  axis: number;
  /** Its position among the dependent series (colour index). */
  index: number;
}

/** One drawn series: a dependent series, or one group of it when a group-by splits it. */
export interface DrawnSeries {
  dependent: DependentSeries;
  /** The group value (raw) and its label, when split by a group-by. */
  group?: { raw: unknown; label: string; index: number };
  name: string;
  color: string;
  /** The row indexes it draws, in row order. */
  rows: number[];
}

/** Everything the option builders read, resolved once. */
export interface ChartModel {
  input: ChartOptionInput;
  locale: string;
  chartType: ChartType;
  independent: SeriesMeta | undefined;
  dependents: DependentSeries[];
  groupBy: SeriesMeta | undefined;
  otherDimension: SeriesMeta | undefined;
  gradient: SeriesMeta | undefined;
  tooltipSeries: SeriesMeta[];
  drawn: DrawnSeries[];
  /** Row count. */
  n: number;
  /** Whether the independent values repeat (group-by, or raw unaggregated rows). */
  duplicateIndependent: boolean;
  featureOf: (id: string) => UnitFeature | undefined;
  /** Where category colours are remembered (the input's registry, else one for this drawing). */
  categoryColors: CategoryColorRegistry;
}
