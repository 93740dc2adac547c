/**
 * Radar charts (radarOuterRadius, radarStartAngle; defaults 70 and 90, fill 0.4): the
 * independent values are the indicators (the spokes), each drawn series (a dependent series, or one group of
 * it) one polygon. Without independent values the value series are the spokes, and a group-by draws one polygon
 * per group. All spokes share one scale (0, or the smallest negative value, up to a round maximum) so
 * that polygons compare like a line chart wrapped around a circle.
 */
import { formatContext } from './axes.ts';
import { distinctValues } from './model.ts';
import { radarDisplay } from './pie.ts';
import { CHART_DEFAULTS, defaultHasDot } from './rules.ts';
import type { ChartPalette } from './theme.ts';
import type { ChartModel, DrawnSeries } from './types.ts';
import { formatValue, numberCoord, truncateLabel } from './valueFormat.ts';

/** The smallest "round" number (1, 2, 2.5, 5 × 10^k) at least `value`. */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 0;
  if (!Number.isFinite(value)) return value;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

export interface RadarParts {
  radar: Record<string, unknown>;
  series: Record<string, unknown>[];
  /** The drawn series behind each polygon (its name and colour). */
  drawn: DrawnSeries[];
  /** Per series: the row behind each indicator's value (null where none), for the tooltip. */
  rowsBySeries: Array<Array<number | null>>;
  indicators: string[];
}

export function radarParts(model: ChartModel, palette: ChartPalette, center: [number, number]): RadarParts {
  const { input } = model;
  const fmt = formatContext(model);
  const independent = model.independent;
  const categories = independent ? distinctValues(input, independent) : [];
  const indicators = independent
    ? categories.map((c) => formatValue(c.raw, independent, fmt))
    : model.dependents.map((d) => d.meta.label);
  const indexOf = new Map(categories.map((c, i) => [c.key, i]));
  const key = (v: unknown) => (v === null || v === undefined ? '\u0000' : String(v));

  const polygons = independent
    ? model.drawn.map((d) => {
        const values: Array<number | null> = indicators.map(() => null);
        const rows: Array<number | null> = indicators.map(() => null);
        for (const r of d.rows) {
          const at = indexOf.get(key(input.data[r][independent.id]));
          if (at === undefined) continue;
          values[at] = numberCoord(input.data[r][d.dependent.meta.id]);
          rows[at] = r;
        }
        return { drawn: d, values, rows };
      })
    : model.groupBy
      ? // No spokes of categories: the spokes are the value series, one polygon per group (its one row).
        model.drawn
          .filter((d) => d.dependent.index === 0 && d.group)
          .map((d) => {
            const row = d.rows[0] ?? null;
            return {
              drawn: { ...d, name: d.group!.label },
              values: model.dependents.map((dep) =>
                row === null ? null : numberCoord(input.data[row]?.[dep.meta.id]),
              ),
              rows: model.dependents.map(() => row),
            };
          })
      : [
          {
            drawn: model.drawn[0],
            values: model.dependents.map((d) => numberCoord(input.data[0]?.[d.meta.id])),
            rows: model.dependents.map(() => (input.data.length ? 0 : null)),
          },
        ].filter((p) => p.drawn);

  let lo = 0;
  let hi = 0;
  for (const p of polygons)
    for (const v of p.values) {
      if (v === null) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  const max = niceCeil(hi) || 1;
  const min = lo < 0 ? -niceCeil(-lo) : 0;
  const hasDotDefault = defaultHasDot(model.n, model.duplicateIndependent);

  // A group's polygon names a row of its group (`row`), so that a click on it selects the group
  // (docs/cross-filters.md "Radar"); a polygon of a value series stands for no one row.
  const series = polygons.map(({ drawn, values, rows }) => {
    const groupRow = model.groupBy ? rows.find((r) => r !== null) : undefined;
    const own = drawn.dependent.vis?.display ?? {};
    return {
      type: 'radar',
      name: drawn.name,
      color: drawn.color,
      // Radar series have no showSymbol: no dots is no symbol.
      symbol: (own.hasDot ?? hasDotDefault) ? 'circle' : 'none',
      symbolSize: own.dotSize ?? CHART_DEFAULTS.dotSize,
      lineStyle: {
        color: drawn.color,
        width: own.lineWidth ?? CHART_DEFAULTS.lineWidth,
        type: own.lineStyle ?? 'solid',
      },
      itemStyle: { color: drawn.color },
      areaStyle: { color: drawn.color, opacity: own.fillOpacity ?? CHART_DEFAULTS.fillOpacity.radar },
      data: [
        {
          name: drawn.name,
          value: values.map((v) => (v === null ? '-' : v)),
          ...(groupRow === undefined || groupRow === null ? {} : { row: groupRow }),
        },
      ],
    };
  });

  return {
    drawn: polygons.map((p) => p.drawn!),
    radar: {
      indicator: indicators.map((name) => ({ name: truncateLabel(name), min, max })),
      radius: `${radarDisplay(model, 'radarOuterRadius') ?? CHART_DEFAULTS.radarOuterRadius}%`,
      startAngle: radarDisplay(model, 'radarStartAngle') ?? CHART_DEFAULTS.radarStartAngle,
      // The spokes go clockwise from the start angle (the top by default) in the data's order, as a clock's
      // months do; ECharts' own default is counter-clockwise.
      clockwise: true,
      center,
      axisName: { color: palette.subtleText },
      axisLine: { lineStyle: { color: palette.axisLine } },
      splitLine: { lineStyle: { color: palette.splitLine } },
      splitArea: { show: false },
    },
    series,
    rowsBySeries: polygons.map((p) => p.rows),
    indicators,
  };
}
