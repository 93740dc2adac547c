/**
 * The gradient of a gradient dimension (gradientDimension, showVisualMap; High #bf444c, Low
 * #f6efa6): a continuous visual map over the gradient values (dimension 3 of every point), from the Low colour
 * to the High colour, overridable by vis.colors.gradients. The scale bar shows unless showVisualMap is false.
 */
import { formatNumber, GRADIENT_DEFAULTS } from '@tessera/shared';
import type { Space } from './legend.ts';
import type { ChartPalette } from './theme.ts';
import type { ChartModel } from './types.ts';
import { numberCoord } from './valueFormat.ts';

/** The index of the gradient value in a point (`[x, y, row, gradient]`). */
export const GRADIENT_DIMENSION = 3;

export function gradientRange(model: ChartModel): [number, number] | undefined {
  const meta = model.gradient;
  if (!meta) return undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const row of model.input.data) {
    const v = numberCoord(row[meta.id]);
    if (v === null) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? [min, max] : undefined;
}

export function visualMapParts(
  model: ChartModel,
  palette: ChartPalette,
  seriesIndex: number[],
): { visualMap: Record<string, unknown> | undefined; space: Partial<Space> } {
  const range = gradientRange(model);
  if (!range || seriesIndex.length === 0) return { visualMap: undefined, space: {} };
  const { vis, height } = model.input;
  const low = vis.colors?.gradients?.Low ?? GRADIENT_DEFAULTS.Low;
  const high = vis.colors?.gradients?.High ?? GRADIENT_DEFAULTS.High;
  const show = vis.display?.showVisualMap ?? true;
  const [min, max] = range;
  const text = [formatNumber(max, model.locale), formatNumber(min, model.locale)];
  const visualMap = {
    type: 'continuous',
    show,
    dimension: GRADIENT_DIMENSION,
    seriesIndex,
    min,
    max: max > min ? max : min + 1,
    inRange: { color: [low, high] },
    calculable: false,
    orient: 'vertical',
    right: 4,
    top: 'middle',
    itemWidth: 12,
    itemHeight: Math.max(40, Math.min(140, height - 110)),
    text,
    textStyle: { color: palette.subtleText },
  };
  const textWidth = Math.max(...text.map((t) => t.length)) * 7;
  return { visualMap, space: show ? { right: Math.max(40, textWidth + 16) } : {} };
}
