import { readdir, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeClusteredCopy } from './clustered.ts';
import { withConnection } from './engine.ts';
import {
  clusteredSegmentPath,
  datasetDir,
  deleteSegment,
  listSegments,
  segmentPath,
  sweepTemporaries,
} from './segments.ts';
import { segmentSource } from './source.ts';
import { pathLiteral, queryOne, queryRows } from './sql.ts';
import { useTestEngine } from './testing.ts';
import { compileUnitQuery, runUnitQuery } from './unitQuery/index.ts';
import { axis, chartVis, filter, fixtureCatalog, series, writeRows } from './unitQuery/testing.ts';
import type { UnitCatalog, UnitQueryInput } from './unitQuery/types.ts';

const env = useTestEngine();

const COLUMNS = [
  { dbName: 'c0', physicalType: 'BIGINT' },
  { dbName: 'c1', physicalType: 'TIMESTAMP' },
  { dbName: 'c2', physicalType: 'VARCHAR' },
  { dbName: 'c3', physicalType: 'DOUBLE' },
];
/**
 * 300,000 rows (three row groups), dates over three years in scrambled order, one in a thousand NULL; whole
 * amounts, so that sums are exact whatever the order they are added in.
 */
const ROWS = `(SELECT i AS c0,
    CASE WHEN i % 1000 = 7 THEN NULL ELSE TIMESTAMP '2023-01-01' + to_seconds(CAST(hash(i) % 94608000 AS BIGINT)) END AS c1,
    ['books', 'games', 'toys', 'food'][CAST(hash(i * 3) % 4 AS INTEGER) + 1] AS c2,
    CAST(hash(i * 7) % 10000 AS DOUBLE) AS c3
  FROM range(300000) AS r(i))`;

const read = (file: string) => `read_parquet([${pathLiteral(file)}], file_row_number = true)`;

