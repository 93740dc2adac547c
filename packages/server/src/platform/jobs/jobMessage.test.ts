import { ColumnsMismatchError, IngestError, QueryError } from '@tessera/analytics';
import { describe, expect, it } from 'vitest';
import { badRequest, conflict, handedText } from '../errors.ts';
import { failureOf } from './jobMessage.ts';

describe("a failed job's message", () => {
  it('is said by code and params for an error of ours', () => {
    expect(failureOf(new ColumnsMismatchError(['qty'], ['Q']))).toEqual({
      text: 'Missing columns: qty; unexpected columns: Q',
      code: 'ingest.columnsMismatch',
      params: { missing: 'qty', unexpected: 'Q' },
    });
    expect(failureOf(new IngestError('empty', 'ingest.empty'))).toEqual({
      text: 'The file is empty.',
      code: 'ingest.empty',
      params: null,
    });
    expect(failureOf(new QueryError('bad-column', { code: 'query.unknownColumn', params: { column: 'x' } }))).toEqual({
      text: 'Unknown column: x',
      code: 'query.unknownColumn',
      params: { column: 'x' },
    });
    expect(failureOf(conflict({ code: 'package.inUse', params: { count: 2 } }))).toMatchObject({
      code: 'package.inUse',
      params: { count: 2 },
    });
  });

  it('is text only for words no code of ours wrote', () => {
    expect(failureOf(new Error('Traceback (most recent call last): ValueError'))).toEqual({
      text: 'Traceback (most recent call last): ValueError',
      code: null,
      params: null,
    });
    expect(failureOf(badRequest(handedText('pip: no matching distribution')))).toEqual({
      text: 'pip: no matching distribution',
      code: null,
      params: null,
    });
    // An object that merely has a `said` of no code of the list is not ours either.
    expect(failureOf(Object.assign(new Error('odd'), { said: 'not.aCode' }))).toMatchObject({ code: null });
  });
});
