import { describe, expect, it } from 'vitest';
import {
  hasServerErrorParams,
  isServerErrorCode,
  SERVER_ERROR_CODES,
  SERVER_ERRORS,
  serverErrorCodeOf,
} from './serverErrors.ts';

describe('the code of a server message', () => {
  it.each([
    ['Not found', 'generic.notFound'],
    ['At most 200 characters', 'field.max200'],
    ['You cannot change or remove a member who holds more rights than you.', 'project.holdsMore'],
    ['This package is used by 3 model(s): delete or change them first.', 'package.inUse'],
    ['too many columns (2,001). Max columns: 2,000', 'ingest.tooManyColumns'],
    ['The zip file contains an unsafe path (../../etc/passwd).', 'zip.unsafePath'],
    ['The zip file is compressed suspiciously well.', 'zip.suspicious'],
    ['The zip file is compressed suspiciously well (big.bin).', 'zip.suspiciousEntry'],
    ['A tab holds at most 30 cards', 'card.tooMany'],
    ['At most 50', 'form.tooManyElementsField'],
    ['This card has more than 10,000 rows to show', 'query.tooManyRows'],
    ['Missing columns: qty', 'ingest.missingColumns'],
    ['Missing columns: qty, sku; unexpected columns: Quantity', 'ingest.columnsMismatch'],
  ])('%s → %s', (text, code) => {
    expect(serverErrorCodeOf(text)).toBe(code);
  });

  it.each(['User not found.', 'not found', 'The zip file contains an unsafe path', 'At most 4000 characters', ''])(
    '%j has none',
    (text) => {
      expect(serverErrorCodeOf(text)).toBeUndefined();
    },
  );

  it('finds every code from its own text, the first of the codes sharing a text', () => {
    for (const code of SERVER_ERROR_CODES) {
      const found = serverErrorCodeOf(SERVER_ERRORS[code]);
      expect(found && SERVER_ERRORS[found]).toBe(SERVER_ERRORS[code]);
    }
  });

  it('tells codes from texts, and the texts with parts the server fills in', () => {
    expect(isServerErrorCode('package.inUse')).toBe(true);
    expect(isServerErrorCode('Package not found')).toBe(false);
    expect(hasServerErrorParams('package.inUse')).toBe(true);
    expect(hasServerErrorParams('package.notFound')).toBe(false);
  });
});
