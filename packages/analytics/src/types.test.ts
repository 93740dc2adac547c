import { describe, expect, it } from 'vitest';
import { withConnection } from './engine.ts';
import { QueryError } from './errors.ts';
import { ingestCsv } from './ingest.ts';
import { segmentSource } from './source.ts';
import { type Cell, queryRows } from './sql.ts';
import { fixture, useTestEngine } from './testing.ts';
import { castExpression, type FeatureType, physicalKind, previewCast } from './types.ts';

const env = useTestEngine();

/** Evaluates castExpression over SQL literals of a physical type. */
async function cast(physicalType: string, values: string[], target: FeatureType): Promise<Cell[]> {
  const rows = values.map((v) => `(CAST(${v} AS ${physicalType}))`).join(', ');
  const sql = `SELECT ${castExpression('c0', physicalType, target)} AS v FROM (VALUES ${rows}) AS t(c0)`;
  return (await withConnection((c) => queryRows(c, sql))).map((r) => r.v);
}

describe('castExpression table (never fails: what does not fit is NULL)', () => {
  const cases: [string, string[], FeatureType, Cell[]][] = [
    ['VARCHAR', ["'1.5'", "'abc'", "'2,5'", "' 7 '", 'NULL'], 'number', [1.5, null, 2.5, 7, null]],
    ['BIGINT', ['3', '-4'], 'number', [3, -4]],
    ['BOOLEAN', ['true', 'false'], 'number', [1, 0]],
    ['DATE', ["'2024-01-02'"], 'number', [null]],
    [
      'VARCHAR',
      ["'2024-01-02'", "'2024-01-02 10:30:00'", "'31/12/2023'", "'2023-07'", "'soon'"],
      'date',
      ['2024-01-02 00:00:00', '2024-01-02 10:30:00', '2023-12-31 00:00:00', '2023-07-01 00:00:00', null],
    ],
    ['BIGINT', ['2021', '0', '123456'], 'date', ['2021-01-01 00:00:00', null, null]],
    ['DATE', ["'2024-01-02'"], 'date', ['2024-01-02']],
    ['DOUBLE', ['1.5'], 'date', [null]],
    ['VARCHAR', ["'10:30'", "'25:00'", "'noon'"], 'time', ['10:30:00', null, null]],
    ['TIMESTAMP', ["'2024-01-02 08:15:00'"], 'time', ['08:15:00']],
    ['BIGINT', ['12'], 'time', [null]],
    ['BIGINT', ['12', '7'], 'category', ['12', '7']],
    ['DOUBLE', ['1.5'], 'text', ['1.5']],
    ['DATE', ["'2024-01-02'"], 'text', ['2024-01-02']],
    ['BIGINT', ['42'], 'id', [42]],
    ['DOUBLE', ['4.5'], 'id', ['4.5']],
    ['VARCHAR', ["'x'"], 'text', ['x']],
  ];
  for (const [physicalType, values, target, expected] of cases) {
    it(`${physicalType} as ${target}: ${values.join(' ')}`, async () => {
      expect(await cast(physicalType, values, target)).toEqual(expected);
    });
  }

  it('refuses a column name that is not a catalog name, and an unknown type', () => {
    expect(() => castExpression('c0"; DROP TABLE x; --', 'VARCHAR', 'text')).toThrow(QueryError);
    expect(() => castExpression('c0', 'VARCHAR', 'bogus' as FeatureType)).toThrow(QueryError);
  });
});

describe('physicalKind', () => {
  it('groups DuckDB types', () => {
    expect(['BIGINT', 'INTEGER', 'HUGEINT', 'UTINYINT'].map(physicalKind)).toEqual([
      'integer',
      'integer',
      'integer',
      'integer',
    ]);
    expect(['DOUBLE', 'FLOAT', 'DECIMAL(18,3)'].map(physicalKind)).toEqual(['float', 'float', 'decimal']);
    expect(['DATE', 'TIMESTAMP', 'TIMESTAMP WITH TIME ZONE', 'TIME'].map(physicalKind)).toEqual([
      'date',
      'timestamp',
      'timestamp',
      'time',
    ]);
    expect(['VARCHAR', 'BOOLEAN', 'BLOB'].map(physicalKind)).toEqual(['string', 'boolean', 'other']);
  });
});

describe('previewCast (the type dialog)', () => {
  it('shows the stored values beside the cast ones, in row order', async () => {
    const result = await ingestCsv({
      dataDir: env.dataDir,
      datasetId: 'preview1',
      jobId: 'j1',
      csvPath: fixture('spectrum/escaped_quotes.csv'),
    });
    const source = segmentSource(
      [result.segmentPath],
      result.columns.map((c) => ({ dbName: c.dbName, physicalType: c.physicalType })),
    );
    expect(await previewCast(source, 'c1', 'number', 4)).toEqual([
      { original: 'ha "ha" ha', value: null },
      { original: '4', value: 4 },
    ]);
    expect(await previewCast(source, 'c0', 'text', 1)).toEqual([{ original: 1, value: '1' }]);
    await expect(previewCast(source, 'c9', 'text')).rejects.toThrow(QueryError);
  });
});
