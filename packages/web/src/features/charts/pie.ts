/**
 * Pie charts (axis display innerRadius, outerRadius, startAngle, pieHasLabels; "Pie radii spread
 * evenly (60% split between rings)"): one ring per dependent axis entry, whose settings are that entry's display
 * (the mapping screen's pie panel writes them there, `dependent[i].display`), slices by independent value and group-by value. A ring
 * runs from innerRadius to outerRadius (% of half the smaller side; default: the rings share 0–60 evenly); when
 * an axis entry holds several series they split its ring evenly, the first innermost. Slices take their category's colour
 * (categoryColors.ts: a filtered pie keeps its colours; a group colour set for a category wins); labels (default on) are drawn on a ring's outermost
 * series, outside for the outermost ring and inside the others, so rings never overprint each other; slices
 * under 3° carry none (`CHART_DEFAULTS.pieMinLabelAngle`).
 */
import { type DataRow, DEFAULT_COLOR_SCHEME, type SeriesMeta } from '@tessera/shared';
import { formatContext } from './axes.ts';
import { categoryColors } from './categoryColors.ts';
import { CHART_DEFAULTS, defaultRingRadii } from './rules.ts';
import type { ChartPalette } from './theme.ts';
import type { ChartModel } from './types.ts';
import { formatValue, numberCoord, truncateLabel } from './valueFormat.ts';

type Display = NonNullable<ChartModel['input']['vis']['dependent'][number]['display']>;

/** A radar setting: the first dependent axis entry's display (where the radar panel writes it). */
export function radarDisplay<K extends keyof Display>(model: ChartModel, key: K): Display[K] | undefined {
  return model.input.vis.dependent[0]?.display?.[key];
}

/** The [inner, outer] radius (%) of each of `rings` rings sharing inner..outer evenly. */
export function ringRadii(rings: number, inner: number, outer: number): Array<[string, string]> {
  const count = Math.max(1, rings);
  const lo = Math.min(inner, outer);
  const hi = Math.max(inner, outer);
  const step = (hi - lo) / count;
  return Array.from({ length: count }, (_, i) => [`${lo + i * step}%`, `${lo + (i + 1) * step}%`]);
}

/** How one drawn pie series is placed: its radius, start angle and labels, from its ring's settings. */
export interface RingPlace {
  radius: [string, string];
  startAngle: number;
  /** 'outside' on the outermost ring, 'inside' on the others; null: no labels. */
  labels: 'outside' | 'inside' | null;
}

/**
 * The place of each pie series, `seriesAxes[i]` being the dependent axis entry series i is mapped in (its
 * ring), `displays` the axis entries' displays.
 */
export function ringPlaces(displays: Array<Display | undefined>, seriesAxes: number[]): RingPlace[] {
  const rings = Math.max(1, displays.length);
  const ringOf = (axis: number) => Math.min(Math.max(0, axis), rings - 1);
  const outermost = Math.max(0, ...seriesAxes.map(ringOf));
  const places: RingPlace[] = [];
  for (let ring = 0; ring < rings; ring++) {
    const display = displays[ring] ?? {};
    const members = seriesAxes.flatMap((axis, i) => (ringOf(axis) === ring ? [i] : []));
    if (members.length === 0) continue;
    const fallback = defaultRingRadii(ring, rings);
    const radii = ringRadii(
      members.length,
      display.innerRadius ?? fallback.inner,
      display.outerRadius ?? fallback.outer,
    );
    const hasLabels = display.pieHasLabels ?? CHART_DEFAULTS.pieHasLabels;
    members.forEach((i, k) => {
      places[i] = {
        radius: radii[k]!,
        startAngle: display.startAngle ?? CHART_DEFAULTS.pieStartAngle,
        labels: hasLabels && k === members.length - 1 ? (ring === outermost ? 'outside' : 'inside') : null,
      };
    });
  }
  return places;
}

export interface PieSlice {
  name: string;
  value: number;
  row: number;
  itemStyle: { color: string };
  /** Set on slices too thin to carry a label (see `withoutThinLabels`). */
  label?: { show: false };
  labelLine?: { show: false };
}

/**
 * The ring's slices, those narrower than `CHART_DEFAULTS.pieMinLabelAngle` told to build no label at all:
 * ECharts' own `minShowLabelAngle` only hides such labels after creating and laying them out (most of a
 * 240-slice pie's drawing time).
 */
