import type { FeatureType, FilterOperation } from '../datasets/types.ts';
import type { DashboardFilter, FilterType } from './filters.ts';

/**
 * Filter validity ("Filters" and "Validity ranges"): whether a data app filter is complete enough to
 * apply. The one rule that the filter menus (drop invalid filters when a menu closes), the server and the
 * card compiler (skip incomplete filters) all run.
 *
 * Value shapes read here (see filters.ts):
 * - value: `value` is the number, or `{ value }`
 * - range: `{ from, to }` numbers
 * - date: `{ from, to }` ISO dates (between, before uses `to`, after uses `from`), `{ on }` or
 *   `{ selectedDateItems: { part: 'dow' | 'month', values } }` (on), `{ duration, unit }` (last)
 * - category: a list of categories (equal, not-equal) or a text (contains, begins-with, ends-with)
 * - text: a text
 * - time: `{ value }` (before, after, equal) or `{ from, to }` (between), 'HH:MM[:SS]'
 */

/** The operations each filter menu offers, in menu order; empty and not-empty apply to every type. */
const OPERATIONS: Record<FilterType, readonly FilterOperation[]> = {
  value: ['greater', 'less', 'equal', 'not-equal', 'greater-equal', 'less-equal'],
  range: ['between'],
  date: ['between', 'before', 'after', 'on', 'last'],
  category: ['equal', 'not-equal', 'contains', 'begins-with', 'ends-with'],
  text: ['contains', 'equal', 'begins-with', 'ends-with'],
  time: ['before', 'after', 'equal', 'between'],
};

export function filterOperationsFor(type: FilterType): FilterOperation[] {
  return [...OPERATIONS[type], 'empty', 'not-empty'];
}

/** Which feature types each filter type fits (an id reads as category or text). */
const FITS: Record<FilterType, readonly FeatureType[]> = {
  value: ['number'],
  range: ['number'],
  date: ['date'],
  time: ['time'],
  category: ['category', 'id'],
  text: ['text', 'id'],
};

export function filterFitsFeature(type: FilterType, featureType: FeatureType): boolean {
  return FITS[type].includes(featureType);
}

/** The filter types a feature of this type can have (the first is the menu opened for it). */
export function filterTypesFor(featureType: FeatureType): FilterType[] {
  return (Object.keys(FITS) as FilterType[]).filter((type) => FITS[type].includes(featureType));
}

/** Validity ranges of date parts, inclusive. */
export const DATE_PART_RANGES = {
  year: [1001, 2999],
  month: [1, 12],
  day: [1, 31],
  weekday: [0, 6],
  quarter: [1, 4],
} as const;
export type ValidityPart = keyof typeof DATE_PART_RANGES;

export function inDatePartRange(part: ValidityPart, n: unknown): boolean {
  const [min, max] = DATE_PART_RANGES[part];
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
}

/** Which date part each `selectedDateItems.part` counts in. */
const ITEM_PARTS = { dow: 'weekday', month: 'month' } as const satisfies Record<string, ValidityPart>;

/** The date menu's tab (`option`) for each item part. */
const OPTION_OF_PART = { dow: 'dayOfWeek', month: 'month' } as const;

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A real calendar date, 'YYYY-MM-DD' optionally with a time, its year within 1001–2999. */
export function isValidIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!inDatePartRange('year', year) || !inDatePartRange('month', month) || !inDatePartRange('day', day)) {
    return false;
  }
  // 31 February does not exist: the day must survive a round trip through the calendar.
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

const TIME = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?$/;

