import { describe, expect, it } from 'vitest';
import { QueryError } from './errors.ts';
import { compileFilter, type Filter, filterOperations } from './filters.ts';
import { readDataset } from './query.ts';
import { type Source, segmentSource } from './source.ts';
import { Params } from './sql.ts';
import { useTestEngine } from './testing.ts';
import type { ColumnRef } from './types.ts';

useTestEngine();

/**
 * Six rows in memory. Expected answers below are the ids, worked out by hand from this table.
 *
 * | id | amount | day                 | at       | kind | note          |
 * |----|--------|---------------------|----------|------|---------------|
 * | 1  | 10     | 2024-01-05 00:00:00 | 08:30:00 | a    | Hello World   |
 * | 2  | NULL   | 2024-02-10 13:00:00 | 12:00:00 | b    | ''            |
 * | 3  | 7.5    | 2023-12-31 23:59:00 | 18:45:00 | a    | hello again   |
 * | 4  | 20     | 2024-01-20 00:00:00 | NULL     | c    | NULL          |
 * | 5  | -3     | NULL                | 07:00:00 | NULL | say "hi"; --  |
 * | 6  | 0      | 2024-01-31 10:00:00 | 23:00:00 | a    | world         |
 */
const rows = [
  "(1, 10, TIMESTAMP '2024-01-05 00:00:00', TIME '08:30:00', 'a', 'Hello World')",
  "(2, NULL, TIMESTAMP '2024-02-10 13:00:00', TIME '12:00:00', 'b', '')",
  "(3, 7.5, TIMESTAMP '2023-12-31 23:59:00', TIME '18:45:00', 'a', 'hello again')",
  "(4, 20, TIMESTAMP '2024-01-20 00:00:00', NULL, 'c', NULL)",
  "(5, -3, NULL, TIME '07:00:00', NULL, 'say \"hi\"; --')",
  "(6, 0, TIMESTAMP '2024-01-31 10:00:00', TIME '23:00:00', 'a', 'world')",
];
const source: Source = {
  sql: `(SELECT CAST(c0 AS BIGINT) AS c0, CAST(c1 AS DOUBLE) AS c1, c2, c3, c4, c5 FROM (VALUES ${rows.join(', ')}) AS v(c0, c1, c2, c3, c4, c5))`,
  columns: [
    { dbName: 'c0', physicalType: 'BIGINT' },
    { dbName: 'c1', physicalType: 'DOUBLE' },
    { dbName: 'c2', physicalType: 'TIMESTAMP' },
    { dbName: 'c3', physicalType: 'TIME' },
    { dbName: 'c4', physicalType: 'VARCHAR' },
    { dbName: 'c5', physicalType: 'VARCHAR' },
  ],
};
const id: ColumnRef = { dbName: 'c0', type: 'id', castFrom: 'BIGINT' };
const amount: ColumnRef = { dbName: 'c1', type: 'number', castFrom: 'DOUBLE' };
const day: ColumnRef = { dbName: 'c2', type: 'date', castFrom: 'TIMESTAMP' };
const at: ColumnRef = { dbName: 'c3', type: 'time', castFrom: 'TIME' };
const kind: ColumnRef = { dbName: 'c4', type: 'category', castFrom: 'VARCHAR' };
const note: ColumnRef = { dbName: 'c5', type: 'text', castFrom: 'VARCHAR' };

async function ids(filter: Filter): Promise<number[]> {
  const result = await readDataset({
    source,
    columns: [id],
    filters: [filter],
    orderBy: [{ column: id, direction: 'ASC' }],
  });
  return result.rows.map((r) => r.c0 as number);
}

