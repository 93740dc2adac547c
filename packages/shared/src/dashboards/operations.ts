import type { DatePrecision, FeatureType } from '../datasets/types.ts';

/**
 * Operations a card applies to a mapped feature. 'none' is what
 * the menus show; it is stored as an empty string.
 */
export const NUMBER_OPERATIONS = [
  'none',
  'sum',
  'avg',
  'med',
  'max',
  'min',
  'count',
  'distinctCount',
  'bin',
  'list',
] as const;

/** Date operations that turn a date into a coarser value (a grouping key, like bin for numbers). */
export const DATE_PARTS = [
  'year',
  'year-quarter',
  'quarter',
  'year-month',
  'month',
  'month-day',
  'day',
  'dow',
  'year-month-day',
  'hour',
  'time-of-day',
] as const;
export type DatePart = (typeof DATE_PARTS)[number];
export const DATE_OPERATIONS = ['none', 'min', 'max', 'count', 'distinctCount', ...DATE_PARTS] as const;
export const OTHER_OPERATIONS = ['none', 'count', 'distinctCount', 'list'] as const;

export const OPERATIONS = [...new Set([...NUMBER_OPERATIONS, ...DATE_OPERATIONS, ...OTHER_OPERATIONS])] as [
  Operation,
  ...Operation[],
];
export type Operation =
  | (typeof NUMBER_OPERATIONS)[number]
  | (typeof DATE_OPERATIONS)[number]
  | (typeof OTHER_OPERATIONS)[number];
/** What a vis stores: an operation, or '' for none. */
export type StoredOperation = Exclude<Operation, 'none'> | '';

/** Operations that reduce many rows to one value (the query groups by the other mapped features). */
export const AGGREGATIONS = ['sum', 'avg', 'med', 'max', 'min', 'count', 'distinctCount', 'list'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** The finest precision a date part needs: a feature whose values are by month offers no day parts. */
export const DATE_PART_PRECISION: Record<DatePart, DatePrecision> = {
  year: 'year',
  'year-quarter': 'month',
  quarter: 'month',
  'year-month': 'month',
  month: 'month',
  'month-day': 'day',
  day: 'day',
  dow: 'day',
  'year-month-day': 'day',
  hour: 'hour',
  'time-of-day': 'hour',
};

const PRECISION_RANK: Record<DatePrecision, number> = { year: 0, month: 1, day: 2, hour: 3, minute: 4, second: 5 };

/** Bins of a histogram. */
export const BINS = { min: 2, max: 100, step: 2, default: 10 } as const;

export const isAggregation = (operation: string | undefined): operation is Aggregation =>
  (AGGREGATIONS as readonly string[]).includes(operation ?? '');
export const isDatePart = (operation: string | undefined): operation is DatePart =>
  (DATE_PARTS as readonly string[]).includes(operation ?? '');

/** The stored form of a menu choice: 'none' is ''. */
export const storedOperation = (operation: Operation | ''): StoredOperation =>
  operation === 'none' ? '' : (operation as StoredOperation);
/** The menu form of a stored operation: '' (or missing) is 'none'. */
export const menuOperation = (operation: string | undefined | null): Operation =>
  operation ? (operation as Operation) : 'none';

/**
 * The operations offered for a feature. `aggregated` is false where a bucket takes raw values
 * (the independent axis of an unaggregated chart): numbers then offer none and bin only, dates none and their
 * parts only. A date feature offers only the parts its precision allows (unknown precision: all of them).
 */
export function operationChoices(
  type: FeatureType,
  options: { precision?: DatePrecision | null; aggregated?: boolean } = {},
): Operation[] {
  const aggregated = options.aggregated ?? true;
  if (type === 'number') return aggregated ? [...NUMBER_OPERATIONS] : ['none', 'bin'];
  if (type === 'date') {
    const rank = options.precision ? PRECISION_RANK[options.precision] : Number.POSITIVE_INFINITY;
    const fits = (op: Operation) => !isDatePart(op) || PRECISION_RANK[DATE_PART_PRECISION[op]] <= rank;
    const all = DATE_OPERATIONS.filter(fits);
    return aggregated ? all : all.filter((op) => op === 'none' || isDatePart(op));
  }
  return [...OTHER_OPERATIONS];
}

/** Whether an operation applies to a feature of this type and precision (the compiler's check). */
export function operationFits(
  type: FeatureType,
  operation: StoredOperation,
  precision?: DatePrecision | null,
): boolean {
  return operationChoices(type, { precision }).includes(menuOperation(operation));
}
