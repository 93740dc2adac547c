import { describe, expect, it } from 'vitest';
import {
  CHART_SUMMARY_MAX_SERIES,
  type ChartSummaryInput,
  type ChartSummaryPoint,
  seriesExtremes,
  summarizeChart,
} from './chartSummary.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October'];
const RAIN = [3.1, 2.2, 2.9, 1.8, 1.5, 0.9, 0.4, 0.8, 2.4, 4.1, 5.6, 4.8];
const points = (values: Array<number | null>, at = (i: number) => MONTHS[i] ?? `M${i + 1}`): ChartSummaryPoint[] =>
  values.map((value, i) => ({ at: at(i), value, text: value === null ? '' : String(value) }));
const rain = { name: 'Rain', points: points(RAIN, (i) => [...MONTHS, 'November', 'December'][i] as string) };

describe('summarizeChart', () => {
  const cases: Array<[string, ChartSummaryInput, string]> = [
    [
      'one series by a category',
      { chartType: 'bar', axis: 'month', series: [rain] },
      'Bar chart of Rain by month: 12 values, from 0.4 (July) to 5.6 (November).',
    ],
    [
      'no axis',
      { chartType: 'pie', series: [{ name: 'Sales', points: points([5, 2]) }] },
      'Pie chart of Sales: 2 values, from 2 (February) to 5 (January).',
    ],
    [
      'an empty axis title reads as none',
      { chartType: 'line', axis: '', series: [{ name: 'Sales', points: points([5, 2]) }] },
      'Line chart of Sales: 2 values, from 2 (February) to 5 (January).',
    ],
    [
      'one value',
      { chartType: 'area', axis: 'day', series: [{ name: 'Temp', points: points([7]) }] },
      'Area chart of Temp by day: 1 value, all 7.',
    ],
    [
      'every value the same',
      { chartType: 'scatter', axis: 'x', series: [{ name: 'y', points: points([2, 2, 2]) }] },
      'Scatter chart of y by x: 3 values, all 2.',
    ],
    [
      'empty values counted, never an extreme',
      { chartType: 'line', axis: 'month', series: [{ name: 'Rain', points: points([null, 4, null, 1]) }] },
      'Line chart of Rain by month: 4 values, from 1 (April) to 4 (February).',
    ],
    [
      'a tie keeps the first value met',
      { chartType: 'bar', axis: 'month', series: [{ name: 'Rain', points: points([1, 3, 1, 3]) }] },
      'Bar chart of Rain by month: 4 values, from 1 (January) to 3 (February).',
    ],
    [
      'several series',
      {
        chartType: 'line',
        axis: 'month',
        series: [
          { name: 'Rain', points: points([1, 3]) },
          { name: 'Sun', points: points([8, 6]) },
        ],
      },
      'Line chart of Rain, Sun by month: 2 values. Rain: from 1 (January) to 3 (February). Sun: from 6 (February) to 8 (January).',
    ],
    [
      'a series with no number is left out of the ranges',
      {
        chartType: 'radar',
        series: [
          { name: 'A', points: points([null, null]) },
          { name: 'B', points: points([2, 9]) },
        ],
      },
      'Radar chart of A, B: 2 values. B: from 2 (January) to 9 (February).',
    ],
    [
      'nothing to draw',
      { chartType: 'bar', axis: 'month', series: [{ name: 'Rain', points: [] }] },
      'Bar chart of Rain by month: no data.',
    ],
    [
      'only empty values',
      { chartType: 'boxplot', axis: 'city', series: [{ name: 'Temp', points: points([null]) }] },
      'Box plot of Temp by city: no data.',
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(summarizeChart(input)).toBe(expected);
  });

  it(`describes ${CHART_SUMMARY_MAX_SERIES} series and counts the others`, () => {
    const series = Array.from({ length: CHART_SUMMARY_MAX_SERIES + 2 }, (_, i) => ({
      name: `S${i + 1}`,
      points: points([i, i + 1]),
    }));
    const text = summarizeChart({ chartType: 'bar', axis: 'month', series });
    expect(text.startsWith('Bar chart of S1, S2, S3, S4, S5 by month: 2 values. S1: from 0 (January)')).toBe(true);
    expect(text).not.toContain('S6');
    expect(text.endsWith('S5: from 4 (January) to 5 (February). And 2 more series.')).toBe(true);
  });

  it('uses the words given', () => {
    const text = summarizeChart(
      { chartType: 'bar', axis: 'mois', series: [{ name: 'Pluie', points: points([1, 2]) }] },
      {
        types: { area: 'A', line: 'L', scatter: 'S', bar: 'Diagramme en barres', pie: 'P', radar: 'R', boxplot: 'B' },
        head: (type, s, axis) => `${type} de ${s} par ${axis}`,
        list: (names) => names.join(' et '),
        count: (n) => `${n} valeurs`,
        range: (e) => `de ${e.min} (${e.minAt}) à ${e.max} (${e.maxAt})`,
        same: (v) => `toutes ${v}`,
        one: (head, count, range) => `${head} : ${count}, ${range}.`,
        many: (head, count) => `${head} : ${count}.`,
        seriesRange: (name, range) => `${name} : ${range}.`,
        more: (n) => `Et ${n} autres séries.`,
        empty: (head) => `${head} : aucune donnée.`,
      },
    );
    expect(text).toBe('Diagramme en barres de Pluie par mois : 2 valeurs, de 1 (January) à 2 (February).');
  });
});

describe('seriesExtremes', () => {
  it('skips values that are not finite numbers', () => {
    expect(seriesExtremes(points([Number.NaN, 2, Number.POSITIVE_INFINITY, 1]))).toEqual({
      min: '1',
      minAt: 'April',
      max: '2',
      maxAt: 'February',
    });
  });
  it('has none without a number', () => {
    expect(seriesExtremes([])).toBeUndefined();
  });
});
