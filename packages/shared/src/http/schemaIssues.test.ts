import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type SchemaIssue, schemaIssueCode } from './schemaIssues.ts';

describe('the code of a schema issue, from what failed', () => {
  const issueOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0] as SchemaIssue;
  it.each([
    ['an empty required text', z.string().min(1, 'Required'), '', 'field.required'],
    ['a text over 200 characters', z.string().max(200), 'x'.repeat(201), 'field.max200'],
    ['a text over 5000 characters', z.string().max(5000), 'x'.repeat(5001), 'field.max5000'],
    ['an email address', z.email(), 'nope', 'field.email'],
    [
      'a rule naming its code',
      z.string().refine(() => false, {
        message: 'The end must be after the start',
        params: { code: 'trigger.endBeforeStart' },
      }),
      'x',
      'trigger.endBeforeStart',
    ],
    ['a rule naming no code', z.string().refine(() => false, 'Write true or false'), 'x', undefined],
    [
      'a rule naming a code with parts',
      z.string().refine(() => false, { params: { code: 'package.inUse' } }),
      'x',
      undefined,
    ],
    ['another bound', z.string().max(100), 'x'.repeat(101), undefined],
    ['a number too small', z.number().min(1), 0, undefined],
    ['a wrong type', z.string(), 3, undefined],
  ])('%s', (_, schema, value, code) => {
    expect(schemaIssueCode(issueOf(schema, value))).toBe(code);
  });
});
