/**
 * @tessera/analytics: every DuckDB use of the product. No HTTP, no metadata DB.
 *
 * - engine.ts    DuckDB instances (queries; imports), pooled connections (`configureEngine`, `withConnection`)
 * - segments.ts  Parquet segment files, one per job (`writeSegment`, `listSegments`, `deleteSegment`, ...)
 * - ingest.ts    CSV -> segment + detected features (`ingestCsv`)
 * - output.ts    a model's output file -> segment, known columns kept (`ingestOutput`)
 * - rows.ts      JSON rows -> segment (`writeRowsSegment`); a dataset -> a Parquet file by names (`writeNamedParquet`)
 * - clustered.ts a segment's copy ordered by a date column, for cards (`writeClusteredCopy`)
 * - detect.ts    feature type detection and stats (`detectColumns`)
 * - types.ts     feature types and query-time casts (`castExpression`, `previewCast`)
 * - source.ts    the relation and catalog a query reads (`segmentSource`, `joinedSource`)
 * - filters.ts   filters to SQL with bound values (`compileFilter`)
 * - query.ts     pages of rows, unique values, categories, stats (`readDataset`, ...)
 * - rollup.ts    summaries of large sources that aggregated cards read instead of the rows (`withRollup`)
 * - export.ts    CSV download in constant memory (`streamCsv`)
 * - unitQuery/   cards (chart, KPI, table) to one statement (`compileUnitQuery`, `runUnitQuery`, `toCsv`)
 */

export * from './clustered.ts';
export * from './detect.ts';
export * from './engine.ts';
export * from './errors.ts';
export * from './export.ts';
export * from './filters.ts';
export * from './ingest.ts';
export * from './output.ts';
export * from './query.ts';
export * from './rollup.ts';
export * from './rows.ts';
export * from './segments.ts';
export type { CsvDialect, CsvEncoding } from './sniff.ts';
export * from './source.ts';
export { type Cell, ident, isDbName, Params } from './sql.ts';
export * from './types.ts';
export * from './unitQuery/index.ts';