describe('writeClusteredCopy', () => {
  let plain = '';
  let copy = '';
  beforeAll(async () => {
    plain = await writeRows(env.dataDir, 'big', 'j1', COLUMNS, ROWS);
    copy = await writeClusteredCopy({ dataDir: env.dataDir, datasetId: 'big', jobId: 'j1', dbName: 'c1' });
  }, 60_000);

  it('writes exactly the segment rows, next to it, ordered by the date with NULLs last', async () => {
    expect(copy).toBe(clusteredSegmentPath(env.dataDir, 'big', 'j1'));
    expect((await readdir(datasetDir(env.dataDir, 'big'))).sort()).toEqual(['j1.clustered.parquet', 'j1.parquet']);
    // Never listed as a segment of its own.
    expect((await listSegments(env.dataDir, 'big')).map((s) => s.jobId)).toEqual(['j1']);
    await withConnection(async (c) => {
      const columns = 'c0, c1, c2, c3';
      const missing = await queryOne(
        c,
        `SELECT (SELECT count(*) FROM (SELECT ${columns} FROM ${read(plain)} EXCEPT ALL SELECT ${columns} FROM ${read(copy)})) AS a,
                (SELECT count(*) FROM (SELECT ${columns} FROM ${read(copy)} EXCEPT ALL SELECT ${columns} FROM ${read(plain)})) AS b,
                (SELECT count(*) FROM ${read(copy)}) AS n`,
      );
      expect(missing).toEqual({ a: 0, b: 0, n: 300000 });
      const disorder = await queryOne(
        c,
        `SELECT count(*) FILTER (WHERE prev > c1 OR (prev IS NULL AND prev_row IS NOT NULL AND c1 IS NOT NULL)) AS bad,
                count(*) FILTER (WHERE c1 IS NULL) AS nulls
           FROM (SELECT c1, lag(c1) OVER w AS prev, lag(c0) OVER w AS prev_row FROM ${read(copy)}
                 WINDOW w AS (ORDER BY file_row_number))`,
      );
      expect(disorder).toEqual({ bad: 0, nulls: 300 });
      // The segment itself is untouched: still in file order, dates scrambled.
      const plainOrder = await queryOne(
        c,
        `SELECT count(*) FILTER (WHERE c0 <> file_row_number) AS moved FROM ${read(plain)}`,
      );
      expect(plainOrder.moved).toBe(0);
    });
    // Three full reads of 300,000 rows each way: over 5 s when CI runs the other suites on the same two cores.
  }, 60_000);

  it('gives each row group its own slice of dates, which a date filter can skip', async () => {
    await withConnection(async (c) => {
      const groups = await queryRows(
        c,
        `SELECT row_group_id, stats_min_value AS lo, stats_max_value AS hi FROM parquet_metadata(${pathLiteral(copy)})
          WHERE path_in_schema = 'c1' ORDER BY row_group_id`,
      );
      expect(groups.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < groups.length; i++) expect(String(groups[i].lo) >= String(groups[i - 1].hi)).toBe(true);
    });
  });

  it('orders text dates by the date they read as, and refuses an unknown column', async () => {
    const textColumns = [
      { dbName: 'c0', physicalType: 'BIGINT' },
      { dbName: 'c1', physicalType: 'VARCHAR' },
    ];
    await writeRows(env.dataDir, 'text', 'j1', textColumns, [
      "(1, '2024-03-01')",
      "(2, 'soon')",
      "(3, '2023-12-31 10:00')",
      "(4, '2024-01-15')",
    ]);
    const file = await writeClusteredCopy({ dataDir: env.dataDir, datasetId: 'text', jobId: 'j1', dbName: 'c1' });
    const rows = await withConnection((c) => queryRows(c, `SELECT c0 FROM ${read(file)} ORDER BY file_row_number`));
    expect(rows.map((r) => r.c0)).toEqual([3, 4, 1, 2]);
    await expect(
      writeClusteredCopy({ dataDir: env.dataDir, datasetId: 'text', jobId: 'j1', dbName: 'c9' }),
    ).rejects.toThrow(/no column c9/);
  });

  it('writes nothing when aborted; deleting the segment removes the copy too', async () => {
    await writeRows(env.dataDir, 'gone', 'j1', COLUMNS, ROWS);
    const controller = new AbortController();
    controller.abort();
    await expect(
      writeClusteredCopy({
        dataDir: env.dataDir,
        datasetId: 'gone',
        jobId: 'j1',
        dbName: 'c1',
        signal: controller.signal,
      }),
    ).rejects.toThrow(/cancelled/);
    expect(await readdir(datasetDir(env.dataDir, 'gone'))).toEqual(['j1.parquet']);
    await writeClusteredCopy({ dataDir: env.dataDir, datasetId: 'gone', jobId: 'j1', dbName: 'c1' });
    expect(await deleteSegment(env.dataDir, 'gone', 'j1')).toBe(true);
    expect(await readdir(datasetDir(env.dataDir, 'gone'))).toEqual([]);
  });

  it('leaves an interrupted copy as a temporary that is never read and is swept at start-up', async () => {
    await writeRows(env.dataDir, 'crash', 'j1', COLUMNS, ROWS);
    const half = `${clusteredSegmentPath(env.dataDir, 'crash', 'j1').slice(0, -'.parquet'.length)}.0a1b2c3d4e5f.parquet.tmp`;
    await writeFile(half, 'half a copy');
    expect((await listSegments(env.dataDir, 'crash')).map((s) => s.jobId)).toEqual(['j1']);
    expect(await sweepTemporaries(env.dataDir)).toBeGreaterThanOrEqual(1);
    expect(await readdir(datasetDir(env.dataDir, 'crash'))).toEqual(['j1.parquet']);
  });
});

