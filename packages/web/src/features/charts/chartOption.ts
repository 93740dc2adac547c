/**
 * `chartOption`: a chart card's vis and data answer → an ECharts option (chart vis, chart
 * rendering), or the verdict that it is not drawn ('too-much-data' over the row limits, 'empty' with nothing to
 * draw). Pure: same input, same option; the component only hands it to ECharts.
 *
 * Animation is on unless hasAnimation is false, and off past the row-count limits (area, line, bar over 200
 * rows; boxplot over 20 boxes; radar and pie over 40). Dates are laid out in UTC (`useUTC`), as the number and
 * date formats read them.
 */
import type { EChartsOption } from 'echarts';
import { cartesianParts } from './cartesian.ts';
import { legendParts, type Space } from './legend.ts';
import { buildModel } from './model.ts';
import { pieCategories, pieSeries, sliceKeys } from './pie.ts';
import { radarParts } from './radar.ts';
import { animationAllowed, isTooMuchData } from './rules.ts';
import { chartPalette } from './theme.ts';
import { cartesianFormatter, pieFormatter, radarFormatter, tooltipBase } from './tooltip.ts';
import type { ChartModel, ChartOptionInput, ChartOptionResult } from './types.ts';
import { visualMapParts } from './visualMap.ts';

const MARGIN = 8;

function addSpace(a: Space, b: Partial<Space>): Space {
  return {
    top: a.top + (b.top ?? 0),
    bottom: a.bottom + (b.bottom ?? 0),
    left: a.left + (b.left ?? 0),
    right: a.right + (b.right ?? 0),
  };
}

/** The centre of the plot once legend and scales took their room, in pixels. */
function centerOf(model: ChartModel, space: Space): [number, number] {
  const { width, height } = model.input;
  return [
    Math.round(space.left + (width - space.left - space.right) / 2),
    Math.round(space.top + (height - space.top - space.bottom) / 2),
  ];
}

function legendNames(model: ChartModel): string[] {
  if (model.chartType === 'pie' && sliceKeys(model).length > 0) return pieCategories(model).map((c) => c.label);
  if (model.chartType === 'radar' && !model.independent && model.groupBy) {
    return model.drawn.filter((d) => d.dependent.index === 0).map((d) => d.group?.label ?? d.name);
  }
  return model.drawn.map((d) => d.name);
}

export function chartOption(input: ChartOptionInput): ChartOptionResult {
  const chartType = input.vis.chartType ?? 'area';
  if (isTooMuchData(chartType, input.data.length)) return { verdict: 'too-much-data' };
  const model = buildModel(input);
  if (model.dependents.length === 0 || model.drawn.length === 0) return { verdict: 'empty' };

  const palette = chartPalette(input.theme);
  const display = input.vis.display ?? {};
  const boxes = model.n * model.dependents.length;
  const animation = (display.hasAnimation ?? true) && animationAllowed(chartType, model.n, boxes);
  const { legend, space: legendSpace } = legendParts(model, palette, legendNames(model));
  const base: EChartsOption = {
    backgroundColor: 'transparent',
    animation,
    useUTC: true,
    textStyle: { color: palette.text },
    color: model.drawn.map((d) => d.color),
    legend: legend as EChartsOption['legend'],
  };
  const tooltip = tooltipBase(model, palette);

  if (chartType === 'pie') {
    const series = pieSeries(model, palette, centerOf(model, legendSpace));
    return {
      verdict: 'ok',
      option: {
        ...base,
        tooltip: { ...tooltip, trigger: 'item', formatter: pieFormatter(model) },
        series,
      } as EChartsOption,
    };
  }
  if (chartType === 'radar') {
    const parts = radarParts(model, palette, centerOf(model, legendSpace));
    return {
      verdict: 'ok',
      option: {
        ...base,
        radar: parts.radar,
        tooltip: {
          ...tooltip,
          trigger: 'item',
          formatter: radarFormatter(model, parts.rowsBySeries, parts.indicators, parts.drawn),
        },
        series: parts.series,
      } as EChartsOption,
    };
  }

  const parts = cartesianParts(model, palette);
  const gradientSeries = parts.series.flatMap((s, i) => (s.type === 'boxplot' ? [] : [i]));
  const { visualMap, space: mapSpace } = visualMapParts(model, palette, model.gradient ? gradientSeries : []);
  const space = addSpace(addSpace(legendSpace, mapSpace), parts.zoomSpace);
  const itemTrigger = model.drawn.every(
    (d) => d.dependent.chartType === 'scatter' || d.dependent.chartType === 'boxplot',
  );
  const hasBars = model.drawn.some((d) => d.dependent.chartType === 'bar');
  const grid = {
    top: MARGIN + 4 + space.top,
    bottom: MARGIN + space.bottom,
    left: MARGIN + space.left,
    right: MARGIN + 8 + space.right,
  };
  // Zoom sliders run along the plot, clear of the legend and the gradient scale.
  for (const zoom of parts.dataZoom) {
    if (zoom.type !== 'slider') continue;
    if (zoom.xAxisIndex !== undefined) Object.assign(zoom, { left: grid.left + 24, right: grid.right + 24 });
    else Object.assign(zoom, { top: grid.top + 12, bottom: grid.bottom + 12 });
  }
  return {
    verdict: 'ok',
    option: {
      ...base,
      grid: {
        ...grid,
        // Axis labels and titles stay inside the card: the plot shrinks to make room for them.
        outerBoundsMode: 'same',
        outerBoundsContain: 'all',
      },
      xAxis: parts.xAxis,
      yAxis: parts.yAxis,
      series: parts.series,
      dataZoom: parts.dataZoom.length ? parts.dataZoom : undefined,
      visualMap,
      tooltip: {
        ...tooltip,
        trigger: itemTrigger ? 'item' : 'axis',
        axisPointer: { type: hasBars ? 'shadow' : 'line' },
        formatter: cartesianFormatter(model, parts.drawnBySeriesIndex),
      },
    } as EChartsOption,
  };
}
