import { describe, expect, it } from 'vitest';
import { isUnsafeText, unsafeTextPath } from './text.ts';

// [case, text, unsafe]
const texts: Array<[string, string, boolean]> = [
  ['plain ASCII', 'hello', false],
  ['empty', '', false],
  ['accents and CJK', 'Élodie 東京', false],
  ['an emoji (a surrogate pair)', 'ok 😀', false],
  ['two emoji in a row', '😀😀', false],
  ['other control characters', 'a\tb\nc\u0001\u001f', false],
  ['U+FFFD and U+FFFF', '\uFFFD\uFFFF', false],
  ['a NUL alone', '\u0000', true],
  ['a NUL inside', 'ab\u0000cd', true],
  ['a lone high surrogate at the end', 'abc\uD800', true],
  ['a lone high surrogate before a letter', '\uD83Dx', true],
  ['a lone low surrogate', 'x\uDE00', true],
  ['a low surrogate before a high one', '\uDE00\uD83D', true],
  ['a pair then a lone high', '😀\uD83D', true],
  ['two high surrogates then a low', '\uD83D\uD83D\uDE00', true],
];

describe('isUnsafeText: NUL and unpaired surrogates', () => {
  it.each(texts)('%s', (_case, text, unsafe) => {
    expect(isUnsafeText(text)).toBe(unsafe);
  });
});

// [case, value, path of the first unsafe text]
const values: Array<[string, unknown, Array<string | number> | undefined]> = [
  ['a safe object', { email: 'a@b.co', n: 3, ok: true, none: null }, undefined],
  ['a string at the top', 'x\u0000', []],
  ['a field', { email: 'a@b.co', password: 'p\u0000' }, ['password']],
  ['an array item', { tags: ['a', 'b\uD800'] }, ['tags', 1]],
  ['deep inside', { vis: { table: [{ label: 'ok' }, { label: '\uDC00' }] } }, ['vis', 'table', 1, 'label']],
  ['a key', { vis: { 'a\u0000b': 1 } }, ['vis', 'a\u0000b']],
  ['the first one in order', { a: 'ok', b: '\u0000', c: '\u0000' }, ['b']],
  ['numbers and booleans are never text', { a: 0, b: false, c: [1, 2] }, undefined],
];

describe('unsafeTextPath: where the first unsafe text is', () => {
  it.each(values)('%s', (_case, value, path) => {
    expect(unsafeTextPath(value)).toEqual(path);
  });

  it('walks a value nested far deeper than a recursion would allow', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unsafeTextPath(deep)).toHaveLength(100_000);
  });
});
