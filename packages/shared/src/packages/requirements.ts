import type { ServerMessage } from '../http/serverErrors.ts';
import { isUnsafeText } from '../http/text.ts';

/**
 * The lines of a package's requirements.txt that a build accepts (docs/security.md, "Builds"): each non-blank,
 * non-comment line is a PEP 508 requirement by name only: a name, optional [extras], version specifiers and
 * `;` environment markers. No URL (`name @ https://…`, `git+…`), no path, no pip option (`-e`, `-r`, `-c`,
 * `--index-url`, `--no-binary`, `--hash`…): the server's index and options decide where wheels come from, and
 * nothing a tenant writes makes pip fetch or build anything else. The server and the web editor both call this.
 */

/** The longest line, and the longest file, accepted. */
export const MAX_REQUIREMENT_LINE_CHARS = 500;
export const MAX_REQUIREMENTS_CHARS = 100_000;
/** How much of a refused line the message repeats. */
const SHOWN_CHARS = 80;

export type RequirementProblemReason = 'control' | 'tooLong' | 'tooLarge' | 'option' | 'url' | 'invalid';
export interface RequirementProblem {
  /** 1-based; 0 for the whole file (tooLarge). */
  line: number;
  /** The line as written (cut to 80 characters; empty for a control character). */
  text: string;
  reason: RequirementProblemReason;
}

export interface ParsedRequirements {
  /** Each requirement in one canonical spelling (PEP 503 name, no spaces but around marker words). */
  requirements: string[];
  /** The first line refused, if any. */
  problem?: RequirementProblem;
}

// Python's splitlines() (which pip uses) also breaks at \v, \f, \x1c-\x1e, \x85, \u2028 and \u2029: a line of
// ours must never be two lines of pip's, so any of them, like any other control character, refuses the file.
const hasControl = (line: string) =>
  [...line].some((ch) => {
    const code = ch.charCodeAt(0);
    return (code < 0x20 && ch !== '\t') || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
  });