describe('filters against hand-computed answers', () => {
  const cases: [string, Filter, number[]][] = [
    ['number greater', { column: amount, operation: 'greater', value: 7.5 }, [1, 4]],
    ['number less', { column: amount, operation: 'less', value: 0 }, [5]],
    ['number equal (text input)', { column: amount, operation: 'equal', value: '10' }, [1]],
    ['number not-equal keeps empty cells', { column: amount, operation: 'not-equal', value: 10 }, [2, 3, 4, 5, 6]],
    ['number greater-equal', { column: amount, operation: 'greater-equal', value: 10 }, [1, 4]],
    ['number less-equal', { column: amount, operation: 'less-equal', value: 0 }, [5, 6]],
    ['number between (inclusive)', { column: amount, operation: 'between', from: 0, to: 10 }, [1, 3, 6]],
    ['number empty', { column: amount, operation: 'empty' }, [2]],
    ['number not-empty', { column: amount, operation: 'not-empty' }, [1, 3, 4, 5, 6]],
    [
      'date between, a date-only end covers its day',
      { column: day, operation: 'between', from: '2024-01-05', to: '2024-01-31' },
      [1, 4, 6],
    ],
    ['date before', { column: day, operation: 'before', to: '2024-01-05' }, [1, 3]],
    ['date after', { column: day, operation: 'after', from: '2024-01-20' }, [2, 4, 6]],
    ['date after a date-time', { column: day, operation: 'after', from: '2024-01-31T10:00:01' }, [2]],
    ['date on a day', { column: day, operation: 'on', value: '2024-02-10' }, [2]],
    [
      'date on days of week (0 = Sunday)',
      { column: day, operation: 'on', dateItems: { part: 'dow', values: [0, 3] } },
      [3, 6],
    ],
    ['date on months', { column: day, operation: 'on', dateItems: { part: 'month', values: [12] } }, [3]],
    ['date last 100000 days', { column: day, operation: 'last', duration: 100000, unit: 'day' }, [1, 2, 3, 4, 6]],
    ['date last 0 minutes', { column: day, operation: 'last', duration: 0, unit: 'minute' }, []],
    ['date empty', { column: day, operation: 'empty' }, [5]],
    ['time before', { column: at, operation: 'before', value: '08:30' }, [5]],
    ['time after', { column: at, operation: 'after', value: '12:00:00' }, [3, 6]],
    ['time equal', { column: at, operation: 'equal', value: '12:00' }, [2]],
    ['time between', { column: at, operation: 'between', from: '08:00', to: '19:00' }, [1, 2, 3]],
    ['time empty', { column: at, operation: 'empty' }, [4]],
    ['category equal several', { column: kind, operation: 'equal', values: ['a', 'c'] }, [1, 3, 4, 6]],
    ['category not-equal keeps empty cells', { column: kind, operation: 'not-equal', values: ['a'] }, [2, 4, 5]],
    ['category equal one value', { column: kind, operation: 'equal', value: 'b' }, [2]],
    ['text contains (any case)', { column: note, operation: 'contains', value: 'WORLD' }, [1, 6]],
    ['text begins-with', { column: note, operation: 'begins-with', value: 'hello' }, [1, 3]],
    ['text ends-with', { column: note, operation: 'ends-with', value: 'Again' }, [3]],
    ['text equal is exact', { column: note, operation: 'equal', value: 'world' }, [6]],
    ['text with quotes and a comment is only a value', { column: note, operation: 'contains', value: '"hi"; --' }, [5]],
    ['text empty counts empty strings', { column: note, operation: 'empty' }, [2, 4]],
    ['text not-empty', { column: note, operation: 'not-empty' }, [1, 3, 5, 6]],
    ['id equal', { column: id, operation: 'equal', values: ['3', '5'] }, [3, 5]],
  ];
  for (const [label, filter, expected] of cases) {
    it(label, async () => {
      expect(await ids(filter)).toEqual(expected);
    });
  }
});

describe('filter SQL', () => {
  it('depends on the column and operation only, never on the values', () => {
    const sql = (f: Filter) => compileFilter(f, new Params());
    const pairs: [Filter, Filter][] = [
      [
        { column: note, operation: 'contains', value: 'a' },
        { column: note, operation: 'contains', value: "x'); DROP TABLE t; --" },
      ],
      [
        { column: kind, operation: 'equal', values: ['a'] },
        { column: kind, operation: 'equal', values: ['b', "c'", 'd\\', '🙂'] },
      ],
      [
        { column: amount, operation: 'between', from: 1, to: 2 },
        { column: amount, operation: 'between', from: -1e300, to: 1e300 },
      ],
      [
        { column: day, operation: 'between', from: '2024-01-01', to: '2024-01-02' },
        { column: day, operation: 'between', from: '2024-01-01T10:00:00Z', to: '2024-01-02T12:00:00+02:00' },
      ],
    ];
    for (const [a, b] of pairs) expect(sql(a)).toBe(sql(b));
    const params = new Params();
    expect(compileFilter({ column: note, operation: 'contains', value: "x'; --" }, params)).not.toContain("x'");
    expect(params.values).toEqual(["x'; --"]);
  });

  it('refuses a filter that does not fit its column', () => {
    const bad: Filter[] = [
      { column: note, operation: 'greater', value: 1 },
      { column: amount, operation: 'contains', value: '1' },
      { column: amount, operation: 'greater', value: 'abc' },
      { column: amount, operation: 'between', from: 5, to: 1 },
      { column: day, operation: 'between', from: 'yesterday', to: '2024-01-01' },
      { column: day, operation: 'last', duration: 1.5, unit: 'day' },
      { column: day, operation: 'last', duration: 3, unit: 'fortnight' as 'day' },
      { column: day, operation: 'on', dateItems: { part: 'dow', values: [7] } },
      { column: at, operation: 'before', value: '25:00' },
      { column: kind, operation: 'equal', values: [] },
      { column: note, operation: 'contains', value: '' },
      { column: note, operation: 'matches' as 'contains', value: 'x' },
    ];
    for (const f of bad) expect(() => compileFilter(f, new Params()), JSON.stringify(f)).toThrow(QueryError);
    try {
      compileFilter(bad[0], new Params());
    } catch (error) {
      expect((error as QueryError).code).toBe('bad-filter');
    }
  });

  it('lists the operations of each type', () => {
    expect(filterOperations('time')).toEqual(['empty', 'not-empty', 'before', 'after', 'equal', 'between']);
    expect(filterOperations('category')).toContain('begins-with');
  });

  it('segment sources accept the same filters', async () => {
    const empty = segmentSource([], source.columns);
    const result = await readDataset({
      source: empty,
      columns: [id],
      filters: [{ column: note, operation: 'contains', value: 'x' }],
    });
    expect(result).toEqual({ rows: [], total: 0 });
  });
});
