/**
 * The cartesian part of a chart (area, line, scatter, bar, and their mix per series; boxplot in boxplot.ts):
 * axes, one ECharts series per drawn series, stacking, zoom.
 *
 * Every point is `[x, y, rowIndex, gradientValue?]` (`[y, x, ...]` when the dependent axis is x), so that
 * tooltips and labels find the row a point came from, stacks line up by independent value, and the visual map
 * reads the gradient from dimension 3.
 *
 * Series display (series entry, defaults): hasDot (line and area: default by row count),
 * dotHasLabel, dotSize 10, lineType linear | smooth | step, lineStyle solid | dashed | dotted, lineWidth 2,
 * fillOpacity (area 0.6, bar 1, scatter 0.9). Chart display: stackGroups 'all' stacks the series of one axis
 * and type; stackOffset 'all' stacks them to 100% (each independent value's total is 1); barGap and
 * barCategoryGap in percent; other dimensions scale a scatter's dot sizes between the dot size bounds.
 */
import type { ChartType } from '@tessera/shared';
import {
  type AxisScale,
  axisOption,
  axisTitle,
  dependentScale,
  formatContext,
  independentDimension,
  independentScale,
} from './axes.ts';
import { boxplotSeries } from './boxplot.ts';
import { CHART_DEFAULTS, defaultHasDot, ROW_LIMITS } from './rules.ts';
import type { ChartPalette } from './theme.ts';
import type { ChartModel, DrawnSeries } from './types.ts';
import { formatValue, numberCoord } from './valueFormat.ts';

export interface CartesianParts {
  xAxis: Record<string, unknown>[];
  yAxis: Record<string, unknown>[];
  series: Record<string, unknown>[];
  dataZoom: Record<string, unknown>[];
  /** The drawn series behind each ECharts series index (tooltips). */
  drawnBySeriesIndex: DrawnSeries[];
  /** Pixels the zoom sliders take at the bottom (x) and right (y). */
  zoomSpace: { bottom: number; right: number };
}

const ECHARTS_TYPE: Partial<Record<ChartType, string>> = {
  area: 'line',
  line: 'line',
  bar: 'bar',
  scatter: 'scatter',
  boxplot: 'boxplot',
};

const LINE_STYLE = { solid: 'solid', dashed: 'dashed', dotted: 'dotted' } as const;

/** Dot size from an other-dimensions value: area-proportional between the dot size bounds. */
export function sizeScale(model: ChartModel): ((row: number) => number) | undefined {
  const meta = model.otherDimension;
  if (!meta) return undefined;
  const values = model.input.data.map((row) => numberCoord(row[meta.id]));
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v === null) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const [lo, hi] = CHART_DEFAULTS.dotSizeBounds;
  return (row: number) => {
    const v = values[row];
    if (v === null || v === undefined) return lo;
    const t = max > min ? (v - min) / (max - min) : 0.5;
    return Math.sqrt(lo * lo + t * (hi * hi - lo * lo));
  };
}

