import { describe, expect, it } from 'vitest';
import { formatValue } from './formatValue.ts';

describe('card values as text (number display, date precision)', () => {
  it('formats numbers: integers localized, under 1 with 3 significant digits, else 2 decimals', () => {
    expect(formatValue(1234567, { valueType: 'number' }, undefined, 'en')).toBe('1,234,567');
    expect(formatValue(0.012345, { valueType: 'number' }, undefined, 'en')).toBe('0.0123');
    expect(formatValue(1234.5, { valueType: 'number' }, undefined, 'en')).toBe('1,234.50');
  });

  it('gives a table column’s numbers its one number of decimals; a date part stays a part', () => {
    expect(formatValue(0.6, { valueType: 'number' }, undefined, 'en', 2)).toBe('0.60');
    expect(formatValue(3, { valueType: 'number' }, undefined, 'fr', 2)).toBe('3,00');
    expect(formatValue([1, 2.5], { valueType: 'list' }, undefined, 'en', 2)).toBe('1.00, 2.50');
    expect(formatValue(3, { valueType: 'month' }, undefined, 'en', 2)).toBe('Mar');
  });

  it('formats dates by their feature precision and date parts as the part', () => {
    expect(formatValue('2024-03-05', { valueType: 'date' }, { precision: 'month' }, 'en')).toBe('Mar 2024');
    expect(formatValue('2024-03-05', { valueType: 'date' }, { precision: 'day' }, 'en')).toBe('Mar 5, 2024');
    expect(formatValue(3, { valueType: 'month' }, undefined, 'en')).toBe('Mar');
  });

  it('shows text as it is, null as empty and lists joined', () => {
    expect(formatValue('North', { valueType: 'category' }, undefined, 'en')).toBe('North');
    expect(formatValue(null, { valueType: 'number' }, undefined, 'en')).toBe('');
    expect(formatValue([1, 2000], { valueType: 'list' }, undefined, 'en')).toBe('1, 2,000');
  });
});
