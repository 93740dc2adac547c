/**
 * Test support for the card compiler (used by the *.test.ts files only): Parquet segments with known rows,
 * written by DuckDB under the test engine's DATA_DIR, and a `UnitCatalog` over them built the way the server
 * builds it (features' column refs; 'latest' reads every job's segment, a job id only its own).
 */
import { type ChartVis, type DashboardFilter, type DataRow, defaultChartVis, type Series } from '@tessera/shared';
import { beforeAll } from 'vitest';
import { withConnection } from '../engine.ts';
import { writeSegment } from '../segments.ts';
import { type Source, segmentSource } from '../source.ts';
import { pathLiteral } from '../sql.ts';
import { useTestEngine } from '../testing.ts';
import type { FeatureType } from '../types.ts';
import { compileUnitQuery, runUnitQuery } from './index.ts';
import type { CatalogEntry, SourceKey, UnitCatalog, UnitQueryInput, UnitQueryResult } from './types.ts';

export interface FixtureColumn {
  dbName: string;
  physicalType: string;
}

/** Writes `rows` (SQL tuples, fixed test text) as the segment of one job; answers its path. */
export async function writeRows(
  dataDir: string,
  datasetId: string,
  jobId: string,
  columns: FixtureColumn[],
  rows: string[] | string,
): Promise<string> {
  const names = columns.map((c) => c.dbName).join(', ');
  const casts = columns.map((c) => `CAST(${c.dbName} AS ${c.physicalType}) AS ${c.dbName}`).join(', ');
  const relation = typeof rows === 'string' ? rows : `(VALUES ${rows.join(', ')}) AS v(${names})`;
  return writeSegment(dataDir, datasetId, jobId, (temp) =>
    withConnection(async (c) => {
      await c.run(`COPY (SELECT ${casts} FROM ${relation}) TO ${pathLiteral(temp)} (FORMAT parquet)`);
    }),
  );
}

export interface FixtureDataset {
  id: string;
  columns: FixtureColumn[];
  /** Segment path by job id, in import order. */
  jobs: Map<string, string>;
}

export interface FixtureFeature {
  id: string;
  datasetId: string;
  dbName: string;
  type: FeatureType;
  name?: string;
  precision?: CatalogEntry['precision'];
}

export function fixtureCatalog(datasets: FixtureDataset[], features: FixtureFeature[]): UnitCatalog {
  const entries = new Map<string, CatalogEntry>();
  for (const f of features) {
    const dataset = datasets.find((d) => d.id === f.datasetId);
    const column = dataset?.columns.find((c) => c.dbName === f.dbName);
    if (!column) throw new Error(`Fixture feature ${f.id} has no column`);
    entries.set(f.id, {
      id: f.id,
      datasetId: f.datasetId,
      name: f.name ?? f.id,
      ref: { dbName: f.dbName, type: f.type, castFrom: column.physicalType },
      precision: f.precision ?? null,
    });
  }
  return {
    feature: (id) => entries.get(id),
    source: (key: SourceKey): Source | undefined => {
      const dataset = datasets.find((d) => d.id === key.datasetId);
      if (!dataset) return undefined;
      const paths = key.jobId === 'latest' ? [...dataset.jobs.values()] : [dataset.jobs.get(key.jobId)];
      if (paths.some((p) => !p)) return undefined;
      return segmentSource(paths as string[], dataset.columns);
    },
  };
}

let counter = 0;
/** A series of a vis: a fresh id, the feature and the given fields. */
export function series(featureId: string, fields: Partial<Series> = {}): Series {
  return { id: `s${++counter}`, feature: { _id: featureId }, ...fields };
}

/** A data app filter (its `_id` generated). */
export function filter(
  featureId: string,
  type: DashboardFilter['type'],
  operation: DashboardFilter['operation'],
  value?: DashboardFilter['value'],
  option?: string,
): DashboardFilter {
  return {
    _id: `f${++counter}`,
    type,
    operation,
    feature: { id: featureId },
    ...(value !== undefined ? { value } : {}),
    ...(option ? { option } : {}),
  };
}

/**
 * The shared fixture, rows worked out by hand in the tests:
 *
 * sales (job j1)
 * | c0 id | c1 amount | c2 day              | c3 kind | c4 at    | c5 note | c6 qty |
 * |-------|-----------|---------------------|---------|----------|---------|--------|
 * | 1     | 10        | 2024-01-15 08:30:00 | a       | 08:30:00 | Hello   | 1      |
 * | 2     | 20        | 2024-02-20 13:45:00 | b       | 12:00:00 | World   | 2      |
 * | 3     | 30        | 2024-03-05 00:00:00 | a       | 18:45:00 | it's    | 3      |
 * | 4     | NULL      | 2023-12-31 23:00:00 | b       | NULL     | NULL    | 4      |
 * | 5     | 45        | NULL                | c       | 07:00:00 | x; --   | 5      |
 * | 6     | 0         | 2024-04-10 10:15:00 | a       | 23:00:00 | world   | 6      |
 *
 * targets (job t1): (a, 100), (b, 200), (d, 400). history: job h1 amounts 1, 2; job h2 amount 10.
 */
