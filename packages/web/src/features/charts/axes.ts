/**
 * Cartesian axes (axis entry display): the scale each axis uses and its ECharts axis option.
 *
 * - independent axis: raw dates draw on a time axis, numbers on a value axis (a category axis when bars or
 *   boxes need bands), everything else (categories, text, date parts, bins) on a category axis whose labels are
 *   the formatted values, truncated at 15 characters;
 * - dependent axes (one or two): numbers on a value axis (log when asked), dates on a time axis.
 * - display: hasTitle (default on; the axis title, else its series' labels), hasLabels (default on), slant
 *   (45°), typeMin/typeMax auto | data | fixed (valueMin/valueMax), scale log, reversed, orientation opposite,
 *   grid lines (horizontal on, vertical off by default).
 */
import type { SeriesMeta } from '@tessera/shared';
import { formatNumber } from '@tessera/shared';
import { distinctValues } from './model.ts';
import { CHART_DEFAULTS } from './rules.ts';
import type { ChartPalette } from './theme.ts';
import { timeMinInterval } from './timeStep.ts';
import type { ChartModel } from './types.ts';
import {
  dateCoord,
  formatPercent,
  formatValue,
  numberCoord,
  truncateLabel,
  type ValueFormatContext,
} from './valueFormat.ts';

export type AxisDisplay = NonNullable<ChartModel['input']['vis']['independent'][number]['display']>;

export interface AxisScale {
  kind: 'category' | 'value' | 'time';
  log: boolean;
  /** Full category labels (category axes). */
  categories?: string[];
  /** Where a raw value sits on the axis: a category index, a number or epoch milliseconds; null for none. */
  coord: (value: unknown) => number | null;
  /** Time axes: the finest tick, never finer than the values (timeStep.ts). */
  minInterval?: number;
}

/** A time scale over the dates of some series. */
function timeScale(model: ChartModel, metas: SeriesMeta[]): AxisScale {
  const values: number[] = [];
  for (const row of model.input.data)
    for (const meta of metas) {
      const ms = dateCoord(row[meta.id]);
      if (ms !== null) values.push(ms);
    }
  const precisions = metas.map((m) => model.featureOf(m.featureId)?.precision ?? null);
  // Several series: the finest precision among them bounds the ticks.
  const precision = precisions.includes(null) ? null : precisions[0];
  return { kind: 'time', log: false, coord: dateCoord, minInterval: timeMinInterval(values, precision) };
}

const NUMERIC_TYPES = new Set(['number']);

export const formatContext = (model: ChartModel): ValueFormatContext => ({
  locale: model.locale,
  t: model.input.t,
  featureOf: model.featureOf,
});

/** A category scale over the distinct values of some series, in row order. */
function categoryScale(model: ChartModel, metas: SeriesMeta[]): AxisScale {
  const fmt = formatContext(model);
  const index = new Map<string, number>();
  const categories: string[] = [];
  for (const meta of metas) {
    for (const value of distinctValues(model.input, meta)) {
      if (index.has(value.key)) continue;
      index.set(value.key, categories.length);
      categories.push(formatValue(value.raw, meta, fmt));
    }
  }
  const key = (v: unknown) => (v === null || v === undefined ? '\u0000' : String(v));
  return { kind: 'category', log: false, categories, coord: (v) => index.get(key(v)) ?? null };
}

/** The independent axis' scale; without an independent series, one category per row ("1", "2"...). */
export function independentScale(model: ChartModel): AxisScale {
  const meta = model.independent;
  if (!meta) {
    const categories = model.input.data.map((_, i) => String(i + 1));
    return { kind: 'category', log: false, categories, coord: () => null };
  }
  const banded = model.drawn.some((d) => d.dependent.chartType === 'bar' || d.dependent.chartType === 'boxplot');
  if (meta.valueType === 'date' && !banded) return timeScale(model, [meta]);
  if (NUMERIC_TYPES.has(meta.valueType) && !banded) {
    const log = model.input.vis.independent[0]?.display?.scale === 'log';
    return { kind: 'value', log, coord: log ? positiveCoord : numberCoord };
  }
  return categoryScale(model, [meta]);
}

const positiveCoord = (v: unknown) => {
  const n = numberCoord(v);
  return n !== null && n > 0 ? n : null;
};

/** The scale of dependent axis `axis` (0 or 1) from the series drawn on it. */
export function dependentScale(model: ChartModel, axis: number): AxisScale {
  const metas = model.dependents.filter((d) => d.axis === axis).map((d) => d.meta);
  const first = metas[0];
  const log = model.input.vis.dependent[axis]?.display?.scale === 'log';
  // Boxplot values are five numbers each (min, q1, median, q3, max).
  if (!first || model.chartType === 'boxplot' || first.valueType === 'number' || first.valueType === 'bin')
    return { kind: 'value', log, coord: log ? positiveCoord : numberCoord };
  if (first.valueType === 'date') return timeScale(model, metas);
  // Categories, text, date parts and lists.
  return categoryScale(model, metas);
}

