import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as shared from '@tessera/shared';
import { ERROR_CODES, isServerErrorCode } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../modules/packages/env.ts';

/**
 * Every message the server answers with has a stable code in the shared list (SERVER_ERRORS), so that the web can
 * translate it. The server's own errors are thrown by code (the type of HttpError's message allows nothing else),
 * and so are the analytics package's errors: each message passed here is a code of the list, never English text.
 * A static walk over the sources (tests left out) finds each error-throwing call and checks the texts and
 * codes it passes (and the field messages set beside it, `fields[name] = ...`), written out, through a constant of
 * its file or through a shared message list (FORM_MESSAGES.x).
 * A new message without a code fails here.
 */
const SERVER = join(import.meta.dirname, '..');
/**
 * The analytics package's errors reach clients through the server (an upload's IngestError, a query's QueryError and
 * a dataset filter's `bad(...)`). A card's own errors (featureDeleted, badOperation) answer as card errors with their
 * card reason (CARD_ERROR_REASONS), not as server errors.
 */
const ANALYTICS = join(import.meta.dirname, '../../../analytics/src');
const CALL =
  /\b(?:badRequest|notFound|forbidden|unauthorized|conflict|tooLarge|HttpError|ZipRejectedError|IngestError|QueryError|bad)\(/g;
/** A field message set apart from the call: `fields[name] = ...`. */
const FIELD_MESSAGE = /\b(?:fields|errors)(?:\[[^\]\n]*\]|\.\w+) \?{0,2}= ([^;\n]+)/g;
const LITERAL = /'((?:[^'\\\n]|\\.)*)'|`([^`\n]*)`/g;

const sources = [SERVER, ANALYTICS].flatMap((root) =>
  (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('/test/'))
    .map((file) => ({ file: relative(SERVER, join(root, file)), text: readFileSync(join(root, file), 'utf8') })),
);

/** The text between a call's parentheses. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** String constants of a file (`const NAME = '...'`), by name. */
const constantsOf = (text: string) =>
  new Map([...text.matchAll(/\bconst ([A-Z][A-Z0-9_]*) =\s*'((?:[^'\\\n]|\\.)*)'/g)].map((m) => [m[1], m[2]]));

/** The shared message lists (PACKAGE_ERRORS, FORM_MESSAGES, ...), by name. */
const SHARED_LISTS = new Map(
  Object.entries(shared).filter(
    (entry): entry is [string, Record<string, string>] =>
      /_(MESSAGES|ERRORS)$/.test(entry[0]) && typeof entry[1] === 'object' && !Array.isArray(entry[1]),
  ),
);

/** The shared message lists a file uses, by the name it gives them (`FORM_MESSAGES as M`, `const M = api.X`). */
function listsOf(text: string): Map<string, Record<string, string>> {
  const lists = new Map(SHARED_LISTS);
  for (const m of text.matchAll(/\b([A-Z][A-Z0-9_]*) as (\w+)|\bconst (\w+) = (?:api\.)?([A-Z][A-Z0-9_]*);/g)) {
    const list = SHARED_LISTS.get(m[1] ?? m[4]);
    if (list) lists.set(m[2] ?? m[3], list);
  }
  return lists;
}

/** The messages one call passes: its string literals (not object keys, not error kinds) and its files' constants. */
function messagesOf(
  call: string,
  constants: Map<string, string>,
  lists: Map<string, Record<string, string>>,
): string[] {
  const args = call.replace(/\[[^\]]*\]\s*:/g, ''); // computed object keys name fields, not messages
  const texts: string[] = [];
  for (const m of args.matchAll(LITERAL)) {
    if (/^\s*:/.test(args.slice((m.index ?? 0) + m[0].length))) continue; // an object key
    const text = m[1] ?? m[2].replace(/\$\{[^}]*\}/g, '1'); // a filled-in part: a number or a name
    if (Object.hasOwn(ERROR_CODES, text) || /^[a-z]+(-[a-z]+)*$/.test(text)) continue; // an error kind
    texts.push(text);
  }
  for (const m of args.matchAll(/\b([A-Z][A-Z0-9_]*)\b(?!\.)/g)) {
    const value = constants.get(m[1]);
    if (value !== undefined) texts.push(value);
  }
  for (const m of args.matchAll(/\b(\w+)\.(\w+)\b/g)) {
    const value = lists.get(m[1])?.[m[2]];
    if (typeof value === 'string') texts.push(value);
  }
  return texts;
}

const calls = sources.flatMap(({ file, text }) => {
  const constants = constantsOf(text);
  const lists = listsOf(text);
  const passed = [...text.matchAll(CALL)].map((m) => argumentsAt(text, (m.index ?? 0) + m[0].length - 1));
  const assigned = [...text.matchAll(FIELD_MESSAGE)].map((m) => m[1]);
  return [...passed, ...assigned].flatMap((args) =>
    messagesOf(args, constants, lists).map((message) => ({ file, message })),
  );
});

describe('the messages the server answers with', () => {
  it('are found in the sources (the walk sees the calls)', () => {
    expect(calls.length).toBeGreaterThan(100);
    expect(calls).toContainEqual({ file: 'modules/permissions/permissions.service.ts', message: expect.any(String) });
  });

  it('each have a stable code of the shared list (SERVER_ERRORS), so the web can translate them', () => {
    const uncoded = calls.filter(({ message }) => !isServerErrorCode(message));
    expect(uncoded).toEqual([]);
  });
});

describe('the messages the server answers with through a helper', () => {
  it.each([
    ['a layout naming a card not on the tab', shared.layoutProblem([{ i: 'b' }], ['a'])],
    ['a layout naming a card twice', shared.layoutProblem([{ i: 'a' }, { i: 'a' }], ['a'])],
    ['an environment line without =', parseEnv('A=1\nnot a line').error],
    ['an environment line setting a reserved name', parseEnv('PATH=/bin').error],
  ])('%s is a code of the list', (_, message) => {
    expect(message).toBeDefined();
    expect(isServerErrorCode(typeof message === 'object' ? message.code : message)).toBe(true);
  });
});
