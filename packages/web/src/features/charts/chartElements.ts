/**
 * The elements of a drawn chart as cross-filtering and the keyboard reach them (docs/cross-filters.md): the data
 * row each element came from, the row a legend entry stands for, and the list the arrow keys walk.
 */
import type { EChartsOption } from 'echarts';

/**
 * The data row an element was drawn from. An item that names its row (`{row}`: a slice, a box) says it; a
 * cartesian point carries it third (`[x, y, row]`). A box's value is its five statistics, never a row: its `row`
 * is read first.
 */
export function rowOfElement(params: unknown): number | undefined {
  const { value, data } = params as { value?: unknown; data?: { row?: unknown } | null };
  if (data && typeof data === 'object' && typeof data.row === 'number') return data.row;
  if (Array.isArray(value) && value.length <= 4 && typeof value[2] === 'number') return value[2];
  return undefined;
}

type SeriesOption = { name?: unknown; type?: unknown; data?: unknown };

const seriesOf = (option: EChartsOption): SeriesOption[] =>
  (Array.isArray(option.series) ? option.series : option.series ? [option.series] : []) as SeriesOption[];

const itemsOf = (series: SeriesOption | undefined): unknown[] => (Array.isArray(series?.data) ? series.data : []);

/** The row of a data item of the option (a point `[x, y, row]`, an object with `row`), else undefined. */
export const rowOfItem = (item: unknown) =>
  rowOfElement(
    Array.isArray(item)
      ? { value: item }
      : { value: (item as { value?: unknown } | null)?.value, data: item as { row?: unknown } | null },
  );

/**
 * The row a legend entry stands for: a series' entry (a group of a "group by") its first drawn row, a slice's
 * entry (a pie) the slice's row; undefined when the entry names neither.
 */
export function rowOfLegendItem(option: EChartsOption, name: string): number | undefined {
  for (const series of seriesOf(option)) {
    const items = itemsOf(series);
    if (series.name === name) {
      for (const item of items) {
        const row = rowOfItem(item);
        if (row !== undefined) return row;
      }
      return undefined;
    }
    const slice = items.find((item) => (item as { name?: unknown } | null)?.name === name);
    if (slice !== undefined) return rowOfItem(slice);
  }
  return undefined;
}

/** An element the keyboard can reach: where ECharts drew it and the row it came from. */
export interface ChartElement {
  seriesIndex: number;
  dataIndex: number;
  row: number;
  /** The series' name (a group's value, a value series' title), or a slice's name. */
  name: string;
  /** The element's value (a box's median), when it is a number. */
  value: number | undefined;
}

/** A number of an item: a point's value coordinate, a slice's value, a box's median. */
function valueOfItem(item: unknown, horizontal: boolean): number | undefined {
  const value = Array.isArray(item) ? item : (item as { value?: unknown } | null)?.value;
  if (typeof value === 'number') return value;
  if (!Array.isArray(value)) return undefined;
  const number = value.length === 5 ? value[2] : value[horizontal ? 0 : 1];
  return typeof number === 'number' ? number : undefined;
}

/** Whether the independent values run along the vertical axis (a horizontal bar chart). */
function isHorizontal(option: EChartsOption): boolean {
  const axes = (axis: unknown) => (Array.isArray(axis) ? axis : axis ? [axis] : []) as Array<{ type?: unknown }>;
  return (
    axes(option.yAxis).some((a) => a.type === 'category') && !axes(option.xAxis).some((a) => a.type === 'category')
  );
}

/** Every element of the option that came from a data row, series after series, in drawing order. */
export function chartElements(option: EChartsOption): ChartElement[] {
  const horizontal = isHorizontal(option);
  return seriesOf(option).flatMap((series, seriesIndex) =>
    itemsOf(series).flatMap((item, dataIndex) => {
      const row = rowOfItem(item);
      if (row === undefined) return [];
      const sliceName = (item as { name?: unknown } | null)?.name;
      const name = typeof sliceName === 'string' ? sliceName : typeof series.name === 'string' ? series.name : '';
      // A radar's polygon holds one value per spoke: none of them is the polygon's value.
      const value = series.type === 'radar' ? undefined : valueOfItem(item, horizontal);
      return [{ seriesIndex, dataIndex, row, name, value }];
    }),
  );
}

/** The next element's index for a key (arrows, Home, End), or undefined for another key. */
export function nextElement(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return current < 0 ? 0 : Math.min(count - 1, current + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return current < 0 ? 0 : Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