export interface AxisPlacement {
  /** 'x' or 'y': which ECharts axis list it goes in. */
  dimension: 'x' | 'y';
  /** The side it sits on before `orientation: opposite` flips it. */
  side: 'bottom' | 'top' | 'left' | 'right';
  title: string;
  /** Show split lines (grid lines across the plot from this axis' ticks). */
  gridLines: boolean;
  /** Categories read top-down on a vertical category axis (horizontal bars), like a table. */
  topDown?: boolean;
  /** Category axis with bands (bars, boxes) rather than points on the ticks. */
  banded: boolean;
  /** Stacked to 100%: a share axis from 0 to 1 labelled in percent. */
  share?: boolean;
}

const OPPOSITE = { bottom: 'top', top: 'bottom', left: 'right', right: 'left' } as const;

function bound(type: AxisDisplay['typeMin'], value: number | null | undefined, edge: 'Min' | 'Max') {
  if (type === 'data') return edge === 'Min' ? 'dataMin' : 'dataMax';
  if (type === 'fixed' && typeof value === 'number' && Number.isFinite(value)) return value;
  return undefined;
}

/** The ECharts option of one cartesian axis. */
export function axisOption(
  model: ChartModel,
  scale: AxisScale,
  display: AxisDisplay | undefined,
  placement: AxisPlacement,
  palette: ChartPalette,
): Record<string, unknown> {
  const d = display ?? {};
  const defaults = CHART_DEFAULTS.axis;
  const hasTitle = d.hasTitle ?? defaults.hasTitle;
  const position = d.orientation === 'opposite' ? OPPOSITE[placement.side] : placement.side;
  const type = scale.kind === 'value' ? (scale.log ? 'log' : 'value') : scale.kind;
  const labelFormatter =
    scale.kind === 'category'
      ? (value: string) => truncateLabel(String(value))
      : scale.kind === 'value'
        ? placement.share
          ? (value: number) => formatPercent(value, model.locale)
          : (value: number) => formatNumber(value, model.locale)
        : undefined;
  const reversed = d.reversed ?? defaults.reversed;
  const option: Record<string, unknown> = {
    type,
    position,
    name: hasTitle && placement.title ? placement.title : undefined,
    nameLocation: 'middle',
    // The title sits beyond the tick labels, however long or slanted they are (never over them).
    nameMoveOverlap: true,
    nameGap: 8,
    nameTextStyle: { color: palette.subtleText, fontWeight: 'bold', textMargin: 6 },
    inverse: placement.topDown ? !reversed : reversed,
    axisLabel: {
      show: d.hasLabels ?? defaults.hasLabels,
      rotate: (d.slant ?? defaults.slant) ? CHART_DEFAULTS.labelSlant : 0,
      color: palette.subtleText,
      hideOverlap: true,
      ...(labelFormatter ? { formatter: labelFormatter } : {}),
    },
    axisLine: { show: true, lineStyle: { color: palette.axisLine } },
    axisTick: { lineStyle: { color: palette.axisLine } },
    splitLine: { show: placement.gridLines, lineStyle: { color: palette.splitLine } },
  };
  if (scale.minInterval !== undefined) option.minInterval = scale.minInterval;
  if (scale.kind === 'category') {
    option.data = scale.categories;
    option.boundaryGap = placement.banded;
  } else if (placement.share) {
    option.min = 0;
    option.max = 1;
  } else {
    const min = bound(d.typeMin, d.valueMin, 'Min');
    const max = bound(d.typeMax, d.valueMax, 'Max');
    if (min !== undefined) option.min = min;
    if (max !== undefined) option.max = max;
    // Without a fixed minimum a numeric independent axis fits its data (a line over 1990..2020 starts at 1990).
    if (scale.kind === 'value' && placement.dimension === independentDimension(model) && min === undefined)
      option.scale = true;
  }
  return option;
}

/** Which ECharts dimension the independent axis takes: x, or y for horizontal charts (dependentAxis x). */
export function independentDimension(model: ChartModel): 'x' | 'y' {
  return model.input.vis.display?.dependentAxis === 'x' ? 'y' : 'x';
}

/** The axis title: the entry's title, else its series' labels. */
export function axisTitle(title: string | undefined, metas: Array<SeriesMeta | undefined>): string {
  if (title?.trim()) return title;
  return metas
    .filter((m): m is SeriesMeta => !!m)
    .map((m) => m.label)
    .filter((label, i, all) => label && all.indexOf(label) === i)
    .join(', ');
}
