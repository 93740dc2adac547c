/**
 * Pie charts (spec 2 §3 axis display innerRadius, outerRadius, startAngle, pieHasLabels; §9 "Pie radii spread
 * evenly (60% split between rings)"): one ring per dependent series, slices by independent value. The rings
 * share the radius between innerRadius (default 0) and outerRadius (default 60, in % of half the smaller side)
 * evenly, the first series innermost. Slices take the colour scale in order (a group colour set for a category
 * wins); labels (default on) are drawn on the outer ring only, so rings never overprint each other.
 */
import { DEFAULT_COLOR_SCHEME, schemeColors } from '@tessera/shared';
import { formatContext } from './axes.ts';
import { distinctValues } from './model.ts';
import { CHART_DEFAULTS } from './rules.ts';
import type { ChartPalette } from './theme.ts';
import type { ChartModel } from './types.ts';
import { formatValue, numberCoord, truncateLabel } from './valueFormat.ts';

type Display = NonNullable<ChartModel['input']['vis']['dependent'][number]['display']>;

/** A polar display setting from the dependent axis entry, else the independent one. */
export function polarDisplay<K extends keyof Display>(model: ChartModel, key: K): Display[K] | undefined {
  const { vis } = model.input;
  return vis.dependent[0]?.display?.[key] ?? vis.independent[0]?.display?.[key];
}

/** The [inner, outer] radius (%) of each of `rings` rings. */
export function ringRadii(rings: number, inner: number, outer: number): Array<[string, string]> {
  const count = Math.max(1, rings);
  const lo = Math.min(inner, outer);
  const hi = Math.max(inner, outer);
  const step = (hi - lo) / count;
  return Array.from({ length: count }, (_, i) => [`${lo + i * step}%`, `${lo + (i + 1) * step}%`]);
}

export interface PieSlice {
  name: string;
  value: number;
  row: number;
  itemStyle: { color: string };
}

export function pieSeries(
  model: ChartModel,
  palette: ChartPalette,
  center: [number, number],
): Record<string, unknown>[] {
  const { input } = model;
  const fmt = formatContext(model);
  const scheme = input.vis.colors?.colorScheme ?? input.colors?.colorScheme ?? DEFAULT_COLOR_SCHEME;
  const radii = ringRadii(
    model.independent ? model.dependents.length : 1,
    polarDisplay(model, 'innerRadius') ?? 0,
    polarDisplay(model, 'outerRadius') ?? CHART_DEFAULTS.pieRadius,
  );
  const hasLabels = polarDisplay(model, 'pieHasLabels') ?? true;
  const startAngle = polarDisplay(model, 'startAngle') ?? CHART_DEFAULTS.pieStartAngle;
  const fillOpacity = (i: number) => model.dependents[i]?.vis?.display?.fillOpacity ?? CHART_DEFAULTS.fillOpacity.pie;

  const base = (ring: number, name: string, data: PieSlice[]) => ({
    type: 'pie',
    name,
    data,
    center,
    radius: radii[ring],
    startAngle,
    avoidLabelOverlap: true,
    itemStyle: { borderColor: palette.surface, borderWidth: 1, opacity: fillOpacity(ring) },
    label:
      hasLabels && ring === radii.length - 1
        ? { show: true, color: palette.text, formatter: (p: { name: string }) => truncateLabel(p.name) }
        : { show: false },
    labelLine: { show: hasLabels && ring === radii.length - 1 },
  });

  if (!model.independent) {
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
    return [base(0, '', slices)];
  }

  const independent = model.independent;
  const categories = distinctValues(input, independent);
  const colors = schemeColors(scheme, categories.length);
  const groupColors = input.vis.colors?.groups ?? {};
  const sliceStyle = categories.map((c, i) => {
    const label = formatValue(c.raw, independent, fmt);
    return { label, color: groupColors[c.key] ?? groupColors[label] ?? colors[i] };
  });
  const indexOf = new Map(categories.map((c, i) => [c.key, i]));
  const key = (v: unknown) => (v === null || v === undefined ? '\u0000' : String(v));

  return model.dependents.map((dep, ring) => {
    const slices: PieSlice[] = [];
    input.data.forEach((row, r) => {
      const value = numberCoord(row[dep.meta.id]);
      const at = indexOf.get(key(row[independent.id]));
      if (value === null || at === undefined) return;
      slices.push({ name: sliceStyle[at].label, value, row: r, itemStyle: { color: sliceStyle[at].color } });
    });
    return base(ring, dep.meta.label, slices);
  });
}