export function cartesianParts(model: ChartModel, palette: ChartPalette): CartesianParts {
  const { vis } = model.input;
  const display = vis.display ?? {};
  const horizontal = independentDimension(model) === 'y';
  const indep = independentScale(model);
  const depAxes = model.dependents.some((d) => d.axis === 1) ? [0, 1] : [0];
  const depScales = depAxes.map((axis) => dependentScale(model, axis));
  const stacked = display.stackGroups === 'all' || display.stackOffset === 'all';
  const expand = display.stackOffset === 'all';
  const banded = model.drawn.some((d) => d.dependent.chartType === 'bar' || d.dependent.chartType === 'boxplot');
  const gridH = display.grid?.horizontal ?? CHART_DEFAULTS.grid.horizontal;
  const gridV = display.grid?.vertical ?? CHART_DEFAULTS.grid.vertical;

  const series: Record<string, unknown>[] = [];
  const drawnBySeriesIndex: DrawnSeries[] = [];
  const points = model.drawn.map((d) => pointsOf(model, d, indep, depScales[d.dependent.axis]));
  const shares = expand ? shareTotals(model, points) : undefined;
  const sizeOf = sizeScale(model);

  model.drawn.forEach((drawn, i) => {
    const type = drawn.dependent.chartType;
    const stack = stacked && type !== 'scatter' ? `${drawn.dependent.axis}:${ECHARTS_TYPE[type]}` : undefined;
    let data = points[i];
    if (shares && stack) {
      const totals = shares.get(stack);
      data = data.map((p) => {
        const total = totals?.get(p[0] as number) ?? 0;
        return [p[0], p[1] === null || total === 0 ? null : (p[1] as number) / total, ...p.slice(2)];
      });
    }
    if (horizontal) data = data.map((p) => [p[1], p[0], ...p.slice(2)]);
    const option =
      type === 'boxplot'
        ? boxplotSeries(model, drawn, indep)
        : seriesOption(model, drawn, data, { stack, sizeOf, horizontal, display });
    option[horizontal ? 'xAxisIndex' : 'yAxisIndex'] = drawn.dependent.axis;
    series.push(option);
    drawnBySeriesIndex.push(drawn);
  });

  const indepDisplay = vis.independent[0]?.display;
  const indepAxis = axisOption(
    model,
    indep,
    indepDisplay,
    {
      dimension: horizontal ? 'y' : 'x',
      side: horizontal ? 'left' : 'bottom',
      title: axisTitle(vis.independent[0]?.title, [model.independent]),
      gridLines: horizontal ? gridH : gridV,
      topDown: horizontal && indep.kind === 'category',
      banded,
    },
    palette,
  );
  const depOptions = depAxes.map((axis, k) =>
    axisOption(
      model,
      depScales[k],
      vis.dependent[axis]?.display,
      {
        dimension: horizontal ? 'x' : 'y',
        side: horizontal ? (axis === 0 ? 'bottom' : 'top') : axis === 0 ? 'left' : 'right',
        title: axisTitle(
          vis.dependent[axis]?.title,
          model.dependents.filter((d) => d.axis === axis).map((d) => d.meta),
        ),
        gridLines: axis === 0 && (horizontal ? gridV : gridH),
        banded: false,
        share: expand && stacked,
      },
      palette,
    ),
  );

  const { dataZoom, zoomSpace } = zoomParts(model, horizontal, depAxes);
  return {
    xAxis: horizontal ? depOptions : [indepAxis],
    yAxis: horizontal ? [indepAxis] : depOptions,
    series,
    dataZoom,
    drawnBySeriesIndex,
    zoomSpace,
  };
}

type Point = Array<number | null>;

function pointsOf(model: ChartModel, drawn: DrawnSeries, indep: AxisScale, dep: AxisScale): Point[] {
  const { data } = model.input;
  const indepId = model.independent?.id;
  const depId = drawn.dependent.meta.id;
  const gradientId = model.gradient?.id;
  const out: Point[] = new Array(drawn.rows.length);
  for (let k = 0; k < drawn.rows.length; k++) {
    const r = drawn.rows[k];
    const row = data[r];
    const x = indepId === undefined ? r : indep.coord(row[indepId]);
    const y = dep.coord(row[depId]);
    out[k] = gradientId === undefined ? [x, y, r] : [x, y, r, numberCoord(row[gradientId])];
  }
  return out;
}

/** Per stack, the total of absolute values at each independent coordinate (for stacking to 100%). */
function shareTotals(model: ChartModel, points: Point[][]): Map<string, Map<number, number>> {
  const totals = new Map<string, Map<number, number>>();
  model.drawn.forEach((drawn, i) => {
    const type = drawn.dependent.chartType;
    if (type === 'scatter' || type === 'boxplot') return;
    const key = `${drawn.dependent.axis}:${ECHARTS_TYPE[type]}`;
    let byX = totals.get(key);
    if (!byX) {
      byX = new Map();
      totals.set(key, byX);
    }
    for (const [x, y] of points[i]) {
      if (x === null || y === null) continue;
      byX.set(x, (byX.get(x) ?? 0) + Math.abs(y));
    }
  });
  return totals;
}

interface SeriesContext {
  stack: string | undefined;
  sizeOf: ((row: number) => number) | undefined;
  horizontal: boolean;
  display: ChartModel['input']['vis']['display'];
}

