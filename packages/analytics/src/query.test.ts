import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryError } from './errors.ts';
import { type IngestResult, ingestCsv } from './ingest.ts';
import { categories, columnStats, readDataset, uniqueValues } from './query.ts';
import { deleteSegment, listSegments } from './segments.ts';
import type { Source } from './source.ts';
import { datasetSource, refs, useTestEngine } from './testing.ts';
import type { ColumnRef } from './types.ts';

const env = useTestEngine();

const PEOPLE = `id,name,amount,day,at,kind
1,Alice,10.5,2024-01-05,08:30:00,a
2,Bob,,2024-02-10,12:00:00,b
3,Chloé,7,2023-12-31,18:45:00,a
4,dave,20,2024-01-20,,c
5,Eve,3.25,,07:00:00,a
`;
const MORE = `kind,at,day,amount,name,id
b,09:00:00,2024-03-01,100,Frank,6
a,10:00:00,2024-03-02,200,Grace,7
`;

let result: IngestResult;
let source: Source;
let cols: ColumnRef[];
const col = (name: string) => cols[result.columns.findIndex((c) => c.name === name)];

beforeAll(async () => {
  const file = path.join(env.dataDir, 'people.csv');
  await writeFile(file, PEOPLE);
  result = await ingestCsv({ dataDir: env.dataDir, datasetId: 'people', jobId: 'upload', csvPath: file });
  source = await datasetSource(env.dataDir, 'people', result);
  cols = refs(result);
});

describe('readDataset', () => {
  it('detects the features of the file', () => {
    expect(result.columns.map((c) => [c.name, c.dbName, c.type])).toEqual([
      ['id', 'c0', 'id'],
      ['name', 'c1', 'text'],
      ['amount', 'c2', 'number'],
      ['day', 'c3', 'date'],
      ['at', 'c4', 'time'],
      ['kind', 'c5', 'category'],
    ]);
  });

  it('answers rows keyed by db name, in file order, with the total', async () => {
    const { rows, total } = await readDataset({ source, columns: cols, page: 1, limit: 2 });
    expect(total).toBe(5);
    expect(rows).toEqual([
      { c0: 1, c1: 'Alice', c2: 10.5, c3: '2024-01-05', c4: '08:30:00', c5: 'a' },
      { c0: 2, c1: 'Bob', c2: null, c3: '2024-02-10', c4: '12:00:00', c5: 'b' },
    ]);
    const page3 = await readDataset({ source, columns: [col('id')], page: 3, limit: 2 });
    expect(page3).toEqual({ rows: [{ c0: 5 }], total: 5 });
    expect((await readDataset({ source, columns: [col('id')], page: 4, limit: 2 })).rows).toEqual([]);
  });

  it('orders with nulls last, ascending and descending', async () => {
    const asc = await readDataset({
      source,
      columns: [col('id')],
      orderBy: [{ column: col('amount'), direction: 'ASC' }],
    });
    expect(asc.rows.map((r) => r.c0)).toEqual([5, 3, 1, 4, 2]);
    const desc = await readDataset({
      source,
      columns: [col('id')],
      orderBy: [{ column: col('day'), direction: 'DESC' }],
    });
    expect(desc.rows.map((r) => r.c0)).toEqual([2, 4, 1, 3, 5]);
  });

  it('filters, and counts the total after filtering', async () => {
    const { rows, total } = await readDataset({
      source,
      columns: [col('id')],
      filters: [
        { column: col('amount'), operation: 'greater-equal', value: 7 },
        { column: col('kind'), operation: 'equal', values: ['a', 'c'] },
      ],
    });
    expect(rows.map((r) => r.c0)).toEqual([1, 3, 4]);
    expect(total).toBe(3);
  });

  it('reads a feature as its changed type (a cast at query time)', async () => {
    const amountAsText: ColumnRef = { ...col('amount'), type: 'text' };
    const idAsNumber: ColumnRef = { ...col('id'), type: 'number' };
    const { rows } = await readDataset({ source, columns: [amountAsText, idAsNumber], limit: 2 });
    expect(rows).toEqual([
      { c2: '10.5', c0: 1 },
      { c2: null, c0: 2 },
    ]);
  });

  it('refuses columns outside the catalog, and bad pages', async () => {
    const ghost: ColumnRef = { dbName: 'c99', type: 'text', castFrom: 'VARCHAR' };
    await expect(readDataset({ source, columns: [ghost] })).rejects.toThrow(QueryError);
    await expect(readDataset({ source, columns: [{ ...ghost, dbName: 'c0 OR 1=1' }] })).rejects.toThrow(QueryError);
    await expect(readDataset({ source, columns: cols, page: 0 })).rejects.toMatchObject({ code: 'bad-page' });
    await expect(readDataset({ source, columns: cols, limit: 10_001 })).rejects.toMatchObject({ code: 'bad-page' });
    await expect(
      readDataset({ source, columns: cols, orderBy: [{ column: col('id'), direction: 'ASC; DROP' as 'ASC' }] }),
    ).rejects.toMatchObject({ code: 'bad-order' });
  });
});

