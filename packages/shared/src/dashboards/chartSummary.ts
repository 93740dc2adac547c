import type { ChartType } from './visSchemas.ts';

/**
 * A chart's text description for screen readers (docs/accessibility.md "Charts"): what kind of chart, what it
 * shows by what, how many values, and each series' lowest and highest value with where it is ("Bar chart of
 * Rain by month: 12 values, from 0.4 (July) to 5.6 (November)."). Pure: the caller gives the drawn series with
 * their values already formatted, and the words (the web passes its translations; ENGLISH_CHART_WORDS are the
 * English ones). Empty values are counted but are never an extreme; a tie keeps the first value met. At most
 * CHART_SUMMARY_MAX_SERIES series are described, the others counted.
 */

export const CHART_SUMMARY_MAX_SERIES = 5;

export interface ChartSummaryPoint {
  /** Where the value is: its category, date or x value, as shown. */
  at: string;
  /** The value (null: empty, or not a number). */
  value: number | null;
  /** The value as shown. */
  text: string;
}

export interface ChartSummarySeries {
  name: string;
  points: ChartSummaryPoint[];
}

export interface ChartSummaryInput {
  chartType: ChartType;
  /** The title of what the values are by (the independent series), when there is one. */
  axis?: string;
  series: ChartSummarySeries[];
}

export interface ChartSummaryExtremes {
  min: string;
  minAt: string;
  max: string;
  maxAt: string;
}

export interface ChartSummaryWords {
  /** "Bar chart". */
  types: Record<ChartType, string>;
  /** "Bar chart of Rain by month" (axis undefined: "Bar chart of Rain"). */
  head: (type: string, series: string, axis: string | undefined) => string;
  /** Series names listed in the head: "Rain, Sun". */
  list: (names: string[]) => string;
  /** "12 values". */
  count: (count: number) => string;
  /** "from 0.4 (July) to 5.6 (November)". */
  range: (extremes: ChartSummaryExtremes) => string;
  /** Every value the same: "all 3". */
  same: (value: string) => string;
  /** One series: "{head}: {count}, {range}." */
  one: (head: string, count: string, range: string) => string;
  /** Several series: "{head}: {count}." then one "{name}: {range}." each. */
  many: (head: string, count: string) => string;
  seriesRange: (name: string, range: string) => string;
  /** Series left out: "And 2 more series." */
  more: (count: number) => string;
  /** Nothing drawn: "{head}: no data." */
  empty: (head: string) => string;
}

export const ENGLISH_CHART_WORDS: ChartSummaryWords = {
  types: {
    area: 'Area chart',
    line: 'Line chart',
    scatter: 'Scatter chart',
    bar: 'Bar chart',
    pie: 'Pie chart',
    radar: 'Radar chart',
    boxplot: 'Box plot',
  },
  head: (type, series, axis) => (axis ? `${type} of ${series} by ${axis}` : `${type} of ${series}`),
  list: (names) => names.join(', '),
  count: (count) => (count === 1 ? '1 value' : `${count} values`),
  range: ({ min, minAt, max, maxAt }) => `from ${min} (${minAt}) to ${max} (${maxAt})`,
  same: (value) => `all ${value}`,
  one: (head, count, range) => `${head}: ${count}, ${range}.`,
  many: (head, count) => `${head}: ${count}.`,
  seriesRange: (name, range) => `${name}: ${range}.`,
  more: (count) => `And ${count} more series.`,
  empty: (head) => `${head}: no data.`,
};

/** The lowest and highest values of a series (undefined when it has no number). */
export function seriesExtremes(points: ChartSummaryPoint[]): ChartSummaryExtremes | undefined {
  let low: ChartSummaryPoint | undefined;
  let high: ChartSummaryPoint | undefined;
  for (const point of points) {
    if (point.value === null || !Number.isFinite(point.value)) continue;
    if (!low || point.value < (low.value as number)) low = point;
    if (!high || point.value > (high.value as number)) high = point;
  }
  if (!low || !high) return undefined;
  return { min: low.text, minAt: low.at, max: high.text, maxAt: high.at };
}

/** The description of a chart (see the file's comment). */
export function summarizeChart(input: ChartSummaryInput, words: ChartSummaryWords = ENGLISH_CHART_WORDS): string {
  const type = words.types[input.chartType];
  const described = input.series.slice(0, CHART_SUMMARY_MAX_SERIES);
  const head = words.head(type, words.list(described.map((s) => s.name)), input.axis || undefined);
  const ranges = described.map((series) => {
    const extremes = seriesExtremes(series.points);
    if (!extremes) return undefined;
    return extremes.min === extremes.max ? words.same(extremes.min) : words.range(extremes);
  });
  if (ranges.every((range) => range === undefined)) return words.empty(head);
  // Values: the most any series has (the categories of a cartesian chart, the slices of a pie).
  const count = words.count(Math.max(...described.map((s) => s.points.length)));
  if (described.length === 1) return words.one(head, count, ranges[0] as string);
  const sentences = [words.many(head, count)];
  described.forEach((series, i) => {
    const range = ranges[i];
    if (range !== undefined) sentences.push(words.seriesRange(series.name, range));
  });
  const left = input.series.length - described.length;
  if (left > 0) sentences.push(words.more(left));
  return sentences.join(' ');
}