function seriesOption(
  model: ChartModel,
  drawn: DrawnSeries,
  data: Point[],
  ctx: SeriesContext,
): Record<string, unknown> {
  const type = drawn.dependent.chartType;
  const own = drawn.dependent.vis?.display ?? {};
  const fillOpacity = own.fillOpacity ?? CHART_DEFAULTS.fillOpacity[type];
  const dotSize = own.dotSize ?? CHART_DEFAULTS.dotSize;
  // A gradient colours the points through the visual map; a fixed colour would hide it.
  const color = model.gradient ? undefined : drawn.color;
  const fmt = formatContext(model);
  const depMeta = drawn.dependent.meta;
  const labelOf = (params: { value: Point }) =>
    formatValue(model.input.data[params.value[2] as number]?.[depMeta.id], depMeta, fmt);
  const option: Record<string, unknown> = {
    type: ECHARTS_TYPE[type],
    name: drawn.name,
    data,
    stack: ctx.stack,
    color,
  };

  if (type === 'bar') {
    const { barGap, barCategoryGap } = ctx.display ?? {};
    Object.assign(option, {
      itemStyle: { color, opacity: fillOpacity },
      barGap: `${barGap ?? CHART_DEFAULTS.barGap}%`,
      barCategoryGap: `${barCategoryGap ?? CHART_DEFAULTS.barCategoryGap}%`,
      label: own.dotHasLabel
        ? { show: true, position: ctx.horizontal ? 'right' : 'top', formatter: labelOf }
        : undefined,
    });
    if (data.length > ROW_LIMITS.largeScatter) Object.assign(option, { large: true, largeThreshold: 2000 });
    return option;
  }
  if (type === 'scatter') {
    const large = !ctx.sizeOf && data.length > ROW_LIMITS.largeScatter;
    const sizeOf = ctx.sizeOf;
    Object.assign(option, {
      symbolSize: sizeOf ? (value: Point) => sizeOf(value[2] as number) : dotSize,
      itemStyle: { color, opacity: fillOpacity },
      label: own.dotHasLabel ? { show: true, position: 'top', formatter: labelOf } : undefined,
      large,
      largeThreshold: ROW_LIMITS.largeScatter,
      progressive: 5000,
    });
    return option;
  }
  // Line and area.
  const hasDot = own.hasDot ?? defaultHasDot(model.n, model.duplicateIndependent);
  Object.assign(option, {
    showSymbol: hasDot,
    // Dots mean every dot: ECharts would otherwise thin them out on a crowded category axis.
    showAllSymbol: true,
    symbol: 'circle',
    symbolSize: dotSize,
    smooth: own.lineType === 'smooth',
    step: own.lineType === 'step' ? 'middle' : false,
    connectNulls: false,
    lineStyle: {
      color,
      width: own.lineWidth ?? CHART_DEFAULTS.lineWidth,
      type: LINE_STYLE[own.lineStyle ?? 'solid'],
    },
    itemStyle: { color },
    areaStyle: type === 'area' ? { opacity: fillOpacity } : undefined,
    label: hasDot && own.dotHasLabel ? { show: true, position: 'top', formatter: labelOf } : undefined,
    // Thousands of points: draw a faithful downsample (largest-triangle-three-buckets) of each pixel column.
    sampling: data.length > ROW_LIMITS.largeScatter ? 'lttb' : undefined,
  });
  return option;
}

function zoomParts(model: ChartModel, horizontal: boolean, depAxes: number[]) {
  const { vis } = model.input;
  const dataZoom: Record<string, unknown>[] = [];
  const zoomSpace = { bottom: 0, right: 0 };
  const add = (dimension: 'x' | 'y', axisIndex: number) => {
    const key = dimension === 'x' ? 'xAxisIndex' : 'yAxisIndex';
    dataZoom.push({ type: 'inside', [key]: axisIndex, filterMode: 'none' });
    dataZoom.push({
      type: 'slider',
      [key]: axisIndex,
      filterMode: 'none',
      height: dimension === 'x' ? 20 : undefined,
      width: dimension === 'y' ? 20 : undefined,
      bottom: dimension === 'x' ? 4 : undefined,
      right: dimension === 'y' ? 4 : undefined,
      showDetail: false,
    });
    if (dimension === 'x') zoomSpace.bottom = 32;
    else zoomSpace.right = 32;
  };
  const zoom = CHART_DEFAULTS.axis.zoomVisible;
  if (vis.independent[0]?.display?.zoomVisible ?? zoom) add(horizontal ? 'y' : 'x', 0);
  depAxes.forEach((axis, k) => {
    if (vis.dependent[axis]?.display?.zoomVisible ?? zoom) add(horizontal ? 'x' : 'y', k);
  });
  return { dataZoom, zoomSpace };
}
