/**
 * The legend (chart display hasLegend, legendPosition, legendItemGap; defaults): on when more than
 * one series is mapped or a group-by exists, unless hasLegend says otherwise; at the top by default, items 10 px
 * apart; it scrolls rather than wraps, and reports the room it takes so the plot makes way for it.
 */
import { CHART_DEFAULTS } from './rules.ts';
import type { ChartPalette } from './theme.ts';
import type { ChartModel } from './types.ts';

export interface Space {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export const noSpace = (): Space => ({ top: 0, bottom: 0, left: 0, right: 0 });

/** Whether the legend shows: hasLegend, else more than one series or a group-by. */
export function legendShown(model: ChartModel): boolean {
  return model.input.vis.display?.hasLegend ?? (model.dependents.length > 1 || model.groupBy !== undefined);
}

/** Width a legend label takes at 12 px, roughly (average glyph 6.5 px, icon and padding 36 px). */
const labelWidth = (name: string) => Math.min(180, [...name].length * 6.5) + 36;

export function legendParts(
  model: ChartModel,
  palette: ChartPalette,
  names: string[],
): { legend: Record<string, unknown> | undefined; space: Space } {
  const space = noSpace();
  if (!legendShown(model)) return { legend: { show: false }, space };
  const display = model.input.vis.display ?? {};
  const position = display.legendPosition ?? CHART_DEFAULTS.legendPosition;
  const vertical = position === 'left' || position === 'right';
  const legend: Record<string, unknown> = {
    show: true,
    type: 'scroll',
    orient: vertical ? 'vertical' : 'horizontal',
    itemGap: display.legendItemGap ?? CHART_DEFAULTS.legendItemGap,
    itemWidth: 14,
    itemHeight: 10,
    textStyle: { color: palette.text, width: 150, overflow: 'truncate' },
    pageTextStyle: { color: palette.subtleText },
    pageIconColor: palette.subtleText,
    pageIconInactiveColor: palette.axisLine,
  };
  if (vertical) {
    const width = Math.min(Math.max(...names.map(labelWidth), 60), model.input.width * 0.35);
    Object.assign(legend, { [position]: 4, top: 'middle', width });
    space[position] = width + 12;
  } else {
    Object.assign(legend, { [position]: 4, left: 'center' });
    space[position] = 32;
  }
  return { legend, space };
}
