import {
  binRange,
  type CrossFilter,
  type CrossFilterEntry,
  crossFilterEntrySchema,
  type DataRow,
  isDatePart,
  MAX_CROSS_FILTERS,
  type PointItem,
  type PointValue,
  type SeriesMeta,
  toggleCrossFilter,
} from '@tessera/shared';
import { z } from 'zod';

/**
 * The cross-filters of a tab as the web keeps them (docs/cross-filters.md): in the URL (`?cross=`), so that a link
 * reproduces the view, never saved. Each entry remembers the card it came from and the words of its chip.
 */
export { CROSS_PARAM, type CrossFilterEntry } from '@tessera/shared';

/** The entries of a URL parameter; anything malformed reads as none. */
export function entriesFromParam(param: string | null): CrossFilterEntry[] {
  if (!param) return [];
  try {
    const parsed = z.array(crossFilterEntrySchema).max(MAX_CROSS_FILTERS).safeParse(JSON.parse(param));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const entriesToParam = (entries: readonly CrossFilterEntry[]) =>
  entries.length ? JSON.stringify(entries) : null;

/** A clicked element of a card, as the cross-filter it makes and the words of its chip. */
export interface Clicked {
  filter: CrossFilter;
  feature: string;
  label: string;
}

/**
 * A click on a card's element changes the card's own entries (`toggleCrossFilter`: a click selects, with shift or
 * ctrl adds, again removes); the other cards' entries stay.
 */
export function toggleEntry(
  entries: readonly CrossFilterEntry[],
  unit: { unitId: string; card: string },
  clicked: Clicked,
  adding: boolean,
): CrossFilterEntry[] {
  const own = entries.filter((e) => e.unitId === unit.unitId);
  const others = entries.filter((e) => e.unitId !== unit.unitId);
  const labelOf = new Map<string, string>();
  for (const e of own) {
    for (const [i, v] of (e.filter.values ?? []).entries()) labelOf.set(JSON.stringify(v), e.labels[i] ?? '');
  }
  for (const v of clicked.filter.values ?? []) labelOf.set(JSON.stringify(v), clicked.label);
  const next = toggleCrossFilter(
    own.map((e) => e.filter),
    clicked.filter,
    adding,
  );
  const featureOf = (filter: CrossFilter) =>
    own.find((e) => e.filter.featureId === filter.featureId)?.feature ?? clicked.feature;
  return [
    ...others,
    ...next.map((filter) => ({
      ...unit,
      feature: featureOf(filter),
      labels: filter.range ? [clicked.label] : (filter.values ?? []).map((v) => labelOf.get(JSON.stringify(v)) ?? ''),
      filter,
    })),
  ];
}

/**
 * The cross-filter of a chart's row: its first independent (key) value as the card made it. A bin is its range
 * (the last bin closed), a date part its values with the part; undefined when the chart has no such value.
 */
export function clickedOfRow(
  data: readonly DataRow[],
  row: number,
  series: readonly SeriesMeta[],
  featureName: (featureId: string) => string,
  format: (value: unknown, meta: SeriesMeta) => string,
): Clicked | undefined {
  const key = series.find((s) => s.role === 'independent');
  return key ? clickedOfKey(data, row, key, featureName, format) : undefined;
}

/** A scatter whose value series aggregate nothing: each point is one row, its values the row's raw values. */
export const isRawScatter = (series: readonly SeriesMeta[], chartType: string | undefined) => {
  const values = series.filter((s) => s.role === 'dependent');
  return chartType === 'scatter' && values.length > 0 && values.every((s) => s.operation === '');
};

/** A key whose values are few and named (a category, a text, an id, a date part, a bin), not a measure. */
const isDiscrete = (meta: SeriesMeta) =>
  ['category', 'text', 'id', 'bin'].includes(meta.valueType) || isDatePart(meta.operation);

/**
 * What a click on a chart's element selects (docs/cross-filters.md): its key value (`clickedOfRow`), except for
 * a radar's polygon, which stands for its group (the group's value; nothing when the radar has no group), and a
 * raw scatter's point, which selects its group's value, else its discrete X value, else nothing (a measure's exact
 * value is no selection; its "View rows" still drills into the point).
 */
export function clickedOfChartRow(
  data: readonly DataRow[],
  row: number,
  series: readonly SeriesMeta[],
  chartType: string | undefined,
  featureName: (featureId: string) => string,
  format: (value: unknown, meta: SeriesMeta) => string,
): Clicked | undefined {
  const group = series.find((s) => s.role === 'groupBy');
  if (chartType === 'radar') return group ? clickedOfKey(data, row, group, featureName, format) : undefined;
  if (isRawScatter(series, chartType)) {
    const independent = series.find((s) => s.role === 'independent');
    const key = group ?? (independent && isDiscrete(independent) ? independent : undefined);
    return key ? clickedOfKey(data, row, key, featureName, format) : undefined;
  }
  return clickedOfRow(data, row, series, featureName, format);
}

/**
 * The cross-filter of a legend entry standing for the row `row` (docs/cross-filters.md "Legend entries"): a
 * "group by" chart's entry is a group, so it selects the group's value; a pie's entry is a slice, so it selects
 * the slice's key, as a click on the slice does. Undefined when the legend lists value series (they keep showing
 * and hiding their series).
 */
export function clickedOfLegend(
  data: readonly DataRow[],
  row: number,
  series: readonly SeriesMeta[],
  chartType: string | undefined,
  featureName: (featureId: string) => string,
  format: (value: unknown, meta: SeriesMeta) => string,
): Clicked | undefined {
  if (chartType === 'pie') return clickedOfRow(data, row, series, featureName, format);
  const group = series.find((s) => s.role === 'groupBy');
  return group ? clickedOfKey(data, row, group, featureName, format) : undefined;
}

/**
 * Every key value of a chart's element, for its "View rows": its independent key's and, in a "group by" chart, its
 * group's (a bar of rain in July: month is July and weather is rain). A radar's polygon is its group's; a raw
 * scatter's point is every value it was drawn from (its X, its value series', its group's), read as raw values.
 */
export function clickedOfElement(
  data: readonly DataRow[],
  row: number,
  series: readonly SeriesMeta[],
  chartType: string | undefined,
  featureName: (featureId: string) => string,
  format: (value: unknown, meta: SeriesMeta) => string,
): Clicked[] {
  const group = series.find((s) => s.role === 'groupBy');
  const independent = series.find((s) => s.role === 'independent');
  const keys =
    chartType === 'radar'
      ? [group]
      : isRawScatter(series, chartType)
        ? [independent, ...series.filter((s) => s.role === 'dependent'), group]
        : [independent, group];
  return keys.flatMap((key) => {
    const clicked = key ? clickedOfKey(data, row, key, featureName, format) : undefined;
    return clicked ? [clicked] : [];
  });
}

/**
 * Whether a chart's legend entries select key values (a "group by", a radar's groups, a pie's slices) rather than
 * show series.
 */
export const legendSelects = (series: readonly SeriesMeta[], chartType: string | undefined) =>
  chartType === 'pie' || series.some((s) => s.role === 'groupBy');

/** A table column that holds a key (a raw value, a date part or a bin), not an aggregate. */
export const isKeyColumn = (meta: SeriesMeta) =>
  meta.role === 'table' && (meta.operation === '' || isDatePart(meta.operation) || meta.valueType === 'bin');

/**
 * The cross-filter of a table cell: the cell's own value when its column is a key (a raw value, a date part, a
 * bin), else its row's first key column's (an aggregate counted that row's key); undefined when the table has no
 * key or the value is a list.
 */
export function clickedOfCell(
  data: readonly DataRow[],
  row: number,
  columnId: string,
  series: readonly SeriesMeta[],
  featureName: (featureId: string) => string,
  format: (value: unknown, meta: SeriesMeta) => string,
): Clicked | undefined {
  const column = series.find((s) => s.id === columnId);
  const key = column && isKeyColumn(column) ? column : series.find(isKeyColumn);
  return key ? clickedOfKey(data, row, key, featureName, format) : undefined;
}

/** The value of `key` in row `row` as the card made it: a bin is its range, a date part its values with the part. */
function clickedOfKey(
  data: readonly DataRow[],
  row: number,
  key: SeriesMeta,
  featureName: (featureId: string) => string,
  format: (value: unknown, meta: SeriesMeta) => string,
): Clicked | undefined {
  const value = data[row]?.[key.id];
  if (value === undefined || Array.isArray(value)) return undefined;
  const feature = featureName(key.featureId);
  if (key.valueType === 'bin') {
    if (typeof value !== 'number' || key.binWidth === undefined) return undefined;
    const max = Math.max(...data.map((r) => r[key.id]).filter((v): v is number => typeof v === 'number'));
    const range = binRange(value, key.binWidth, value === max);
    return {
      filter: { featureId: key.featureId, range },
      feature,
      label: `${format(range.from, numberMeta(key))} – ${format(range.to, numberMeta(key))}`,
    };
  }
  const operation = isDatePart(key.operation) ? key.operation : undefined;
  return {
    filter: { featureId: key.featureId, values: [value as PointValue], ...(operation ? { operation } : {}) },
    feature,
    label: format(value, key),
  };
}

const numberMeta = (meta: SeriesMeta): SeriesMeta => ({ ...meta, valueType: 'number' });

/**
 * The "View rows" point of a card's selection (its own entries), or of one element (a focused chart element):
 * feature = values pairs. A range (a bin) names
 * the bin by its lower bound, as the card drew it.
 */
export const pointOf = (own: ReadonlyArray<{ filter: CrossFilter }>): PointItem[] =>
  own.map(({ filter }) => ({
    featureId: filter.featureId,
    values: filter.range ? [filter.range.from] : (filter.values ?? []),
  }));

/**
 * The rows of `data` a card's selection covers (what it highlights), by its independent key and its "group by"
 * key (a legend entry's selection): a row is covered when it holds a selected value of every selected key.
 */
export function selectedRows(
  data: readonly DataRow[],
  series: readonly SeriesMeta[],
  own: readonly CrossFilterEntry[],
): number[] {
  const keys = [series.find((s) => s.role === 'independent'), series.find((s) => s.role === 'groupBy')].filter(
    (s): s is SeriesMeta => s !== undefined,
  );
  return rowsMatching(data, keys, own, 'every');
}

/** The rows of a table a card's selection covers: those whose key column of a selected feature holds a value. */
export function selectedTableRows(
  data: readonly DataRow[],
  series: readonly SeriesMeta[],
  own: readonly CrossFilterEntry[],
): number[] {
  return rowsMatching(data, series.filter(isKeyColumn), own, 'some');
}

function rowsMatching(
  data: readonly DataRow[],
  keys: readonly SeriesMeta[],
  own: readonly CrossFilterEntry[],
  combine: 'some' | 'every',
) {
  const pairs = keys.flatMap((key) =>
    own.filter((e) => e.filter.featureId === key.featureId).map((entry) => ({ key, filter: entry.filter })),
  );
  if (!pairs.length) return [];
  const rows: number[] = [];
  data.forEach((row, i) => {
    const hit = pairs[combine](({ key, filter: { range, values } }) => {
      const v = row[key.id];
      return (range && typeof v === 'number' && v === range.from) || values?.some((x) => x === v);
    });
    if (hit) rows.push(i);
  });
  return rows;
}
