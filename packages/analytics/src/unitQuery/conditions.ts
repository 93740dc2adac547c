/**
 * Cross-filters and a clicked element's values as SQL conditions (docs/cross-filters.md). A value is compared
 * with the feature's value made as the clicking card made it: the raw value (dates as ISO text, ids and
 * categories as text, numbers as numbers), a date part, or a bin. A truncating date part's value reads as its
 * range of time (`datePartRange`), which the clustered rows skip by. Every value is a bound parameter.
 */
import { type CrossFilter, datePartRange, isDatePart, operationFits, type PointValue } from '@tessera/shared';
import { QueryError } from '../errors.ts';
import type { Params } from '../sql.ts';
import { columnExpression } from '../types.ts';
import { isoText, rowExpression } from './operations.ts';
import type { CatalogEntry } from './types.ts';

/** A cross-filter or point that does not fit its feature: the request's fault (a 400, not a card error). */
export const badCrossFilter = () => new QueryError('bad-cross-filter', 'crossFilter.notFitting');

const asDouble = (e: string) => `CAST(${e} AS DOUBLE)`;

/**
 * The condition of one selection on a source holding the features `entries` it reaches (docs/cross-filters.md):
 * a row is kept when any of them holds one of the values (two copies of a column, in a dataset joined with a join of
 * itself; a join's two keys paired with the clicked one).
 */
export function reachedCondition(entries: CatalogEntry[], filter: Selected, params: Params): string {
  const each = entries.map((entry) => crossFilterCondition(entry, filter, params));
  return each.length === 1 ? each[0] : `(${each.join(' OR ')})`;
}

/** What a cross-filter selects: values, a date part's values, or a range. */
type Selected = Pick<CrossFilter, 'values' | 'operation' | 'range'>;

/** The condition of one cross-filter on one feature. */
function crossFilterCondition(entry: CatalogEntry, filter: Selected, params: Params): string {
  if (filter.range) {
    if (entry.ref.type !== 'number') throw badCrossFilter();
    const x = asDouble(columnExpression(entry.ref));
    const from = asDouble(params.add(String(filter.range.from)));
    const to = asDouble(params.add(String(filter.range.to)));
    return `(${x} >= ${from} AND ${x} ${filter.range.toIncluded ? '<=' : '<'} ${to})`;
  }
  return valuesCondition(entry, filter.operation ?? '', filter.values ?? [], params);
}

/** The feature's value, made by `operation` (none or a date part), is one of `values` (null: the value is NULL). */
export function valuesCondition(
  entry: CatalogEntry,
  operation: string,
  values: readonly PointValue[],
  params: Params,
): string {
  const type = entry.ref.type;
  if (operation !== '' && !(isDatePart(operation) && operationFits(type, operation, entry.precision ?? null))) {
    throw badCrossFilter();
  }
  const present = values.filter((v): v is Exclude<PointValue, null> => v !== null);
  const parts: string[] = [];
  if (values.includes(null)) parts.push(`(${rowExpression(entry, '')} IS NULL)`);
  if (present.length) {
    if (isDatePart(operation)) {
      const ranges = present.map((v) => datePartRange(operation, v));
      if (ranges.every((r) => r !== undefined)) {
        const ts = `CAST(${columnExpression(entry.ref)} AS TIMESTAMP)`;
        for (const r of ranges as Array<{ from: string; to: string }>) {
          const [from, to] = [params.add(r.from), params.add(r.to)];
          parts.push(`(${ts} >= CAST(${from} AS TIMESTAMP) AND ${ts} < CAST(${to} AS TIMESTAMP))`);
        }
      } else {
        parts.push(inList(rowExpression(entry, operation), present.map(textOf), params, 'VARCHAR'));
      }
    } else if (type === 'number') {
      const numbers = present.map((v) => {
        const n = typeof v === 'number' ? v : Number(v);
        if (typeof v === 'boolean' || !Number.isFinite(n) || (typeof v === 'string' && v.trim() === '')) {
          throw badCrossFilter();
        }
        return String(n);
      });
      parts.push(inList(columnExpression(entry.ref), numbers, params, 'DOUBLE'));
    } else {
      const value = type === 'date' ? isoText(columnExpression(entry.ref)) : columnExpression(entry.ref);
      parts.push(inList(value, present.map(textOf), params, 'VARCHAR'));
    }
  }
  return parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
}

const textOf = (v: Exclude<PointValue, null>) => String(v);

function inList(expression: string, values: string[], params: Params, as: 'VARCHAR' | 'DOUBLE'): string {
  const list = values.map((v) => `CAST(${params.add(v)} AS ${as})`);
  return `(CAST(${expression} AS ${as}) IN (${list.join(', ')}))`;
}
