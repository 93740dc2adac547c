/**
 * The shared lists of the datasets area. The analytics package (DuckDB) keeps the same lists for its SQL;
 * a server test checks the two never drift apart.
 */

/** Feature (column) types ("the list of feature types is shared"). */
export const FEATURE_TYPES = ['id', 'number', 'date', 'time', 'category', 'text'] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

/** The finest unit a date feature's values use. */
export const DATE_PRECISIONS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];

/** Dataset types: a CSV upload, a join of two datasets, a model's output, a form's responses. */
export const DATASET_TYPES = ['file', 'joined', 'modelResult', 'formData'] as const;
export type DatasetType = (typeof DATASET_TYPES)[number];

/** Join types. */
export const JOIN_TYPES = ['full', 'left', 'inner'] as const;
export type JoinType = (typeof JOIN_TYPES)[number];

/** Filter operations on a feature, by its type; empty and not-empty apply to every type. */
export const FILTER_OPERATIONS = [
  'empty',
  'not-empty',
  'greater',
  'less',
  'equal',
  'not-equal',
  'greater-equal',
  'less-equal',
  'between',
  'contains',
  'begins-with',
  'ends-with',
  'before',
  'after',
  'on',
  'last',
] as const;
export type FilterOperation = (typeof FILTER_OPERATIONS)[number];

export const DURATION_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
