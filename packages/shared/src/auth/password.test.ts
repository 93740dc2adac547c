import { describe, expect, it } from 'vitest';
import {
  firstPasswordFailure,
  PASSWORD_RULE_MESSAGES,
  PASSWORD_RULES,
  passwordAcceptable,
  passwordChecklist,
} from './password.ts';

// One row per case: [password, confirmation, length, special, capital, match].
const table: Array<[string, string, boolean, boolean, boolean, boolean]> = [
  ['', '', false, false, false, false],
  ['Abcdef!', 'Abcdef!', false, true, true, true], // 7 characters
  ['Abcdefg!', 'Abcdefg!', true, true, true, true], // exactly 8
  ['abcdefg!', 'abcdefg!', true, true, false, true], // no capital
  ['Abcdefgh', 'Abcdefgh', true, false, true, true], // no special character
  ['Abcdefg_', 'Abcdefg_', true, false, true, true], // "_" is a word character, not a special one
  ['Abcdefg1', 'Abcdefg1', true, false, true, true], // digits are word characters too
  ['Abcdef g', 'Abcdef g', true, true, true, true], // a space is a non-word character
  ['Abcdefg%', 'Abcdefg?', true, true, true, false], // confirmation differs
  ['Abcdefg&', '', true, true, true, false], // empty confirmation
  ['Abcdefg&', 'abcdefg&', true, true, true, false], // case matters
  ['Écoleéé!', 'Écoleéé!', true, true, true, true], // a non-ASCII capital counts
  ['éééééééé?', 'éééééééé?', true, true, false, true],
  ['ABCDEFGH?', 'ABCDEFGH?', true, true, true, true],
];

describe('passwordChecklist', () => {
  it.each(table)('%j / %j', (password, confirmation, length, special, capital, match) => {
    expect(passwordChecklist(password, confirmation)).toEqual({ length, special, capital, match });
    expect(passwordAcceptable(password, confirmation)).toBe(length && special && capital && match);
  });

  it('names the first failing rule in checklist order', () => {
    expect(firstPasswordFailure('', '')).toBe('length');
    expect(firstPasswordFailure('abcdefgh', 'abcdefgh')).toBe('special');
    expect(firstPasswordFailure('abcdefg!', 'abcdefg!')).toBe('capital');
    expect(firstPasswordFailure('Abcdefg!', 'Abcdefg?')).toBe('match');
    expect(firstPasswordFailure('Abcdefg!', 'Abcdefg!')).toBeUndefined();
  });

  it("has the spec's words for every rule", () => {
    expect(Object.keys(PASSWORD_RULE_MESSAGES).sort()).toEqual([...PASSWORD_RULES].sort());
    expect(PASSWORD_RULE_MESSAGES).toEqual({
      length: 'Must be at least 8 characters.',
      special: 'Must contain a special character (%, ?, &, etc).',
      capital: 'Must contain a capital letter.',
      match: 'Passwords must match.',
    });
  });
});
