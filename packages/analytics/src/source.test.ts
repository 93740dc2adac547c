import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryError } from './errors.ts';
import { type IngestResult, ingestCsv } from './ingest.ts';
import { readDataset } from './query.ts';
import { listSegments } from './segments.ts';
import { describeSegments, joinedSource, type Source, segmentSource } from './source.ts';
import { datasetSource, useTestEngine } from './testing.ts';
import type { ColumnRef } from './types.ts';

const env = useTestEngine();

const ORDERS = 'order,customer,total\n1,10,5\n2,20,7\n3,10,1\n4,40,9\n';
const CUSTOMERS = 'customer,name\n10,Ann\n20,Ben\n30,Cid\n';

async function ingest(datasetId: string, jobId: string, text: string, expected?: IngestResult): Promise<IngestResult> {
  const file = path.join(env.dataDir, `${datasetId}-${jobId}.csv`);
  await writeFile(file, text);
  return ingestCsv({
    dataDir: env.dataDir,
    datasetId,
    jobId,
    csvPath: file,
    expectedColumns: expected?.columns.map((c) => ({ name: c.name, dbName: c.dbName, physicalType: c.physicalType })),
  });
}

let orders: IngestResult;
let customers: IngestResult;
beforeAll(async () => {
  orders = await ingest('orders', 'j1', ORDERS);
  customers = await ingest('customers', 'j1', CUSTOMERS);
});

/** All rows of a joined source, as [order, customer, total, customer, name], sorted for comparison. */
async function joinedRows(source: Source): Promise<unknown[][]> {
  const columns: ColumnRef[] = source.columns.map((c) => ({
    dbName: c.dbName,
    castFrom: c.physicalType,
    type: c.physicalType === 'VARCHAR' ? 'text' : 'number',
  }));
  const { rows } = await readDataset({
    source,
    columns,
    orderBy: [
      { column: columns[0], direction: 'ASC' },
      { column: columns[3], direction: 'ASC' },
    ],
  });
  return rows.map((r) => columns.map((c) => r[c.dbName]));
}

async function join(type: 'full' | 'left' | 'inner'): Promise<Source> {
  return joinedSource({
    left: await datasetSource(env.dataDir, 'orders', orders),
    right: await datasetSource(env.dataDir, 'customers', customers),
    on: [['c1', 'c0']],
    type,
  });
}

describe('joinedSource', () => {
  it('names columns l_ and r_ after their sources', async () => {
    expect((await join('inner')).columns.map((c) => c.dbName)).toEqual(['l_c0', 'l_c1', 'l_c2', 'r_c0', 'r_c1']);
  });

  it('inner join: only matching rows', async () => {
    expect(await joinedRows(await join('inner'))).toEqual([
      [1, 10, 5, 10, 'Ann'],
      [2, 20, 7, 20, 'Ben'],
      [3, 10, 1, 10, 'Ann'],
    ]);
  });

  it('left join: every left row, empty where nothing matches', async () => {
    expect(await joinedRows(await join('left'))).toEqual([
      [1, 10, 5, 10, 'Ann'],
      [2, 20, 7, 20, 'Ben'],
      [3, 10, 1, 10, 'Ann'],
      [4, 40, 9, null, null],
    ]);
  });

  it('full join: every row of both sides', async () => {
    expect(await joinedRows(await join('full'))).toEqual([
      [1, 10, 5, 10, 'Ann'],
      [2, 20, 7, 20, 'Ben'],
      [3, 10, 1, 10, 'Ann'],
      [4, 40, 9, null, null],
      [null, null, null, 30, 'Cid'],
    ]);
  });

  it('follows its sources: an append to a source shows in the join', async () => {
    await ingest('customers', 'j2', 'customer,name\n40,Dan\n', customers);
    expect((await listSegments(env.dataDir, 'customers')).length).toBe(2);
    const rows = await joinedRows(await join('left'));
    expect(rows[3]).toEqual([4, 40, 9, 40, 'Dan']);
  });

  it('keys of different kinds are compared as text', async () => {
    const codes = await ingest('codes', 'j1', 'code,label\n10,ten\nx,ex\n20,twenty\n');
    expect(codes.columns[0].physicalType).toBe('VARCHAR');
    const source = joinedSource({
      left: await datasetSource(env.dataDir, 'orders', orders),
      right: await datasetSource(env.dataDir, 'codes', codes),
      on: [['c1', 'c0']],
      type: 'inner',
    });
    const rows = await joinedRows(source);
    expect(rows.map((r) => [r[0], r[4]])).toEqual([
      [1, 'ten'],
      [2, 'twenty'],
      [3, 'ten'],
    ]);
  });

  it('refuses unknown columns and join types', async () => {
    const left = await datasetSource(env.dataDir, 'orders', orders);
    const right = await datasetSource(env.dataDir, 'customers', customers);
    expect(() => joinedSource({ left, right, on: [['c9', 'c0']], type: 'inner' })).toThrow(QueryError);
    expect(() => joinedSource({ left, right, on: [], type: 'inner' })).toThrow(QueryError);
    expect(() => joinedSource({ left, right, on: [['c1', 'c0']], type: 'cross' as 'inner' })).toThrow(QueryError);
  });
});

describe('segmentSource and describeSegments', () => {
  it('reports the unified types of several segments (an append that widened a column)', async () => {
    const first = await ingest('wide', 'j1', 'n\n1\n2\n');
    await ingest('wide', 'j2', 'n\nabc\n', first);
    const paths = (await listSegments(env.dataDir, 'wide')).map((s) => s.path);
    expect(await describeSegments(paths)).toEqual([{ dbName: 'c0', physicalType: 'VARCHAR' }]);
    const source = segmentSource(paths, [{ dbName: 'c0', physicalType: 'VARCHAR' }]);
    const { rows } = await readDataset({ source, columns: [{ dbName: 'c0', type: 'text', castFrom: 'VARCHAR' }] });
    expect(rows.map((r) => r.c0)).toEqual(['1', '2', 'abc']);
  });

  it('refuses names that are not catalog names', () => {
    expect(() => segmentSource([], [{ dbName: 'x"y', physicalType: 'VARCHAR' }])).toThrow(QueryError);
    expect(() =>
      segmentSource(
        [],
        [
          { dbName: 'a', physicalType: 'VARCHAR' },
          { dbName: 'a', physicalType: 'BIGINT' },
        ],
      ),
    ).toThrow(QueryError);
  });
});
