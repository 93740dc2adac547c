/**
 * Tooltips (hasTooltip, default on; tooltip series; max height 350 px): the hovered independent
 * value, each series' value formatted by the number and date rules, then the row's tooltip series (and its
 * dot-size and gradient values). All text is escaped: values are user data.
 *
 * Each builder returns an ECharts tooltip formatter; points carry the row they came from (`value[2]`, or
 * `data.row` for pie slices and boxes; radar polygons map indicators to rows).
 */
import type { SeriesMeta } from '@tessera/shared';
import { formatContext } from './axes.ts';
import type { ChartPalette } from './theme.ts';
import type { ChartModel, DrawnSeries } from './types.ts';
import { escapeHtml, formatPercent, formatValue } from './valueFormat.ts';

interface TooltipParam {
  seriesIndex?: number;
  seriesName?: string;
  name?: string;
  marker?: string;
  value?: unknown;
  data?: unknown;
  percent?: number;
}

export function tooltipBase(model: ChartModel, palette: ChartPalette) {
  return {
    show: model.input.vis.display?.hasTooltip ?? true,
    confine: true,
    backgroundColor: palette.tooltipBackground,
    borderColor: palette.tooltipBorder,
    textStyle: { color: palette.text, fontSize: 12 },
    extraCssText: 'max-height:350px;overflow:auto;',
  };
}

const line = (label: string, value: string, marker = '') =>
  `<div>${marker}${escapeHtml(label)}: <b>${escapeHtml(value)}</b></div>`;
const header = (text: string) => `<div style="font-weight:bold;margin-bottom:2px">${escapeHtml(text)}</div>`;

/** The row index a tooltip parameter points at. */
function rowOf(param: TooltipParam): number | undefined {
  // Pie slices and boxes carry `row` (a box's value is its five statistics, not a point).
  const data = param.data as { row?: unknown } | undefined;
  if (data && typeof data === 'object' && !Array.isArray(data) && typeof data.row === 'number') return data.row;
  if (Array.isArray(param.value) && typeof param.value[2] === 'number') return param.value[2];
  return undefined;
}

/** The extra lines of a row: other dimension, gradient and tooltip series. */
function extraLines(model: ChartModel, row: number): string {
  const fmt = formatContext(model);
  const metas = [model.otherDimension, model.gradient, ...model.tooltipSeries].filter(
    (m, i, all): m is SeriesMeta => !!m && all.findIndex((o) => o?.id === m.id) === i,
  );
  const values = model.input.data[row];
  if (!values) return '';
  const lines = metas.map((m) => line(m.label, formatValue(values[m.id], m, fmt))).join('');
  return lines && `<div style="padding-left:14px;opacity:0.85">${lines}</div>`;
}

function independentText(model: ChartModel, row: number | undefined): string {
  if (row === undefined || !model.independent) return '';
  return formatValue(model.input.data[row]?.[model.independent.id], model.independent, formatContext(model));
}

function boxLines(model: ChartModel, value: unknown): string {
  if (!Array.isArray(value)) return '';
  const names = ['min', 'q1', 'median', 'q3', 'max'];
  // ECharts prepends the category index to a box's values in tooltips; the five statistics are the last five.
  const stats = value.slice(-5);
  return stats
    .map((v, i) => line(model.input.t(`boxplot.${names[i]}`), formatValue(v, undefined, formatContext(model))))
    .join('');
}

/** Cartesian charts: one line per hovered series (axis trigger) or the hovered point (item trigger). */
export function cartesianFormatter(model: ChartModel, drawnBySeriesIndex: DrawnSeries[]) {
  const fmt = formatContext(model);
  return (input: TooltipParam | TooltipParam[]): string => {
    const params = Array.isArray(input) ? input : [input];
    if (params.length === 0) return '';
    const first = rowOf(params[0]);
    let html = header(independentText(model, first) || (params[0].name ?? ''));
    const rowsDone = new Set<number>();
    for (const param of params) {
      const drawn = drawnBySeriesIndex[param.seriesIndex ?? -1];
      const row = rowOf(param);
      if (!drawn || row === undefined) continue;
      const meta = drawn.dependent.meta;
      if (drawn.dependent.chartType === 'boxplot') {
        html += line(drawn.name, '', param.marker).replace(': <b></b>', '') + boxLines(model, param.value);
      } else {
        html += line(drawn.name, formatValue(model.input.data[row]?.[meta.id], meta, fmt), param.marker);
      }
      if (!rowsDone.has(row)) html += extraLines(model, row);
      rowsDone.add(row);
    }
    return html;
  };
}

/** Pie slices: the ring (when several), the slice, its value and share. */
export function pieFormatter(model: ChartModel) {
  const fmt = formatContext(model);
  return (param: TooltipParam): string => {
    const row = rowOf(param);
    const ring = model.dependents.length > 1 && param.seriesName ? header(param.seriesName) : '';
    const dep = model.dependents[param.seriesIndex ?? 0] ?? model.dependents[0];
    const value =
      row === undefined || !(model.independent || model.groupBy)
        ? formatValue(param.value, undefined, fmt)
        : formatValue(model.input.data[row]?.[dep.meta.id], dep.meta, fmt);
    const share = typeof param.percent === 'number' ? ` (${formatPercent(param.percent / 100, model.locale)})` : '';
    return (
      ring + line(param.name ?? '', value + share, param.marker) + (row === undefined ? '' : extraLines(model, row))
    );
  };
}

/** Radar polygons: the polygon's name, then each indicator's value. */
export function radarFormatter(
  model: ChartModel,
  rowsBySeries: Array<Array<number | null>>,
  indicators: string[],
  drawnBySeries: DrawnSeries[] = model.drawn,
) {
  const fmt = formatContext(model);
  return (param: TooltipParam): string => {
    const drawn = drawnBySeries[param.seriesIndex ?? 0];
    const rows = rowsBySeries[param.seriesIndex ?? 0] ?? [];
    let html = header(param.seriesName ?? param.name ?? '');
    indicators.forEach((name, i) => {
      // Spokes of categories read the polygon's series; spokes of value series read each series.
      const meta = model.independent ? drawn?.dependent.meta : model.dependents[i]?.meta;
      const row = rows[i];
      const raw = row === null || row === undefined ? null : model.input.data[row]?.[meta?.id ?? ''];
      html += line(name, formatValue(raw, meta, fmt));
    });
    return html;
  };
}
