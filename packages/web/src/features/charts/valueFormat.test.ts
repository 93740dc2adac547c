import type { SeriesMeta } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { fid, tEn } from './testFixtures.ts';
import { binLabel, dateCoord, escapeHtml, formatPercent, formatValue, truncateLabel } from './valueFormat.ts';

const meta = (valueType: string, extra: Partial<SeriesMeta> = {}): SeriesMeta => ({
  id: 's',
  role: 'dependent',
  axis: 0,
  featureId: fid(1),
  operation: '',
  valueType,
  label: 'S',
  ...extra,
});

const ctx = (precision: 'year' | 'month' | 'day' | null = null, locale = 'en') => ({
  locale,
  t: tEn,
  featureOf: () => ({
    _id: fid(1),
    name: 'S',
    type: 'date' as const,
    precision,
    dataset: { _id: fid(9) },
  }),
});

describe('formatValue', () => {
  it.each([
    [1234567, meta('number'), ctx(), '1,234,567'],
    [0.012345, meta('number'), ctx(), '0.0123'],
    [12.345, meta('number'), ctx(), '12.35'],
    [null, meta('number'), ctx(), '(empty)'],
    ['', meta('category'), ctx(), '(empty)'],
    ['North', meta('category'), ctx(), 'North'],
    [10, meta('bin', { binWidth: 5 }), ctx(), '10 – 15'],
    ['2024-03-05', meta('date'), ctx('month'), 'Mar 2024'],
    ['2024-03-05', meta('date'), ctx(null), 'Mar 5, 2024'],
    [3, meta('month'), ctx(), 'Mar'],
    ['2024-03', meta('year-month'), ctx(), 'Mar 2024'],
    [[1, 2.5], meta('list'), ctx(), '1, 2.50'],
    [true, meta('category'), ctx(), 'true'],
  ])('%j as %o', (value, m, c, expected) => {
    expect(formatValue(value, m, c).replace(/\u202f/g, ' ')).toBe(expected);
  });

  it('speaks the locale', () => {
    expect(formatValue(1234.5, meta('number'), ctx(null, 'fr')).replace(/[\u202f\u00a0]/g, ' ')).toBe('1 234,50');
  });
});

describe('helpers', () => {
  it('writes shares in percent, localized', () => {
    expect(formatPercent(0.25, 'en')).toBe('25%');
    expect(formatPercent(0.2381, 'en')).toBe('23.81%');
    expect(formatPercent(0.25, 'fr').replace(/[\u202f\u00a0]/g, ' ')).toBe('25 %');
  });

  it('writes bins "a – b"', () => {
    expect(binLabel(0, 0.5, 'en')).toBe('0 – 0.5');
    expect(binLabel(3, undefined, 'en')).toBe('3');
  });

  it('truncates at 15 characters (by character, not UTF-16 unit)', () => {
    expect(truncateLabel('123456789012345')).toBe('123456789012345');
    expect(truncateLabel('1234567890123456')).toBe('123456789012345…');
    expect(truncateLabel('😀'.repeat(16))).toBe(`${'😀'.repeat(15)}…`);
  });

  it('reads dates as UTC milliseconds', () => {
    expect(dateCoord('2024-01-02')).toBe(Date.UTC(2024, 0, 2));
    expect(dateCoord('nope')).toBeNull();
    expect(dateCoord(null)).toBeNull();
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
