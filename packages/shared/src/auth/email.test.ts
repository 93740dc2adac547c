import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from './email.ts';

const valid = [
  'a@b.co',
  'first.last@example.com',
  'first+tag@example.co.uk',
  "o'brien@example.ie",
  'user_name-1@sub-domain.example.org',
  'UPPER@EXAMPLE.COM',
  '1234567890@example.com',
  `${'a'.repeat(64)}@example.com`,
];

const invalid = [
  '',
  'plain',
  '@example.com',
  'user@',
  'user@localhost', // a standard address has a dotted domain
  'user@@example.com',
  'user@exa mple.com',
  'us er@example.com',
  'user@-example.com',
  'user@example-.com',
  'user@example..com',
  'user@.example.com',
  'user@example.com.',
  ' user@example.com', // the caller trims first (normalizeEmail)
  'user@example.com\n',
  'user<script>@example.com',
  `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`, // too long overall
];

describe('isEmail (a standard email pattern)', () => {
  it.each(valid)('accepts %j', (email) => expect(isEmail(email)).toBe(true));
  it.each(invalid)('refuses %j', (email) => expect(isEmail(email)).toBe(false));
});

describe('normalizeEmail', () => {
  it.each([
    ['  Someone@Example.COM ', 'someone@example.com'],
    ['a@b.co', 'a@b.co'],
    ['\tMixed.Case@Host.Org\n', 'mixed.case@host.org'],
  ])('%j -> %j', (input, output) => expect(normalizeEmail(input)).toBe(output));

  it('makes a valid address of a padded, upper-case one', () => expect(isEmail(normalizeEmail(' A@B.CO '))).toBe(true));
});
