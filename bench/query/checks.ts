/**
 * The benchmark checks that the three systems answer the same thing, so no system is timed doing less work:
 * for each query, the multiset of numbers in each answer (sums, averages, counts, bin bounds; texts and dates
 * are left out, their formats differ), equal within a relative 1e-6 (sums of doubles depend on their order).
 *
 * A table page is compared on its `amount` column only: many rows tie on the sort key, and each system may
 * break ties its own way. DuckDB alone answers raw rows; the HTTP answer is the card's `data`.
 */
import type { CompiledUnitQuery } from '@tessera/analytics';
import type { DuckAnswer } from './duckdb.ts';
import type { BenchQuery } from './queries.ts';
import type { Timings } from './timing.ts';

type Row = Record<string, unknown>;

function asRows(answer: unknown): Row[] {
  if (Array.isArray(answer)) return answer as Row[];
  if (answer && typeof answer === 'object') return [answer as Row];
  return [];
}

function numbers(rows: Row[], only?: string): number[] {
  const out: number[] = [];
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (only && key !== only) continue;
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
      if (typeof value === 'string' && !/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(value.trim())) continue;
      if (Number.isFinite(n)) out.push(n);
    }
  }
  return out.sort((a, b) => a - b);
}

function same(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => Math.abs(x - b[i]) <= 1e-6 * Math.max(1, Math.abs(x), Math.abs(b[i])));
}

const show = (list: number[]) =>
  `${list.length} numbers [${list
    .slice(0, 6)
    .map((n) => +n.toPrecision(8))
    .join(', ')}${list.length > 6 ? ', ...' : ''}]`;

/** The values each system answered for a query, as compared. */
export function answerNumbers(q: BenchQuery, system: string, answer: unknown, compiled?: CompiledUnitQuery): number[] {
  const only = q.type === 'table' ? 'amount' : undefined;
  if (system === 'http') return numbers(asRows((answer as { data?: unknown })?.data), only);
  if (system === 'postgres') {
    // The PostgreSQL table page answers its row count (`_rows`) beside the rows: not a value of the card.
    return numbers(
      asRows(answer).map(({ _rows, ...rest }) => rest),
      only,
    );
  }
  // DuckDB alone: raw rows; keep the visible columns (not the guard `_n`, `_r` nor bin widths) of real rows,
  // each under the series ids it feeds, as the server's runUnitQuery does.
  if (!compiled) return [];
  const { names, rows } = answer as DuckAnswer;
  const index = new Map(names.map((n, i) => [n, i]));
  const marker = index.get('_r');
  const keyed = rows
    .filter((row) => marker === undefined || row[marker] !== null)
    .map((row) => {
      const out: Row = {};
      for (const c of compiled.columns) for (const id of c.ids) out[id] = row[index.get(c.alias) ?? -1];
      return out;
    });
  return numbers(keyed, only);
}

/** Disagreements between the systems' last answers, as messages (empty when they all agree). */
export function checkAnswers(
  queries: BenchQuery[],
  compiled: (CompiledUnitQuery | string)[],
  results: Record<string, Record<string, Timings | string>>,
) {
  const problems: string[] = [];
  for (const [i, q] of queries.entries()) {
    const r = results[q.key];
    const c = compiled[i];
    const http = r?.http;
    if (typeof http !== 'object') continue;
    const error = (http.last as { error?: { code: string; message: string } | null })?.error;
    if (error) {
      problems.push(`${q.key}: the card answered the error ${error.code} (${error.message})`);
      continue;
    }
    const reference = answerNumbers(q, 'http', http.last);
    if (!reference.length) problems.push(`${q.key}: the card answered no number`);
    for (const system of ['duckdb', 'postgres']) {
      const other = r[system];
      if (typeof other !== 'object') continue;
      const values = answerNumbers(q, system, other.last, typeof c === 'string' ? undefined : c);
      if (!same(reference, values))
        problems.push(`${q.key}: HTTP answered ${show(reference)}, ${system} ${show(values)}`);
    }
  }
  return problems;
}
