/**
 * Resolves a chart's vis and data answer into the model the option builders read: which series is the
 * independent one, the dependent series with their display and chart type, the group-by split into drawn
 * series (one per dependent series and group value), and each drawn series' colour.
 *
 * Colours (most specific first): the series' own colour (vis.colors.series), then for a group its group colour
 * (vis.colors.groups), then the dashboard's feature colour, then the card's feature colour, then the colour
 * scale (the card's, else the dashboard's, else spectrumOne). Groups of a single value series take their
 * category's colour (categoryColors.ts), so a filter never recolours them.
 */
import {
  type ChartType,
  type ChartVis,
  chartSeries,
  DEFAULT_COLOR_SCHEME,
  LINE_FAMILY,
  type SeriesMeta,
  schemeColors,
  type Series as VisSeries,
} from '@tessera/shared';
import { CategoryColorRegistry, categoryColors } from './categoryColors.ts';
import { independentRepeats } from './rules.ts';
import { titledSeries } from './seriesTitle.ts';
import type { ChartModel, ChartOptionInput, DependentSeries, DrawnSeries } from './types.ts';
import { formatValue, type ValueFormatContext } from './valueFormat.ts';

const keyOf = (value: unknown): string => (value === null || value === undefined ? '\u0000' : String(value));

/** The chart type a dependent series draws as: its own among the line family when the chart is one. */
export function seriesChartType(main: ChartType, own: ChartType | undefined): ChartType {
  if (!LINE_FAMILY.includes(main)) return main;
  return own && LINE_FAMILY.includes(own) ? own : main;
}

function visSeriesById(vis: ChartVis): Map<string, VisSeries> {
  const byId = new Map<string, VisSeries>();
  for (const entry of chartSeries(vis)) byId.set(entry.series.id, entry.series);
  return byId;
}

/** The distinct values of a series in row order, with the rows holding each. */
export function distinctValues(
  input: ChartOptionInput,
  meta: SeriesMeta,
): Array<{ raw: unknown; key: string; rows: number[] }> {
  const byKey = new Map<string, { raw: unknown; key: string; rows: number[] }>();
  input.data.forEach((row, i) => {
    const raw = row[meta.id];
    const key = keyOf(raw);
    let entry = byKey.get(key);
    if (!entry) {
      entry = { raw, key, rows: [] };
      byKey.set(key, entry);
    }
    entry.rows.push(i);
  });
  return [...byKey.values()];
}

export function buildModel(input: ChartOptionInput): ChartModel {
  const { vis } = input;
  const chartType = vis.chartType ?? 'area';
  const locale = input.locale ?? 'en';
  const featureById = new Map(input.features.map((f) => [f._id, f]));
  const featureOf = (id: string) => featureById.get(id);
  const fmt: ValueFormatContext = { locale, t: input.t, featureOf };
  const visById = visSeriesById(vis);
  // Axis titles, legends and tooltips name each series with its operation ("temp_max (avg)").
  const titled = titledSeries(input.series, visById, featureOf, input.t);
  const byRole = (role: SeriesMeta['role']) => titled.filter((s) => s.role === role);

  const independent = byRole('independent')[0];
  const dependents: DependentSeries[] = byRole('dependent').map((meta, index) => {
    const own = visById.get(meta.id);
    return {
      meta,
      vis: own,
      chartType: seriesChartType(chartType, own?.chartType),
      axis: meta.axis > 0 ? 1 : 0,
      index,
    };
  });
  const groupBy = byRole('groupBy')[0];
  const n = input.data.length;

  const model: ChartModel = {
    input,
    locale,
    chartType,
    independent,
    dependents,
    groupBy,
    otherDimension: byRole('otherDimensions')[0],
    gradient: byRole('gradientDimension')[0],
    tooltipSeries: byRole('tooltip'),
    drawn: [],
    n,
    duplicateIndependent: independentRepeats(input.data, independent?.id),
    featureOf,
    categoryColors: input.categoryColors ?? new CategoryColorRegistry(),
  };
  model.drawn = drawnSeries(model, fmt);
  return model;
}

function drawnSeries(model: ChartModel, fmt: ValueFormatContext): DrawnSeries[] {
  const { input, dependents, groupBy } = model;
  const { vis, colors: dashboard } = input;
  const scheme = vis.colors?.colorScheme ?? dashboard?.colorScheme ?? DEFAULT_COLOR_SCHEME;
  const allRows = input.data.map((_, i) => i);
  // Pie and radar draw groups inside one series (slices, polygons); the others split by group.
  const groups = groupBy && model.chartType !== 'pie' ? distinctValues(input, groupBy) : undefined;
  const total = groups ? Math.max(1, groups.length * dependents.length) : dependents.length;
  const palette = schemeColors(scheme, total);

  const ownColor = (dep: DependentSeries): string | undefined =>
    vis.colors?.series?.[dep.meta.id] ??
    dashboard?.features?.[dep.meta.featureId] ??
    vis.colors?.features?.[dep.meta.featureId];

  if (!groups) {
    return dependents.map((dep) => ({
      dependent: dep,
      name: dep.meta.label,
      color: ownColor(dep) ?? palette[dep.index],
      rows: allRows,
    }));
  }
  const out: DrawnSeries[] = [];
  // One value series: its groups take their category's colour, whatever the groups a filter leaves.
  const byCategory =
    dependents.length === 1
      ? categoryColors(
          groups.map((group) => group.key),
          scheme,
          model.categoryColors.scope(`${scheme}|${groupBy!.featureId}`),
          model.categoryColors,
        )
      : undefined;
  for (const dep of dependents) {
    groups.forEach((group, g) => {
      const label = formatValue(group.raw, groupBy, fmt);
      const color =
        vis.colors?.groups?.[group.key] ??
        vis.colors?.groups?.[label] ??
        byCategory?.get(group.key) ??
        palette[dep.index * groups.length + g];
      out.push({
        dependent: dep,
        group: { raw: group.raw, label, index: g },
        name: dependents.length > 1 ? `${label} · ${dep.meta.label}` : label,
        color,
        rows: group.rows,
      });
    });
  }
  return out;
}
