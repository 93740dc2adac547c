import { describe, expect, it } from 'vitest';
import { maskProfanity } from './mask.ts';

describe('maskProfanity', () => {
  it.each([
    ['an English swear word', 'this is shit', 'this is ****'],
    ['a French one', 'quel connard', 'quel ****'],
    [
      'nothing in words that merely contain one',
      'a classic assessment of Scunthorpe',
      'a classic assessment of Scunthorpe',
    ],
    ['a plain sentence', 'Average temp_max by month', 'Average temp_max by month'],
  ])('masks %s', (_name, text, masked) => {
    expect(maskProfanity(text)).toBe(masked);
  });
});
