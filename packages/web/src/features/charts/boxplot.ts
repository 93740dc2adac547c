/**
 * Boxplot series: each dependent value is `[min, q1, median, q3, max]` (computed by the server); one box per
 * independent category, one ECharts series per drawn series (a group-by puts groups side by side). Each box
 * keeps the row it came from (`row`) for the tooltip.
 */
import type { AxisScale } from './axes.ts';
import type { ChartModel, DrawnSeries } from './types.ts';
import { numberCoord } from './valueFormat.ts';

/** `#rrggbb` (or #rgb) at an opacity, as rgba(); other colour text is returned unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const hex = color.replace('#', '');
  const full = hex.length === 3 || hex.length === 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}/i.test(full)) return color;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The five statistics of a boxplot value, or null when it is not five numbers. */
export function boxStats(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length !== 5) return null;
  const stats = value.map(numberCoord);
  return stats.every((v) => v !== null) ? (stats as number[]) : null;
}

export function boxplotSeries(model: ChartModel, drawn: DrawnSeries, indep: AxisScale): Record<string, unknown> {
  const { data } = model.input;
  const indepId = model.independent?.id;
  const depId = drawn.dependent.meta.id;
  const length = indep.categories?.length ?? data.length;
  const boxes: Array<{ value: number[]; row: number } | '-'> = Array.from({ length }, () => '-');
  for (const r of drawn.rows) {
    const at = indepId === undefined ? r : indep.coord(data[r][indepId]);
    const stats = boxStats(data[r][depId]);
    if (at !== null && stats) boxes[at] = { value: stats, row: r };
  }
  return {
    type: 'boxplot',
    name: drawn.name,
    data: boxes,
    color: drawn.color,
    itemStyle: { color: withAlpha(drawn.color, 0.3), borderColor: drawn.color, borderWidth: 1.5 },
    boxWidth: [7, 50],
  };
}
