import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it.each([
    [0, 'en', '0 byte'],
    [512, 'en', '512 byte'],
    [12_345, 'en', '12.3 kB'],
    [1_500_000, 'en', '1.5 MB'],
    [1_993_087_719, 'en', '2 GB'],
    [12_345, 'fr', '12,3 ko'],
  ])('%d in %s → %s', (bytes, locale, expected) => {
    expect(formatBytes(bytes, locale).replace(/\u202f|\u00a0/g, ' ')).toBe(expected);
  });
});