describe('values, categories and stats', () => {
  it('unique values in ascending order, without empty cells', async () => {
    expect(await uniqueValues(source, col('kind'))).toEqual(['a', 'b', 'c']);
    expect(await uniqueValues(source, col('amount'), { limit: 2 })).toEqual([3.25, 7]);
  });

  it('categories with counts, most frequent first', async () => {
    expect(await categories(source, col('kind'))).toEqual([
      { value: 'a', count: 3 },
      { value: 'b', count: 1 },
      { value: 'c', count: 1 },
    ]);
  });

  it('column stats for numbers, dates and text', async () => {
    expect(await columnStats(source, col('amount'))).toEqual({
      min: 3.25,
      max: 20,
      avg: (10.5 + 7 + 20 + 3.25) / 4,
      count: 4,
      nulls: 1,
      distinct: 4,
    });
    expect(await columnStats(source, col('day'))).toMatchObject({
      min: '2023-12-31',
      max: '2024-02-10',
      avg: null,
      nulls: 1,
    });
    expect(await columnStats(source, col('name'))).toMatchObject({ min: 'Alice', max: 'dave', count: 5, distinct: 5 });
  });
});

describe('appends and job data', () => {
  it('an append adds its rows; deleting its job removes exactly those rows', async () => {
    const file = path.join(env.dataDir, 'more.csv');
    await writeFile(file, MORE);
    await ingestCsv({
      dataDir: env.dataDir,
      datasetId: 'people',
      jobId: 'append',
      csvPath: file,
      expectedColumns: result.columns.map((c) => ({ name: c.name, dbName: c.dbName, physicalType: c.physicalType })),
    });
    const both = await datasetSource(env.dataDir, 'people', result);
    const all = await readDataset({ source: both, columns: [col('id'), col('name')] });
    expect(all.total).toBe(7);
    expect(all.rows.map((r) => r.c1)).toEqual(['Alice', 'Bob', 'Chloé', 'dave', 'Eve', 'Frank', 'Grace']);
    expect(await columnStats(both, col('amount'))).toMatchObject({ max: 200, count: 6 });

    // One job's rows: the source of that job's segment only.
    const segments = await listSegments(env.dataDir, 'people');
    expect(segments.map((s) => s.jobId)).toEqual(['upload', 'append']);

    expect(await deleteSegment(env.dataDir, 'people', 'append')).toBe(true);
    const after = await readDataset({
      source: await datasetSource(env.dataDir, 'people', result),
      columns: [col('name')],
    });
    expect(after.rows.map((r) => r.c1)).toEqual(['Alice', 'Bob', 'Chloé', 'dave', 'Eve']);
    expect(await deleteSegment(env.dataDir, 'people', 'append')).toBe(false);
  });

  it('a dataset without segments reads as empty, with its columns', async () => {
    const empty = await datasetSource(env.dataDir, 'no-such-dataset', result);
    expect(await readDataset({ source: empty, columns: cols })).toEqual({ rows: [], total: 0 });
    expect(await columnStats(empty, col('amount'))).toMatchObject({ min: null, max: null, count: 0 });
  });
});