const COMMENT = /(^|\s)#.*$/;
const NAME = /[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?/y;
const VERSION_OP = /(===|~=|==|!=|<=|>=|<|>)/y;
const VERSION = /[A-Za-z0-9_.*+!-]+/y;
const SPACE = /[ \t]*/y;
const MARKER_TOKEN =
  /[ \t]*(?:(\(|\))|('[\x20-\x26\x28-\x7e]*'|"[\x20\x21\x23-\x7e]*")|(===|~=|==|!=|<=|>=|<|>|not[ \t]+in\b|in\b)|(and\b|or\b)|([A-Za-z_][A-Za-z0-9_.]*))/y;
const MARKER_VARIABLES = new Set([
  'python_version',
  'python_full_version',
  'os_name',
  'sys_platform',
  'platform_release',
  'platform_system',
  'platform_version',
  'platform_machine',
  'platform_python_implementation',
  'implementation_name',
  'implementation_version',
  'extra',
]);

const normaliseName = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

/** A cursor over one line: each step matches a sticky regular expression at the current position. */
class Cursor {
  at = 0;
  constructor(readonly text: string) {}
  take(pattern: RegExp): RegExpExecArray | undefined {
    pattern.lastIndex = this.at;
    const match = pattern.exec(this.text);
    if (!match) return undefined;
    this.at = pattern.lastIndex;
    return match;
  }
  skipSpace() {
    this.take(SPACE);
  }
  eat(char: string): boolean {
    this.skipSpace();
    if (this.text[this.at] !== char) return false;
    this.at++;
    return true;
  }
  get done() {
    this.skipSpace();
    return this.at === this.text.length;
  }
}

function parseVersions(cursor: Cursor): string[] | undefined {
  const specs: string[] = [];
  for (;;) {
    cursor.skipSpace();
    const op = cursor.take(VERSION_OP);
    if (!op) return specs.length ? undefined : specs;
    cursor.skipSpace();
    const version = cursor.take(VERSION);
    if (!version) return undefined;
    specs.push(`${op[1]}${version[0]}`);
    if (!cursor.eat(',')) return specs;
  }
}

type MarkerToken = { kind: 'paren' | 'string' | 'op' | 'bool' | 'variable'; text: string };

function markerTokens(text: string): MarkerToken[] | undefined {
  const tokens: MarkerToken[] = [];
  let at = 0;
  while (text.slice(at).trim()) {
    MARKER_TOKEN.lastIndex = at;
    const m = MARKER_TOKEN.exec(text);
    if (!m) return undefined;
    at = MARKER_TOKEN.lastIndex;
    if (m[1]) tokens.push({ kind: 'paren', text: m[1] });
    else if (m[2]) tokens.push({ kind: 'string', text: m[2] });
    else if (m[3]) tokens.push({ kind: 'op', text: m[3].replace(/[ \t]+/, ' ') });
    else if (m[4]) tokens.push({ kind: 'bool', text: m[4] });
    else if (m[5] && MARKER_VARIABLES.has(m[5])) tokens.push({ kind: 'variable', text: m[5] });
    else return undefined;
  }
  return tokens;
}

/** PEP 508 markers: `value op value` joined by and / or, in parentheses or not; values are variables or strings. */
function isMarker(tokens: MarkerToken[]): boolean {
  let i = 0;
  const value = () => {
    const token = tokens[i];
    if (token?.kind !== 'string' && token?.kind !== 'variable') return false;
    i++;
    return true;
  };
  const atom = (): boolean => {
    if (tokens[i]?.text === '(') {
      i++;
      if (!or() || tokens[i]?.text !== ')') return false;
      i++;
      return true;
    }
    if (!value() || tokens[i]?.kind !== 'op') return false;
    i++;
    return value();
  };
  const chain = (word: string, next: () => boolean) => () => {
    if (!next()) return false;
    while (tokens[i]?.text === word) {
      i++;
      if (!next()) return false;
    }
    return true;
  };
  const or = chain('or', chain('and', atom));
  return tokens.length > 0 && or() && i === tokens.length;
}

/** One requirement in its canonical spelling, or undefined when the line is not a requirement by name. */
export function canonicalRequirement(text: string): string | undefined {
  const [head, ...rest] = text.split(';');
  const cursor = new Cursor(head);
  cursor.skipSpace();
  const name = cursor.take(NAME);
  if (!name) return undefined;
  let out = normaliseName(name[0]);
  if (cursor.eat('[')) {
    const extras: string[] = [];
    if (!cursor.eat(']')) {
      do {
        cursor.skipSpace();
        const extra = cursor.take(NAME);
        if (!extra) return undefined;
        extras.push(normaliseName(extra[0]));
      } while (cursor.eat(','));
      if (!cursor.eat(']')) return undefined;
    }
    if (extras.length) out += `[${[...new Set(extras)].sort().join(',')}]`;
  }
  const parenthesised = cursor.eat('(');
  const specs = parseVersions(cursor);
  if (!specs || (parenthesised && (!specs.length || !cursor.eat(')'))) || !cursor.done) return undefined;
  out += specs.join(',');
  if (rest.length) {
    const tokens = markerTokens(rest.join(';'));
    if (!tokens || !isMarker(tokens)) return undefined;
    out += `; ${tokens.map((t) => t.text).join(' ')}`;
  }
  return out;
}

/** Why a line that is not a requirement by name was refused: a pip option, a URL or path, or anything else. */
function refusal(line: string): RequirementProblemReason {
  if (line.startsWith('-') || /\s-/.test(line)) return 'option';
  if (/:\/\/|@|^[.~/\\]|^file:|[/\\](?!$)|^(git|hg|svn|bzr)\+/i.test(line)) return 'url';
  return 'invalid';
}

const shown = (line: string) => (line.length > SHOWN_CHARS ? `${line.slice(0, SHOWN_CHARS)}…` : line);

/** The requirements of a requirements.txt text, canonical, sorted and deduplicated; and the first line refused. */
export function parseRequirements(text: string): ParsedRequirements {
  if (text.length > MAX_REQUIREMENTS_CHARS)
    return { requirements: [], problem: { line: 0, text: '', reason: 'tooLarge' } };
  const requirements = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (hasControl(raw) || isUnsafeText(raw))
      return { requirements: [], problem: { line, text: '', reason: 'control' } };
    if (raw.length > MAX_REQUIREMENT_LINE_CHARS) {
      return { requirements: [], problem: { line, text: shown(raw.trim()), reason: 'tooLong' } };
    }
    const body = raw.replace(COMMENT, '').trim();
    if (!body) continue;
    const canonical = canonicalRequirement(body);
    if (!canonical) return { requirements: [], problem: { line, text: shown(body), reason: refusal(body) } };
    requirements.add(canonical);
  }
  return { requirements: [...requirements].sort() };
}

/** The first line refused, if any. */
export const checkRequirements = (text: string): RequirementProblem | undefined => parseRequirements(text).problem;

/**
 * The message of a refused line: a code of the shared list with the line's number, its text or the bound (the server
 * answers it; the web shows its own wording by the problem's reason).
 */
export function requirementMessage(problem: RequirementProblem): ServerMessage {
  const { line, text } = problem;
  switch (problem.reason) {
    case 'control':
      return { code: 'package.requirementControl', params: { line } };
    case 'tooLong':
      return { code: 'package.requirementTooLong', params: { line, max: MAX_REQUIREMENT_LINE_CHARS } };
    case 'tooLarge':
      return { code: 'package.requirementsTooLarge', params: { max: MAX_REQUIREMENTS_CHARS } };
    case 'option':
      return { code: 'package.requirementOption', params: { line, text } };
    case 'url':
      return { code: 'package.requirementUrl', params: { line, text } };
    case 'invalid':
      return { code: 'package.requirementInvalid', params: { line, text } };
  }
}
