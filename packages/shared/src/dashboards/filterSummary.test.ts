import { describe, expect, it } from 'vitest';
import { describeFilter, FILTER_SUMMARY_MAX, summarizeFilters, summarizeTexts } from './filterSummary.ts';
import type { DashboardFilter } from './filters.ts';

const filter = (f: Omit<DashboardFilter, '_id' | 'feature'>, id = 'f1'): DashboardFilter => ({
  _id: 'x',
  feature: { id },
  ...f,
});

describe('describeFilter', () => {
  const rows: Array<[string, DashboardFilter, string]> = [
    ['empty', filter({ type: 'value', operation: 'empty' }), 'Price is empty'],
    ['not-empty', filter({ type: 'text', operation: 'not-empty' }), 'Price is not empty'],
    ['number value', filter({ type: 'value', operation: 'greater-equal', value: 10 }), 'Price ≥ 10'],
    ['number { value }', filter({ type: 'value', operation: 'less', value: { value: 2.5 } }), 'Price < 2.5'],
    ['range', filter({ type: 'range', operation: 'between', value: { from: 1, to: 5 } }), 'Price between 1 – 5'],
    ['categories', filter({ type: 'category', operation: 'equal', value: ['FR', 'DE'] }), 'Price = FR, DE'],
    ['category text', filter({ type: 'category', operation: 'begins-with', value: 'F' }), 'Price begins with F'],
    ['text', filter({ type: 'text', operation: 'contains', value: 'abc' }), 'Price contains abc'],
    [
      'date between',
      filter({ type: 'date', operation: 'between', value: { from: '2024-01-01T00:00:00Z', to: '2024-02-01' } }),
      'Price between 2024-01-01 – 2024-02-01',
    ],
    [
      'date before',
      filter({ type: 'date', operation: 'before', value: { to: '2024-01-01' } }),
      'Price before 2024-01-01',
    ],
    [
      'date after',
      filter({ type: 'date', operation: 'after', value: { from: '2024-01-01' } }),
      'Price after 2024-01-01',
    ],
    ['date on', filter({ type: 'date', operation: 'on', value: { on: '2024-03-04' } }), 'Price on 2024-03-04'],
    [
      'date on days of week',
      filter({ type: 'date', operation: 'on', value: { selectedDateItems: { part: 'dow', values: [0, 6] } } }),
      'Price on Sun, Sat',
    ],
    [
      'date on months',
      filter({ type: 'date', operation: 'on', value: { selectedDateItems: { part: 'month', values: [1, 12] } } }),
      'Price on Jan, Dec',
    ],
    [
      'date last',
      filter({ type: 'date', operation: 'last', value: { duration: 7, unit: 'week' } }),
      'Price last 7 weeks',
    ],
    ['time', filter({ type: 'time', operation: 'after', value: { value: '08:30' } }), 'Price after 08:30'],
    [
      'time between',
      filter({ type: 'time', operation: 'between', value: { from: '08:00', to: '09:00' } }),
      'Price between 08:00 – 09:00',
    ],
  ];
  it.each(rows)('%s', (_name, f, text) => expect(describeFilter(f, 'Price')).toBe(text));
});

describe('summarizeTexts (40 characters then "and N more")', () => {
  const rows: Array<[string, string[], string]> = [
    ['nothing', [], ''],
    ['one short', ['Price > 10'], 'Price > 10'],
    ['all fit', ['Price > 10', 'Country = FR'], 'Price > 10, Country = FR'],
    ['exactly 40 characters fit', ['a'.repeat(18), 'b'.repeat(20)], `${'a'.repeat(18)}, ${'b'.repeat(20)}`],
    ['41 characters do not', ['a'.repeat(18), 'b'.repeat(21)], `${'a'.repeat(18)} and 1 more`],
    [
      'the rest counted',
      ['Price > 10', 'Country = FR', 'Name contains something long', 'x'],
      'Price > 10, Country = FR and 2 more',
    ],
    ['a long first one is cut', ['c'.repeat(50), 'd'], `${'c'.repeat(39)}… and 1 more`],
  ];
  it.each(rows)('%s', (_name, texts, summary) => expect(summarizeTexts(texts)).toBe(summary));

  it('names features and never lists more than 40 characters before the tail', () => {
    const filters = Array.from({ length: 6 }, (_, i) =>
      filter({ type: 'value', operation: 'greater', value: i * 1000 }, `f${i}`),
    );
    const summary = summarizeFilters(filters, (id) => `Feature ${id}`);
    expect(summary).toBe('Feature f0 > 0, Feature f1 > 1000 and 4 more');
    expect(summary.split(' and ')[0]!.length).toBeLessThanOrEqual(FILTER_SUMMARY_MAX);
  });
});
