/**
 * A chart's text description for screen readers (docs/accessibility.md "Charts"): the drawn series of the chart
 * model, each value with where it is, summarised by the shared `summarizeChart` in the UI language ("Bar chart
 * of Rain by month: 12 values, from 0.4 (July) to 5.6 (November)."). Reads the data the card already has.
 */
import { type ChartSummaryWords, type SeriesMeta, summarizeChart } from '@tessera/shared';
import { buildModel } from './model.ts';
import type { ChartOptionInput, DrawnSeries, Translate } from './types.ts';
import { formatValue, numberCoord, type ValueFormatContext } from './valueFormat.ts';

/** The summary's words in the language of `t` (the `charts` namespace). */
export function chartSummaryWords(t: Translate): ChartSummaryWords {
  const type = (key: string) => t(`summary.types.${key}`);
  return {
    types: {
      area: type('area'),
      line: type('line'),
      scatter: type('scatter'),
      bar: type('bar'),
      pie: type('pie'),
      radar: type('radar'),
      boxplot: type('boxplot'),
    },
    head: (chart, series, axis) =>
      axis ? t('summary.headBy', { type: chart, series, axis }) : t('summary.head', { type: chart, series }),
    list: (names) => names.join(t('summary.listSeparator')),
    count: (count) => (count === 1 ? t('summary.oneValue') : t('summary.values', { count })),
    range: (extremes) => t('summary.range', { ...extremes }),
    same: (value) => t('summary.same', { value }),
    one: (head, count, range) => t('summary.one', { head, count, range }),
    many: (head, count) => t('summary.many', { head, count }),
    seriesRange: (name, range) => t('summary.seriesRange', { name, range }),
    more: (count) => t('summary.more', { count }),
    empty: (head) => t('summary.empty', { head }),
  };
}

/** The description of the chart `input` draws ('' when nothing is mapped to draw). */
export function chartDescription(input: ChartOptionInput): string {
  const model = buildModel(input);
  if (model.drawn.length === 0) return '';
  const fmt: ValueFormatContext = { locale: model.locale, t: input.t, featureOf: model.featureOf };
  // Where a value is: its independent value, else its group (a pie of groups), else its row's place.
  const where: SeriesMeta | undefined = model.independent ?? model.groupBy;
  const at = (row: number) => (where ? formatValue(input.data[row]?.[where.id], where, fmt) : String(row + 1));
  // Pie and radar draw every group inside one series: their groups are the places of the values.
  const series = model.drawn.map((drawn: DrawnSeries) => ({
    name: drawn.name,
    points: drawn.rows.map((row) => {
      const raw = input.data[row]?.[drawn.dependent.meta.id];
      return { at: at(row), value: numberCoord(raw), text: formatValue(raw, drawn.dependent.meta, fmt) };
    }),
  }));
  return summarizeChart({ chartType: model.chartType, axis: where?.label, series }, chartSummaryWords(input.t));
}
