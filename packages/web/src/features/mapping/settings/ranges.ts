import { BINS, type ChartType } from '@tessera/shared';
import { CHART_DEFAULTS } from '../../charts/index.ts';

/**
 * The ranges, steps and defaults of the mapping editor's number inputs and
 * their defaults. The panels read them from here so that a test can walk every input against the spec. The defaults
 * are the chart renderer's (charts/rules.ts CHART_DEFAULTS): an input shows what the chart draws.
 */
export interface NumberRange {
  min: number;
  max: number;
  step: number;
  /** What the input shows while the vis stores nothing. */
  default: number;
}

export const BIN_RANGE: NumberRange = { min: BINS.min, max: BINS.max, step: BINS.step, default: BINS.default };
export const LINE_WIDTH_RANGE: NumberRange = { min: 2, max: 50, step: 2, default: CHART_DEFAULTS.lineWidth };
export const DOT_SIZE_RANGE: NumberRange = { min: 4, max: 50, step: 2, default: CHART_DEFAULTS.dotSize };
export const FILL_OPACITY_RANGE: Omit<NumberRange, 'default'> = { min: 0, max: 1, step: 0.1 };
/** Bar spacing: the gap between categories steps by 2, between bars of a category by 0.1. */
export const BAR_CATEGORY_GAP_RANGE: NumberRange = { min: 0, max: 50, step: 2, default: CHART_DEFAULTS.barCategoryGap };
export const BAR_GAP_RANGE: NumberRange = { min: 0, max: 50, step: 0.1, default: CHART_DEFAULTS.barGap };
export const LEGEND_ITEM_GAP_RANGE: NumberRange = { min: 0, max: 50, step: 1, default: CHART_DEFAULTS.legendItemGap };
/** Pie radii in percent of the card (steps of 5); the default ring is the 60 % split. */
export const PIE_INNER_RADIUS_RANGE: NumberRange = {
  min: 0,
  max: 100,
  step: 5,
  default: CHART_DEFAULTS.pieInnerRadius,
};
export const PIE_OUTER_RADIUS_RANGE: NumberRange = { min: 0, max: 100, step: 5, default: CHART_DEFAULTS.pieRadius };
export const START_ANGLE_RANGE: NumberRange = { min: -360, max: 360, step: 5, default: CHART_DEFAULTS.pieStartAngle };
export const RADAR_START_ANGLE_RANGE: NumberRange = { ...START_ANGLE_RANGE, default: CHART_DEFAULTS.radarStartAngle };
export const RADAR_OUTER_RADIUS_RANGE: NumberRange = {
  min: 0,
  max: 100,
  step: 5,
  default: CHART_DEFAULTS.radarOuterRadius,
};

/** Default fill opacity of a series by the type it is drawn as (area 0.6, bar 1, radar 0.4, scatter 0.9). */
export const FILL_OPACITY_DEFAULTS: Record<ChartType, number> = CHART_DEFAULTS.fillOpacity;

/** Chart types a series of a line-family chart may be drawn as instead of the chart's own type. */
export const MIXABLE_SERIES_TYPES = ['bar', 'line', 'area', 'scatter'] as const;

/** Which display settings apply to a series drawn as `type`. */
export function seriesDisplayFields(type: ChartType) {
  const lined = type === 'line' || type === 'area' || type === 'radar';
  return {
    dots: lined,
    dotLabel: lined || type === 'scatter',
    dotSize: lined || type === 'scatter',
    line: lined,
    fill: type === 'area' || type === 'bar' || type === 'scatter' || type === 'radar' || type === 'boxplot',
  };
}
