/**
 * Filters to SQL. Each filter compiles to one boolean expression over the column's cast expression; every
 * value is checked here, then bound as a parameter with an explicit SQL type, so a filter's SQL depends only
 * on its column and operation, never on its values. A filter that does not fit its column's type (an
 * operation the type lacks, a value of the wrong shape) throws QueryError 'bad-filter' (the card's
 * "Filter error").
 *
 * Operations by feature type:
 * - number: greater, less, equal, not-equal, greater-equal, less-equal, between (from, to)
 * - date: between (from, to), before (to), after (from), on (value, or dateItems: days of week 0 = Sunday,
 *   months 1-12 or days of month 1-31), last (duration + unit: minute, hour, day, week, month, year)
 * - time: before, after, equal (value), between (from, to)
 * - category, text, id: equal and not-equal (values: a list, or value), contains, begins-with, ends-with
 *   (value; case-insensitive)
 * - every type: empty, not-empty
 *
 * Ranges are inclusive; a date-only `to` covers that whole day. not-equal keeps empty cells.
 */
import { listValue } from '@duckdb/node-api';
// The operations and duration units are the shared ones the web's filter menus offer (one list, one rule).
import {
  DURATION_UNITS,
  type DurationUnit,
  FILTER_OPERATIONS,
  type FilterOperation,
  type ServerMessage,
} from '@tessera/shared';
import { QueryError } from './errors.ts';
import type { Params } from './sql.ts';
import { type ColumnRef, columnExpression } from './types.ts';

export type { DurationUnit, FilterOperation };
export { DURATION_UNITS, FILTER_OPERATIONS };

export interface Filter {
  column: ColumnRef;
  operation: FilterOperation;
  value?: string | number | boolean | null;
  values?: (string | number)[];
  from?: string | number;
  to?: string | number;
  duration?: number;
  unit?: DurationUnit;
  dateItems?: { part: 'dow' | 'month' | 'day'; values: number[] };
}

const OPERATIONS_BY_TYPE: Record<ColumnRef['type'], readonly FilterOperation[]> = {
  number: ['greater', 'less', 'equal', 'not-equal', 'greater-equal', 'less-equal', 'between'],
  date: ['between', 'before', 'after', 'on', 'last'],
  time: ['before', 'after', 'equal', 'between'],
  category: ['equal', 'not-equal', 'contains', 'begins-with', 'ends-with'],
  text: ['equal', 'not-equal', 'contains', 'begins-with', 'ends-with'],
  id: ['equal', 'not-equal', 'contains', 'begins-with', 'ends-with'],
};

/** The operations a feature type accepts (empty and not-empty always apply). */
export function filterOperations(type: ColumnRef['type']): FilterOperation[] {
  return ['empty', 'not-empty', ...(OPERATIONS_BY_TYPE[type] ?? [])];
}

const bad = (message: ServerMessage) => new QueryError('bad-filter', message);

function toNumber(value: unknown, what: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw bad({ code: 'query.notNumber', params: { what } });
  return n;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A valid ISO date or date-time, as the 'YYYY-MM-DD HH:MM:SS[.ffffff]' text DuckDB casts to TIMESTAMP. */
function toTimestamp(value: unknown, what: string, endOfDay = false): string {
  if (
    typeof value !== 'string' ||
    !(ISO_DATE.test(value) || ISO_DATETIME.test(value)) ||
    Number.isNaN(Date.parse(value))
  ) {
    throw bad({ code: 'query.notIsoDate', params: { what } });
  }
  if (ISO_DATE.test(value)) return `${value} ${endOfDay ? '23:59:59.999999' : '00:00:00'}`;
  // Offsets are applied so that every bound is compared in UTC, like the stored timestamps.
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value)) return new Date(value).toISOString().replace('T', ' ').replace('Z', '');
  return value.replace('T', ' ');
}

const TIME = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?$/;
function toTime(value: unknown, what: string): string {
  if (typeof value !== 'string' || !TIME.test(value)) throw bad({ code: 'query.notTime', params: { what } });
  return value;
}

function toText(value: unknown, what: string): string {
  if ((typeof value !== 'string' && typeof value !== 'number') || String(value) === '')
    throw bad({ code: 'query.valueRequired', params: { what } });
  return String(value);
}

function toTextList(filter: Filter): string[] {
  if (Array.isArray(filter.values)) {
    if (!filter.values.length) throw bad('query.selectValue');
    return filter.values.map((v) => toText(v, 'Each value'));
  }
  return [toText(filter.value, 'The value')];
}

const INTERVAL_FN: Record<DurationUnit, string> = {
  minute: 'to_minutes',
  hour: 'to_hours',
  day: 'to_days',
  week: 'to_weeks',
  month: 'to_months',
  year: 'to_years',
};
/** The longest 'last' duration: 100,000 of any unit stays within DuckDB's timestamps and INTEGER. */
const MAX_DURATION = 100_000;
const DATE_PART_FN = { dow: 'dayofweek', month: 'month', day: 'day' } as const;
const DATE_PART_RANGE = { dow: [0, 6], month: [1, 12], day: [1, 31] } as const;