/** A time of day, 'HH:MM' or 'HH:MM:SS'. */
export function isValidTime(value: unknown): value is string {
  return typeof value === 'string' && TIME.test(value);
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

type ValueObject = Extract<DashboardFilter['value'], { from?: unknown }>;

/** The object form of a filter's value ({} when it holds a bare number, text or list). */
export function valueObject(filter: Pick<DashboardFilter, 'value'>): ValueObject {
  const value = filter.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** The single number of a value filter (a bare number or `{ value }`). */
export function singleValue(filter: Pick<DashboardFilter, 'value'>): unknown {
  const value = filter.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value.value : value;
}

/** The categories of an equal / not-equal category filter. */
export function categoryList(filter: Pick<DashboardFilter, 'value'>): Array<string | number> {
  return Array.isArray(filter.value) ? filter.value : [];
}

function validDate(filter: DashboardFilter): boolean {
  const v = valueObject(filter);
  switch (filter.operation) {
    case 'between':
      return isValidIsoDate(v.from) && isValidIsoDate(v.to) && v.from.slice(0, 10) <= v.to.slice(0, 10);
    case 'before':
      return isValidIsoDate(v.to);
    case 'after':
      return isValidIsoDate(v.from);
    case 'on': {
      // The date tab holds `on`; the day-of-week and month tabs hold selected items.
      const items = v.selectedDateItems;
      const byItems = filter.option ? filter.option !== 'date' : !!items && !v.on;
      if (!byItems) return isValidIsoDate(v.on);
      if (!items || items.values.length === 0) return false;
      if (filter.option && filter.option !== OPTION_OF_PART[items.part]) return false;
      const part = ITEM_PARTS[items.part];
      return items.values.every((n) => inDatePartRange(part, n));
    }
    case 'last':
      return isNumber(v.duration) && v.duration >= 0;
    default:
      return false;
  }
}

function validTime(filter: DashboardFilter): boolean {
  const v = valueObject(filter);
  if (filter.operation === 'between') return isValidTime(v.from) && isValidTime(v.to);
  return isValidTime(v.value);
}

function validCategory(filter: DashboardFilter): boolean {
  if (filter.operation === 'equal' || filter.operation === 'not-equal') {
    return categoryList(filter).some((c) => (typeof c === 'number' ? Number.isFinite(c) : c !== ''));
  }
  return isText(singleValue(filter));
}

/**
 * Whether the filter is complete enough to apply. With `featureType` (the feature's current type), the filter's
 * type must also fit it: a filter whose feature changed type is not applied (the card shows 'Filter error').
 */
export function isFilterValid(filter: DashboardFilter, featureType?: FeatureType): boolean {
  if (!filter?.feature?.id) return false;
  if (!(filter.type in OPERATIONS)) return false;
  if (featureType !== undefined && !filterFitsFeature(filter.type, featureType)) return false;
  if (filter.operation === 'empty' || filter.operation === 'not-empty') return true;
  if (!OPERATIONS[filter.type].includes(filter.operation)) return false;
  switch (filter.type) {
    case 'value':
      return isNumber(singleValue(filter));
    case 'range': {
      const { from, to } = valueObject(filter);
      return isNumber(from) && isNumber(to) && from <= to;
    }
    case 'date':
      return validDate(filter);
    case 'time':
      return validTime(filter);
    case 'category':
      return validCategory(filter);
    case 'text':
      return isText(singleValue(filter));
  }
}

/** The valid filters, in order; with `featureTypes`, also those whose feature is known and fits. */
export function validFilters(
  filters: readonly DashboardFilter[],
  featureTypes?: ReadonlyMap<string, FeatureType>,
): DashboardFilter[] {
  return filters.filter((filter) => {
    if (!featureTypes) return isFilterValid(filter);
    const type = featureTypes.get(filter.feature?.id);
    return type !== undefined && isFilterValid(filter, type);
  });
}

export interface RangeBounds<T> {
  from: { max?: T };
  to: { min?: T };
}

/** Between ranges bound each other: from's max is to; to's min is from. */
export function boundRanges<T extends number | string>(range: { from?: T | null; to?: T | null }): RangeBounds<T> {
  const present = (v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';
  return {
    from: present(range.to) ? { max: range.to } : {},
    to: present(range.from) ? { min: range.from } : {},
  };
}
