import { describe, expect, it } from 'vitest';
import { displayPrecision, formatDate, formatDatePart, formatNumber, parseIsoDate } from './format.ts';

// Intl writes French group separators as narrow no-break spaces; tests compare with plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('formatNumber (spec 2 §9 number display)', () => {
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

describe('formatDate (spec 2 §9 date precision formats)', () => {
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