/** Compiles one filter to a boolean SQL expression, adding its values to `params`. */
export function compileFilter(filter: Filter, params: Params): string {
  const { column, operation } = filter;
  if (!FILTER_OPERATIONS.includes(operation))
    throw bad({ code: 'query.unknownFilterOperation', params: { operation: String(operation) } });
  if (!filterOperations(column.type).includes(operation)) {
    throw bad({ code: 'query.operationNotFit', params: { operation, type: column.type } });
  }
  const expr = columnExpression(column);
  const textual = column.type === 'category' || column.type === 'text' || column.type === 'id';
  const e = textual ? `CAST(${expr} AS VARCHAR)` : expr;
  if (operation === 'empty') return textual ? `(${e} IS NULL OR ${e} = '')` : `(${e} IS NULL)`;
  if (operation === 'not-empty') return textual ? `(${e} IS NOT NULL AND ${e} <> '')` : `(${e} IS NOT NULL)`;

  if (column.type === 'number') {
    // Bound as text: a JS number that is a whole number binds as BIGINT, which fails beyond int64 (1e308).
    const n = (v: unknown, what = 'The value') => `CAST(${params.add(String(toNumber(v, what)))} AS DOUBLE)`;
    const compare = { greater: '>', less: '<', equal: '=', 'greater-equal': '>=', 'less-equal': '<=' } as const;
    if (operation in compare) return `(${e} ${compare[operation as keyof typeof compare]} ${n(filter.value)})`;
    if (operation === 'not-equal') return `(${e} IS NULL OR ${e} <> ${n(filter.value)})`;
    const from = toNumber(filter.from, 'From');
    const to = toNumber(filter.to, 'To');
    if (from > to) throw bad('query.fromAfterTo');
    return `(${e} BETWEEN ${n(from)} AND ${n(to)})`;
  }

  if (column.type === 'date') {
    const ts = (v: string) => `CAST(${params.add(v)} AS TIMESTAMP)`;
    const ex = `CAST(${e} AS TIMESTAMP)`;
    switch (operation) {
      case 'between': {
        const from = toTimestamp(filter.from, 'From');
        const to = toTimestamp(filter.to, 'To', true);
        if (from > to) throw bad('query.fromAfterToDate');
        return `(${ex} >= ${ts(from)} AND ${ex} <= ${ts(to)})`;
      }
      case 'before':
        return `(${ex} <= ${ts(toTimestamp(filter.to ?? filter.value, 'To', true))})`;
      case 'after':
        return `(${ex} >= ${ts(toTimestamp(filter.from ?? filter.value, 'From'))})`;
      case 'on': {
        if (filter.dateItems) {
          const { part, values } = filter.dateItems;
          const range = DATE_PART_RANGE[part];
          if (!range || !Array.isArray(values) || !values.length) throw bad('query.selectDayOrMonth');
          const ints = values.map((v) => toNumber(v, 'Each item'));
          if (ints.some((v) => !Number.isInteger(v) || v < range[0] || v > range[1]))
            throw bad('query.invalidDayOrMonth');
          return `list_contains(CAST(${params.add(listValue(ints))} AS INTEGER[]), ${DATE_PART_FN[part]}(${ex}))`;
        }
        const day = toTimestamp(filter.value, 'The date').slice(0, 10);
        return `(CAST(${ex} AS DATE) = CAST(${params.add(day)} AS DATE))`;
      }
      case 'last': {
        const duration = toNumber(filter.duration, 'The duration');
        if (!Number.isInteger(duration) || duration < 0 || duration > MAX_DURATION) {
          throw bad({ code: 'query.badDuration', params: { max: MAX_DURATION } });
        }
        const unit = filter.unit ?? 'day';
        if (!DURATION_UNITS.includes(unit))
          throw bad({ code: 'query.unknownDurationUnit', params: { unit: String(unit) } });
        const now = 'CAST(now() AS TIMESTAMP)';
        // The unit is bound too (the SQL text does not depend on it): one CASE over the six units.
        const d = `CAST(${params.add(duration)} AS INTEGER)`;
        const u = `CAST(${params.add(unit)} AS VARCHAR)`;
        const cases = DURATION_UNITS.map((k) => `WHEN '${k}' THEN ${INTERVAL_FN[k]}(${d})`).join(' ');
        return `(${ex} >= ${now} - (CASE ${u} ${cases} END) AND ${ex} <= ${now})`;
      }
    }
  }

  if (column.type === 'time') {
    const t = (v: unknown, what: string) => `CAST(${params.add(toTime(v, what))} AS TIME)`;
    if (operation === 'before') return `(${e} < ${t(filter.value ?? filter.to, 'The time')})`;
    if (operation === 'after') return `(${e} > ${t(filter.value ?? filter.from, 'The time')})`;
    if (operation === 'equal') return `(${e} = ${t(filter.value, 'The time')})`;
    const from = toTime(filter.from, 'From');
    const to = toTime(filter.to, 'To');
    return `(${e} BETWEEN ${t(from, 'From')} AND ${t(to, 'To')})`;
  }

  // category, text, id
  const lowered = `lower(${e})`;
  switch (operation) {
    case 'equal':
      return `list_contains(CAST(${params.add(listValue(toTextList(filter)))} AS VARCHAR[]), ${e})`;
    case 'not-equal':
      return `(${e} IS NULL OR NOT list_contains(CAST(${params.add(listValue(toTextList(filter)))} AS VARCHAR[]), ${e}))`;
    case 'contains':
      return `contains(${lowered}, lower(CAST(${params.add(toText(filter.value, 'The text'))} AS VARCHAR)))`;
    case 'begins-with':
      return `starts_with(${lowered}, lower(CAST(${params.add(toText(filter.value, 'The text'))} AS VARCHAR)))`;
    case 'ends-with':
      return `suffix(${lowered}, lower(CAST(${params.add(toText(filter.value, 'The text'))} AS VARCHAR)))`;
  }
  throw bad({ code: 'query.operationNotFit', params: { operation, type: column.type } });
}

/** All filters joined with AND ('TRUE' when there is none). */
export function compileFilters(filters: Filter[] | undefined, params: Params): string {
  if (!filters?.length) return 'TRUE';
  return filters.map((f) => compileFilter(f, params)).join(' AND ');
}
