import { describe, expect, it } from 'vitest';
import fr from '../../i18n/locales/fr/charts.json';
import { chartDescription } from './chartDescription.ts';
import { buildInput, simpleChart } from './testFixtures.ts';
import type { Translate } from './types.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const RAIN = [3.1, 2.2, 2.9, 1.8, 1.5, 0.9, 0.4, 0.8, 2.4, 4.1, 5.6, 4.8];
const rainByMonth = {
  chartType: 'bar' as const,
  series: [
    { id: 'm', role: 'independent' as const, valueType: 'category', label: 'month' },
    { id: 'r', role: 'dependent' as const, label: 'Rain' },
  ],
  rows: MONTHS.map((m, i) => ({ m, r: RAIN[i] })),
};

/** The French `charts` file as a `t` (the same interpolation as the English one in testFixtures). */
const tFr: Translate = (key, options) => {
  let value: unknown = fr;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  const text = typeof value === 'string' ? value : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
};

describe('chartDescription', () => {
  it('summarises one series by its category, values written as the chart writes them (its number rule)', () => {
    expect(chartDescription(buildInput(rainByMonth))).toBe(
      'Bar chart of Rain by month: 12 values, from 0.4 (Jul) to 5.60 (Nov).',
    );
  });

  it('speaks French with the French words', () => {
    expect(chartDescription(buildInput(rainByMonth, { t: tFr, locale: 'fr' }))).toBe(
      'Graphique en barres de Rain par month : 12 valeurs, de 0,4 (Jul) à 5,60 (Nov).',
    );
  });

  it('names each series with its operation, and each group of a group-by', () => {
    const input = buildInput({
      chartType: 'line',
      series: [
        { id: 'x', role: 'independent', valueType: 'category', label: 'city' },
        { id: 'y', role: 'dependent', label: 'temp', operation: 'avg' },
        { id: 'g', role: 'groupBy', valueType: 'category', label: 'year' },
      ],
      rows: [
        { x: 'Paris', y: 12, g: '2023' },
        { x: 'Lyon', y: 14, g: '2023' },
        { x: 'Paris', y: 13, g: '2024' },
      ],
    });
    expect(chartDescription(input)).toBe(
      'Line chart of 2023, 2024 by city: 2 values. 2023: from 12 (Paris) to 14 (Lyon). 2024: all 13.',
    );
  });

  it('places the slices of a pie by their category', () => {
    expect(chartDescription(buildInput(simpleChart('pie', 3)))).toBe(
      'Pie chart of Revenue by Region: 3 values, from 0 (c0) to 20 (c2).',
    );
  });

  it('is empty when nothing is mapped to draw', () => {
    const input = buildInput({
      chartType: 'bar',
      series: [{ id: 'x', role: 'independent', valueType: 'category', label: 'x' }],
      rows: [{ x: 'a' }],
    });
    expect(chartDescription(input)).toBe('');
  });
});
