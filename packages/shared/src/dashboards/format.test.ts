import { describe, expect, it } from 'vitest';
import {
  columnDecimals,
  displayPrecision,
  formatDate,
  formatDatePart,
  formatNumber,
  parseIsoDate,
  shownDecimals,
} from './format.ts';

// Intl writes French group separators as narrow no-break spaces; tests compare with plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('formatNumber (number display)', () => {
  it.each([
    [0, 'en', '0'],
    [42, 'en', '42'],
    [1234567, 'en', '1,234,567'],
    [-1234567, 'en', '-1,234,567'],
    [1234567, 'fr', '1 234 567'],
    [0.012345, 'en', '0.0123'],
    [0.5, 'en', '0.5'],
    [-0.98765, 'en', '-0.988'],
    [0.98765, 'fr', '0,988'],
    [1.5, 'en', '1.50'],
    [1234.567, 'en', '1,234.57'],
    [-12.345, 'en', '-12.35'],
    [1234.5, 'fr', '1 234,50'],
    [Number.NaN, 'en', 'NaN'],
    [42, 'not a locale!!', '42'],
  ])('%s in %s is %s', (value, locale, expected) => {
    expect(plain(formatNumber(value, locale))).toBe(expected);
  });
});

describe('one number of decimals for a table column', () => {
  it.each([
    [3, 0],
    [-1234567, 0],
    [2.8, 2],
    [1234.567, 2],
    [0.6, 1],
    [0.5, 1],
    [0.012345, 4],
    [-0.98765, 3],
    [0.9999, 0], // shown alone as "1"
    [1e-7, 7],
    [Number.NaN, 0],
  ])('%s alone shows %s decimals', (value, decimals) => {
    expect(shownDecimals(value)).toBe(decimals);
    if (Number.isFinite(value))
      expect(plain(formatNumber(value, 'en', decimals))).toBe(plain(formatNumber(value, 'en')));
  });

  it.each([
    ['the issue’s column', [0.6, 2.8], 2, ['0.60', '2.80']],
    ['integers only', [1, 20, 1234], 0, ['1', '20', '1,234']],
    ['an integer beside decimals', [3, 2.5], 2, ['3.00', '2.50']],
    ['small values', [0.6, 0.0123], 4, ['0.6000', '0.0123']],
    ['a small value beside a large one', [0.25, 1234.5], 2, ['0.25', '1,234.50']],
    ['a tiny value: at most 6', [1e-7, 2], 6, ['0.000000', '2.000000']],
    ['text, nulls and lists', ['n/a', null, [0.5, 1.25]], 2, ['0.50', '1.25']],
  ] as const)('%s', (_case, values, decimals, shown) => {
    expect(columnDecimals(values)).toBe(decimals);
    const numbers = (values as readonly unknown[]).flat().filter((v): v is number => typeof v === 'number');
    expect(numbers.map((v) => formatNumber(v, 'en', decimals))).toEqual(shown);
  });

  it('has none for a column without numbers, and writes French decimals', () => {
    expect(columnDecimals(['a', null, undefined])).toBeUndefined();
    expect(columnDecimals([])).toBeUndefined();
    expect(plain(formatNumber(1234.6, 'fr', 2))).toBe('1 234,60');
    expect(formatNumber(Number.NaN, 'en', 2)).toBe('NaN');
  });
});

describe('formatDate (date precision formats)', () => {
  it.each([
    ['2024-03-05', 'year', 'en', '2024'],
    ['2024-03-05', 'quarter', 'en', 'Q1 2024'],
    ['2024-11-05', 'quarter', 'fr', 'T4 2024'],
    ['2024-03-05', 'month', 'en', 'Mar 2024'],
    ['2024-03-05', 'month', 'fr', 'mars 2024'],
    ['2024-03-05', 'day', 'en', 'Mar 5, 2024'],
    ['2024-03-05', 'day', 'fr', '5 mars 2024'],
    // Read as UTC: midnight never slides to the previous day.
    ['2024-01-01T00:00:00', 'day', 'en', 'Jan 1, 2024'],
    ['2024-01-01T00:00:00.000Z', 'year', 'en', '2024'],
    ['2024-01-01 13:30:00', 'hour', 'en', 'Jan 1, 2024, 1:30 PM'],
    ['not a date', 'day', 'en', 'not a date'],
  ] as const)('%s at %s in %s is %s', (iso, precision, locale, expected) => {
    expect(plain(formatDate(iso, precision, locale))).toBe(expected);
  });

  it('takes epoch milliseconds too', () => {
    expect(formatDate(Date.UTC(2020, 6, 4), 'day', 'en')).toBe('Jul 4, 2020');
  });

  it('parses partial ISO dates as UTC', () => {
    expect(parseIsoDate('2024')?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(parseIsoDate('2024-02')?.toISOString()).toBe('2024-02-01T00:00:00.000Z');
    expect(parseIsoDate('nope')).toBeUndefined();
  });

  it('maps a feature precision to a display precision', () => {
    expect(displayPrecision('month')).toBe('month');
    expect(displayPrecision(null)).toBe('day');
  });
});

describe('formatDatePart', () => {
  it.each([
    [2024, 'year', 'en', '2024'],
    [2, 'quarter', 'en', 'Q2'],
    [1, 'month', 'en', 'Jan'],
    [12, 'month', 'fr', 'déc.'],
    [0, 'dow', 'en', 'Sun'],
    [1, 'dow', 'en', 'Mon'],
    [7, 'dow', 'en', 'Sun'],
    [13, 'hour', 'en', '13:00'],
    ['2024-01', 'year-month', 'en', 'Jan 2024'],
    ['2024-Q3', 'year-quarter', 'en', 'Q3 2024'],
    ['2024-3', 'year-quarter', 'fr', 'T3 2024'],
    ['2024-01-05', 'year-month-day', 'en', 'Jan 5, 2024'],
    ['01-05', 'month-day', 'en', 'Jan 5'],
    ['13:05', 'time-of-day', 'en', '13:05'],
    [99, 'month', 'en', '99'],
  ] as const)('%s as %s in %s is %s', (value, part, locale, expected) => {
    expect(plain(formatDatePart(value, part, locale))).toBe(expected);
  });
});
