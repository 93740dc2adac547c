/** The card mapping editor's rules: pure functions shared by the web and the tests. */
export * from './buckets.ts';
export * from './chartType.ts';
export * from './defaultOperations.ts';
export * from './edit.ts';
export * from './filters.ts';
export * from './refetch.ts';
export * from './reorder.ts';
export * from './series.ts';
export * from './seriesEdits.ts';
export * from './swap.ts';
export * from './types.ts';
export * from './visAccess.ts';
