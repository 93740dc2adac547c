import type { EChartsOption } from 'echarts';
import { rowOfItem } from './chartElements.ts';

/** What ChartView does to a chart's option for selections: legend clicks reported, unselected elements dimmed. */

/** The option whose legend reports clicks (`triggerEvent`) when its entries select. */
export function withLegendEvents(option: EChartsOption, selects: boolean): EChartsOption {
  const legend = option.legend;
  if (!selects || !legend || Array.isArray(legend)) return option;
  return { ...option, legend: { ...legend, triggerEvent: true } };
}

const DIM = { opacity: 0.25 };

/** The option with the elements outside the selection dimmed (nothing changes without a selection). */
export function withSelection(option: EChartsOption, rows: number[]): EChartsOption {
  if (!rows.length || !Array.isArray(option.series)) return option;
  const selected = new Set(rows);
  const series = option.series.map((s) => {
    const data = (s as { data?: unknown }).data;
    if (!Array.isArray(data)) return s;
    // A radar's polygon is its line and its area: both fade too.
    const polygon = (s as { type?: unknown }).type === 'radar' ? { lineStyle: DIM, areaStyle: { opacity: 0.1 } } : {};
    return {
      ...s,
      data: data.map((item) => {
        const row = rowOfItem(item);
        if (row === undefined || selected.has(row)) return item;
        return Array.isArray(item)
          ? { value: item, itemStyle: DIM }
          : {
              ...(item as object),
              itemStyle: { ...((item as { itemStyle?: object }).itemStyle ?? {}), ...DIM },
              ...polygon,
            };
      }),
    };
  });
  return { ...option, series } as EChartsOption;
}
