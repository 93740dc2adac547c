/**
 * The chart constants and row-count rules of spec 2 §9 ("Chart rendering by row count n", "Defaults"), in one
 * place so that the option builders and their tests read the same numbers.
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
  pieStartAngle: 90,
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

/** Whether the chart is not drawn at all (spec 2 §9): 'too-much-data'. */
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
