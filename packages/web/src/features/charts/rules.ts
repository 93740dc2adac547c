/**
 * The chart constants and row-count rules ("Chart rendering by row count n", "Defaults"), in one
 * place: the option builders draw with them and the mapping screen's settings panels show them while the vis
 * stores nothing, so what a panel shows is what the chart draws.
 *
 * Where the spec is silent: bars keep ECharts' own spacing (20 % between categories, 30 % between the bars of a
 * category); horizontal grid lines on, vertical off (value lines across the plot, the common reading aid); axis
 * titles and labels on; labels straight until slant is turned on (then 45°, : straight labels stay
 * readable on value and time axes, and long category labels are truncated at 15 characters anyway); pie labels
 * on, except on slices under 3° (`pieMinLabelAngle`).
 */
import type { ChartType } from '@tessera/shared';

export const CHART_DEFAULTS = {
  dotSize: 10,
  lineWidth: 2,
  fillOpacity: { area: 0.6, line: 0.6, bar: 1, radar: 0.4, scatter: 0.9, pie: 1, boxplot: 1 } satisfies Record<
    ChartType,
    number
  >,
  radarOuterRadius: 70,
  radarStartAngle: 90,
  legendItemGap: 10,
  legendPosition: 'top',
  /** Pie rings share this much of the radius (in %), evenly. */
  pieRadius: 60,
  pieInnerRadius: 0,
  pieStartAngle: 90,
  pieHasLabels: true,
  /**
   * Slices narrower than this (degrees, 1/120 of the turn) carry no label: their labels cannot be read (they
   * pile up at the ring's edge) and laying out hundreds of them made one pie's drawing a main-thread task of
   * 200 ms. The spec is silent; the labels switch stays on and every wider slice keeps its label.
   */
  pieMinLabelAngle: 3,
  /** Pie radii and angles step by 5: default ring radii are rounded to it. */
  polarStep: 5,
  /** Bar spacing in % (ECharts' own defaults). */
  barCategoryGap: 20,
  barGap: 30,
  grid: { horizontal: true, vertical: false },
  /** An axis entry's display switches. */
  axis: { hasTitle: true, hasLabels: true, slant: false, reversed: false, zoomVisible: false },
  labelSlant: 45,
  categoryLabelMax: 15,
  /** The bounds a dot size may take (the series display schema's): other dimensions scale between them. */
  dotSizeBounds: [4, 50] as const,
} as const;

export const ROW_LIMITS = {
  any: 1_000_000,
  pie: 1_000,
  radar: 1_000,
  animation: { lineFamily: 200, boxplot: 20, radar: 40, pie: 40 },
  dots: { plain: 200, duplicates: 400 },
  /** Scatter switches to ECharts' large mode (one path, no per-point hover) over this many points. */
  largeScatter: 2_000,
} as const;

/** Whether the chart is not drawn at all: 'too-much-data'. */
export function isTooMuchData(chartType: ChartType, n: number): boolean {
  if (n > ROW_LIMITS.any) return true;
  if (chartType === 'pie') return n > ROW_LIMITS.pie;
  if (chartType === 'radar') return n > ROW_LIMITS.radar;
  return false;
}

/**
 * Whether animation may run. `n` is the row count; `boxes` the number of boxes of a boxplot (its "series" of
 * statistics: rows × dependent series).
 */
export function animationAllowed(chartType: ChartType, n: number, boxes = n): boolean {
  switch (chartType) {
    case 'area':
    case 'line':
    case 'bar':
      return n <= ROW_LIMITS.animation.lineFamily;
    case 'boxplot':
      return boxes <= ROW_LIMITS.animation.boxplot;
    case 'radar':
      return n <= ROW_LIMITS.animation.radar;
    case 'pie':
      return n <= ROW_LIMITS.animation.pie;
    default:
      return true;
  }
}

/** Line and area dots are on by default under 200 rows, or under 400 when independent values repeat. */
export function defaultHasDot(n: number, duplicateIndependent: boolean): boolean {
  return n < ROW_LIMITS.dots.plain || (duplicateIndependent && n < ROW_LIMITS.dots.duplicates);
}

/**
 * The default [inner, outer] radius (%) of pie ring `index` of `count` (one ring per dependent axis entry): the
 * rings share 60 % of the radius evenly, rounded to the inputs' step of 5.
 */
export function defaultRingRadii(index: number, count: number): { inner: number; outer: number } {
  const step = CHART_DEFAULTS.polarStep;
  const round = (value: number) => Math.round(value / step) * step;
  const from = CHART_DEFAULTS.pieInnerRadius;
  const share = (CHART_DEFAULTS.pieRadius - from) / Math.max(1, count);
  return { inner: round(from + share * index), outer: round(from + share * (index + 1)) };
}

/** Whether the independent values repeat among the rows (raw unaggregated rows, or a group-by's). */
export function independentRepeats(rows: ReadonlyArray<Record<string, unknown>>, independentId: string | undefined) {
  if (!independentId || rows.length >= ROW_LIMITS.dots.duplicates) return false;
  const seen = new Set<string>();
  for (const row of rows) {
    const value = row[independentId];
    const key = value === null || value === undefined ? '\u0000' : String(value);
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

/**
 * Whether line and area dots are on while a series stores nothing, for rows as the card answer holds them
 * (keyed by series id; `independentId` the X series): what the chart draws, and what the series panel shows.
 */
export const defaultHasDotForRows = (rows: ReadonlyArray<Record<string, unknown>>, independentId?: string) =>
  defaultHasDot(rows.length, independentRepeats(rows, independentId));
