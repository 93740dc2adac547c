import { describe, expect, it } from 'vitest';
import { mailLanguage } from './mailLanguage.ts';

describe('mailLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7', 'fr'],
    ['en-GB,en;q=0.9,fr;q=0.8', 'en'],
    ['de-DE, fr;q=0.5, en;q=0.4', 'fr'],
    ['en;q=0.3, fr;q=0.7', 'fr'],
    ['fr;q=0, en', 'en'],
    ['de, it', 'en'],
    ['*', 'en'],
    [['de', 'FR-ca'], 'fr'],
    ['fr;q=abc, en', 'en'],
  ] as const)('%j → %s', (header, expected) => {
    expect(mailLanguage(header as string | string[] | undefined)).toBe(expected);
  });
});