export const SALES_ROWS = [
  "(1, 10, '2024-01-15 08:30:00', 'a', '08:30:00', 'Hello', 1)",
  "(2, 20, '2024-02-20 13:45:00', 'b', '12:00:00', 'World', 2)",
  "(3, 30, '2024-03-05 00:00:00', 'a', '18:45:00', 'it''s', 3)",
  "(4, NULL, '2023-12-31 23:00:00', 'b', NULL, NULL, 4)",
  "(5, 45, NULL, 'c', '07:00:00', 'x; --', 5)",
  "(6, 0, '2024-04-10 10:15:00', 'a', '23:00:00', 'world', 6)",
];

const SALES_COLUMNS: FixtureColumn[] = [
  { dbName: 'c0', physicalType: 'BIGINT' },
  { dbName: 'c1', physicalType: 'DOUBLE' },
  { dbName: 'c2', physicalType: 'TIMESTAMP' },
  { dbName: 'c3', physicalType: 'VARCHAR' },
  { dbName: 'c4', physicalType: 'TIME' },
  { dbName: 'c5', physicalType: 'VARCHAR' },
  { dbName: 'c6', physicalType: 'BIGINT' },
];

export const FEATURES: FixtureFeature[] = [
  { id: 'id', datasetId: 'sales', dbName: 'c0', type: 'id' },
  { id: 'amount', datasetId: 'sales', dbName: 'c1', type: 'number' },
  { id: 'day', datasetId: 'sales', dbName: 'c2', type: 'date', precision: 'minute' },
  { id: 'dayOnly', datasetId: 'sales', dbName: 'c2', type: 'date', precision: 'day' },
  { id: 'kind', datasetId: 'sales', dbName: 'c3', type: 'category' },
  { id: 'at', datasetId: 'sales', dbName: 'c4', type: 'time' },
  { id: 'note', datasetId: 'sales', dbName: 'c5', type: 'text' },
  { id: 'qty', datasetId: 'sales', dbName: 'c6', type: 'number' },
  /** The amount column after a change of its type to category. */
  { id: 'amountText', datasetId: 'sales', dbName: 'c1', type: 'category' },
  { id: 'tkind', datasetId: 'targets', dbName: 'c0', type: 'category' },
  { id: 'target', datasetId: 'targets', dbName: 'c1', type: 'number' },
  { id: 'hamount', datasetId: 'history', dbName: 'c0', type: 'number' },
];

/** Writes the fixture's segments (call in beforeAll, after the engine is configured). */
export async function writeFixture(dataDir: string): Promise<{ catalog: UnitCatalog; datasets: FixtureDataset[] }> {
  const sales: FixtureDataset = { id: 'sales', columns: SALES_COLUMNS, jobs: new Map() };
  sales.jobs.set('j1', await writeRows(dataDir, 'sales', 'j1', SALES_COLUMNS, SALES_ROWS));
  const targetColumns = [
    { dbName: 'c0', physicalType: 'VARCHAR' },
    { dbName: 'c1', physicalType: 'DOUBLE' },
  ];
  const targets: FixtureDataset = { id: 'targets', columns: targetColumns, jobs: new Map() };
  targets.jobs.set(
    't1',
    await writeRows(dataDir, 'targets', 't1', targetColumns, ["('a', 100)", "('b', 200)", "('d', 400)"]),
  );
  const historyColumns = [{ dbName: 'c0', physicalType: 'DOUBLE' }];
  const history: FixtureDataset = { id: 'history', columns: historyColumns, jobs: new Map() };
  history.jobs.set('h1', await writeRows(dataDir, 'history', 'h1', historyColumns, ['(1)', '(2)']));
  history.jobs.set('h2', await writeRows(dataDir, 'history', 'h2', historyColumns, ['(10)']));
  const datasets = [sales, targets, history];
  return { catalog: fixtureCatalog(datasets, FEATURES), datasets };
}

/** A bucket with one axis entry holding `series`. */
export const axis = (...items: Series[]) => [{ series: items }];

/** A chart vis with the schema's defaults (a bar chart, no colours) and the given fields. */
export function chartVis(fields: Partial<ChartVis>): ChartVis {
  return { ...(defaultChartVis() as ChartVis), chartType: 'bar', colors: {}, ...fields };
}

export interface ChartFixture {
  /** The fixture's catalog (written in beforeAll: read it inside tests only). */
  readonly catalog: UnitCatalog;
  /** Compiles and runs a chart card over the fixture, with no dashboard filters unless `options` give some. */
  run(vis: ChartVis, options?: Partial<UnitQueryInput>): Promise<UnitQueryResult>;
}

/**
 * The chart tests' setup: a test engine for the file and the shared fixture written in its beforeAll.
 * Expected answers are worked out by hand from the fixture table above.
 */
export function useChartFixture(): ChartFixture {
  const engine = useTestEngine();
  let catalog: UnitCatalog | undefined;
  beforeAll(async () => {
    catalog = (await writeFixture(engine.dataDir)).catalog;
  }, 30_000);
  const written = () => {
    if (!catalog) throw new Error('The chart fixture is written in beforeAll: use it inside tests');
    return catalog;
  };
  return {
    get catalog() {
      return written();
    },
    async run(vis, options = {}) {
      const input = { type: 'chart', vis, filters: [], ...options } as UnitQueryInput;
      return runUnitQuery(compileUnitQuery(input, written()));
    },
  };
}

/** Rows as [key, value] pairs of the given series ids. */
export const pairs = (data: DataRow[] | DataRow, a: string, b: string) => (data as DataRow[]).map((r) => [r[a], r[b]]);