export function withoutThinLabels(slices: PieSlice[]): PieSlice[] {
  const sum = slices.reduce((total, slice) => total + slice.value, 0);
  if (!(sum > 0)) return slices;
  const minValue = (sum * CHART_DEFAULTS.pieMinLabelAngle) / 360;
  return slices.map((slice) =>
    slice.value < minValue ? { ...slice, label: { show: false }, labelLine: { show: false } } : slice,
  );
}

const keyOf = (v: unknown) => (v === null || v === undefined ? '\u0000' : String(v));

/**
 * What a pie slices by: its independent series and its group-by (the empty hint: "Drag numeric data, and use
 * Group By to separate it by categories"); with both, a slice per pair ("Web · 2024").
 */
export function sliceKeys(model: ChartModel): SeriesMeta[] {
  return [model.independent, model.groupBy].filter((m): m is SeriesMeta => m !== undefined);
}

/** A row's slice key. */
function sliceKey(model: ChartModel, row: DataRow): string {
  return sliceKeys(model)
    .map((m) => keyOf(row[m.id]))
    .join('\u0001');
}

/** The slices' categories in row order: their key and label ("Web · 2024" when sliced by two series). */
export function pieCategories(model: ChartModel): Array<{ key: string; label: string }> {
  const fmt = formatContext(model);
  const metas = sliceKeys(model);
  const out = new Map<string, string>();
  for (const row of model.input.data) {
    const key = sliceKey(model, row);
    if (!out.has(key)) out.set(key, metas.map((m) => formatValue(row[m.id], m, fmt)).join(' · '));
  }
  return [...out].map(([key, label]) => ({ key, label }));
}

export function pieSeries(
  model: ChartModel,
  palette: ChartPalette,
  center: [number, number],
): Record<string, unknown>[] {
  const { input } = model;
  const scheme = input.vis.colors?.colorScheme ?? input.colors?.colorScheme ?? DEFAULT_COLOR_SCHEME;
  const displays = input.vis.dependent.map((axis) => axis.display);
  const places = sliceKeys(model).length
    ? ringPlaces(
        displays,
        model.dependents.map((d) => d.meta.axis),
      )
    : ringPlaces(displays.slice(0, 1), [0]);
  const fillOpacity = (i: number) => model.dependents[i]?.vis?.display?.fillOpacity ?? CHART_DEFAULTS.fillOpacity.pie;

  const base = (ring: number, name: string, data: PieSlice[]) => {
    const place = places[ring]!;
    return {
      type: 'pie',
      name,
      data,
      center,
      radius: place.radius,
      startAngle: place.startAngle,
      avoidLabelOverlap: true,
      minShowLabelAngle: CHART_DEFAULTS.pieMinLabelAngle,
      itemStyle: { borderColor: palette.surface, borderWidth: 1, opacity: fillOpacity(ring) },
      label: place.labels
        ? {
            show: true,
            position: place.labels,
            color: palette.text,
            formatter: (p: { name: string }) => truncateLabel(p.name),
          }
        : { show: false },
      labelLine: { show: place.labels === 'outside' },
    };
  };

  if (sliceKeys(model).length === 0) {
    // No categories: one ring whose slices are the dependent series (their first row).
    const row = input.data[0] ?? {};
    const slices = model.drawn
      .map((d) => ({
        name: d.name,
        value: numberCoord(row[d.dependent.meta.id]) ?? Number.NaN,
        row: 0,
        itemStyle: { color: d.color },
      }))
      .filter((s) => Number.isFinite(s.value));
    return [base(0, '', withoutThinLabels(slices))];
  }

  const categories = pieCategories(model);
  const scope = `${scheme}|${sliceKeys(model)
    .map((m) => m.featureId)
    .join('|')}`;
  const colors = categoryColors(
    categories.map((c) => c.key),
    scheme,
    model.categoryColors.scope(scope),
    model.categoryColors,
  );
  const groupColors = input.vis.colors?.groups ?? {};
  const sliceStyle = categories.map((c) => ({
    label: c.label,
    color: groupColors[c.key] ?? groupColors[c.label] ?? colors.get(c.key)!,
  }));
  const indexOf = new Map(categories.map((c, i) => [c.key, i]));

  return model.dependents.map((dep, ring) => {
    const slices: PieSlice[] = [];
    input.data.forEach((row, r) => {
      const value = numberCoord(row[dep.meta.id]);
      const at = indexOf.get(sliceKey(model, row));
      if (value === null || at === undefined) return;
      slices.push({ name: sliceStyle[at].label, value, row: r, itemStyle: { color: sliceStyle[at].color } });
    });
    return base(ring, dep.meta.label, withoutThinLabels(slices));
  });
}