describe('the clustered relation in card queries', () => {
  let catalog: UnitCatalog;
  let plainPath = '';
  let copyPath = '';
  beforeAll(async () => {
    plainPath = segmentPath(env.dataDir, 'big', 'j1');
    copyPath = clusteredSegmentPath(env.dataDir, 'big', 'j1');
    const plainCatalog = fixtureCatalog(
      [{ id: 'big', columns: COLUMNS, jobs: new Map([['j1', plainPath]]) }],
      [
        { id: 'id', datasetId: 'big', dbName: 'c0', type: 'id' },
        { id: 'soldAt', datasetId: 'big', dbName: 'c1', type: 'date', precision: 'second' },
        { id: 'category', datasetId: 'big', dbName: 'c2', type: 'category' },
        { id: 'amount', datasetId: 'big', dbName: 'c3', type: 'number' },
      ],
    );
    catalog = {
      feature: plainCatalog.feature,
      source: () => segmentSource([plainPath], COLUMNS, { clusteredPaths: [copyPath] }),
    };
  });

  const sixMonths = () => [
    filter('category', 'category', 'equal', ['books', 'toys']),
    filter('soldAt', 'date', 'between', { from: '2024-01-01T00:00:00', to: '2024-06-30T00:00:00' }),
  ];
  /** Amounts by category; with `withList`, a tooltip also lists the ids of each category. */
  const byCategory = (withList = false) =>
    chartVis({
      independent: axis(series('category')),
      dependent: axis(series('amount', { operation: 'sum' })),
      ...(withList ? { tooltip: { series: [series('id', { operation: 'list' })] } } : {}),
    });
  const reads = (input: UnitQueryInput) => {
    const { sql } = compileUnitQuery(input, catalog);
    return { plain: sql.includes(pathLiteral(plainPath)), clustered: sql.includes(pathLiteral(copyPath)) };
  };

  it('has no clustered relation when no job has a copy', () => {
    expect(segmentSource([plainPath], COLUMNS).clustered).toBeUndefined();
    expect(segmentSource([plainPath], COLUMNS, { clusteredPaths: [plainPath] }).clustered).toBeUndefined();
    expect(() => segmentSource([plainPath], COLUMNS, { clusteredPaths: [] })).toThrow();
  });

  it('chart and KPI cards read the copy; tables and list operations read the rows in file order', () => {
    const chart: UnitQueryInput = { type: 'chart', vis: byCategory(), filters: sixMonths() };
    expect(reads(chart)).toEqual({ plain: false, clustered: true });
    const kpi: UnitQueryInput = {
      type: 'kpi',
      vis: { kpi: [series('amount', { operation: 'sum' })], filters: [] },
      filters: sixMonths(),
    };
    expect(reads(kpi)).toEqual({ plain: false, clustered: true });
    expect(reads({ type: 'chart', vis: byCategory(true), filters: [] })).toEqual({ plain: true, clustered: false });
    const listKpi: UnitQueryInput = {
      type: 'kpi',
      vis: { kpi: [series('amount', { operation: 'sum' }), series('id', { operation: 'list' })], filters: [] },
      filters: [],
    };
    expect(reads(listKpi)).toEqual({ plain: true, clustered: false });
    const sortedByList: UnitQueryInput = {
      type: 'chart',
      vis: { ...byCategory(), orderBy: [{ id: 'o1', value: 'id', operation: 'list', type: 'ASC' }] },
      filters: [],
    };
    expect(reads(sortedByList).clustered).toBe(false);
    const table: UnitQueryInput = {
      type: 'table',
      vis: { table: [{ id: 't1', feature: { _id: 'amount' } }], filters: [] },
      filters: sixMonths(),
    } as UnitQueryInput;
    expect(reads(table)).toEqual({ plain: true, clustered: false });
  });

  it('answers the same on the copy as on the segment', async () => {
    const vis = byCategory();
    const clustered = await runUnitQuery(compileUnitQuery({ type: 'chart', vis, filters: sixMonths() }, catalog));
    const plainCatalog: UnitCatalog = { ...catalog, source: () => segmentSource([plainPath], COLUMNS) };
    const plain = await runUnitQuery(compileUnitQuery({ type: 'chart', vis, filters: sixMonths() }, plainCatalog));
    expect((clustered.data as unknown[]).length).toBe(2);
    expect(clustered.data).toEqual(plain.data);
  });
});
