import { describe, expect, it } from 'vitest';
import { categoryLimit, detectColumns, isIdName } from './detect.ts';
import { withConnection } from './engine.ts';
import type { Source } from './source.ts';
import { useTestEngine } from './testing.ts';

useTestEngine();

/** A one-column in-memory source: `values` are SQL literals of `physicalType` (NULL allowed). */
function column(physicalType: string, values: string[]): Source {
  const rows = values.map((v) => `(CAST(${v} AS ${physicalType}))`).join(', ');
  return { sql: `(SELECT * FROM (VALUES ${rows}) AS v(c0))`, columns: [{ dbName: 'c0', physicalType }] };
}

async function detect(name: string, physicalType: string, values: string[]) {
  const source = column(physicalType, values);
  const { columns } = await withConnection((c) => detectColumns(c, source, [{ dbName: 'c0', name, physicalType }]));
  return columns[0];
}

const ints = (n: number, f: (i: number) => number = (i) => i) => Array.from({ length: n }, (_, i) => String(f(i)));
const strs = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => `'${f(i)}'`);
const uuid = (i: number) => `${String(i).padStart(8, '0')}-aaaa-4bbb-8ccc-${String(i).padStart(12, '0')}`;

describe('type detection table', () => {
  const cases: [string, string, string, string[], string, string?][] = [
    // [case, header, physical type, values, expected type, expected precision]
    ['unique integers named id', 'id', 'BIGINT', ints(30), 'id'],
    ['unique integers named user_id', 'user_id', 'BIGINT', ints(30), 'id'],
    ['unique integers named customerId', 'customerId', 'INTEGER', ints(30), 'id'],
    ['unique integers with an ordinary name', 'amount', 'BIGINT', ints(30), 'number'],
    ['an id column with a repeat', 'id', 'BIGINT', [...ints(29), '3'], 'number'],
    ['an id column with an empty cell', 'id', 'BIGINT', [...ints(29), 'NULL'], 'number'],
    ['unique strings named order_id', 'order_id', 'VARCHAR', strs(30, (i) => `A-${i}`), 'id'],
    ['unique UUIDs with an ordinary name', 'reference', 'VARCHAR', strs(30, uuid), 'id'],
    ['unique names', 'name', 'VARCHAR', strs(30, (i) => `Person ${i}`), 'text'],
    ['3 colours over 30 rows', 'colour', 'VARCHAR', strs(30, (i) => ['red', 'green', 'blue'][i % 3]), 'category'],
    ['20 values repeating over 100 rows', 'code', 'VARCHAR', strs(100, (i) => `k${i % 20}`), 'category'],
    ['25 values repeating over 100 rows (limit 20)', 'code', 'VARCHAR', strs(100, (i) => `k${i % 25}`), 'text'],
    ['25 values repeating over 1000 rows (limit 50)', 'code', 'VARCHAR', strs(1000, (i) => `k${i % 25}`), 'category'],
    ['5 values, none repeating', 'city', 'VARCHAR', strs(5, (i) => `c${i}`), 'text'],
    ['decimals', 'price', 'DOUBLE', ['1.5', '2.25', '1.5'], 'number'],
    ['fixed-point decimals', 'price', 'DECIMAL(10,2)', ['1.50', '2.25'], 'number'],
    ['booleans', 'active', 'BOOLEAN', ['true', 'false', 'true'], 'category'],
    ['dates', 'day', 'DATE', ["'2024-01-01'", "'2024-01-02'"], 'date', 'day'],
    ['first days of months', 'month', 'DATE', ["'2024-01-01'", "'2024-03-01'"], 'date', 'month'],
    ['first days of years', 'year', 'DATE', ["'2023-01-01'", "'2024-01-01'"], 'date', 'year'],
    ['timestamps on the hour', 'at', 'TIMESTAMP', ["'2024-01-01 10:00:00'", "'2024-01-01 00:00:00'"], 'date', 'hour'],
    [
      'timestamps on the minute',
      'at',
      'TIMESTAMP',
      ["'2024-01-01 10:30:00'", "'2024-01-01 11:00:00'"],
      'date',
      'minute',
    ],
    [
      'timestamps with seconds',
      'at',
      'TIMESTAMP',
      ["'2024-01-01 10:30:05'", "'2024-01-01 11:00:00'"],
      'date',
      'second',
    ],
    [
      'timestamps at midnight only',
      'at',
      'TIMESTAMP',
      ["'2024-01-05 00:00:00'", "'2024-02-01 00:00:00'"],
      'date',
      'day',
    ],
    ['times of day', 'opens', 'TIME', ["'09:00:00'", "'17:30:00'"], 'time'],
    ['a column without any value', 'notes', 'VARCHAR', ['NULL', 'NULL'], 'text'],
  ];
  for (const [label, name, physicalType, values, type, precision] of cases) {
    it(`${label} -> ${type}${precision ? ` (${precision})` : ''}`, async () => {
      const detected = await detect(name, physicalType, values);
      expect(detected.type).toBe(type);
      expect(detected.precision).toBe(precision);
    });
  }
});

describe('type detection on files larger than the 100,000-row sample', () => {
  /** A 150,000-row source whose column c0 is the SQL expression `expr` of i = 0..149999. */
  async function detectLarge(name: string, expr: string) {
    const source: Source = {
      sql: `(SELECT ${expr} AS c0 FROM range(150000) AS r(i))`,
      columns: [{ dbName: 'c0', physicalType: 'BIGINT' }],
    };
    const describe = await withConnection((c) => c.runAndReadAll(`DESCRIBE SELECT * FROM ${source.sql}`));
    const physicalType = String(describe.getRowObjectsJson()[0].column_type);
    const { columns, rowCount } = await withConnection((c) =>
      detectColumns(c, source, [{ dbName: 'c0', name, physicalType }]),
    );
    expect(rowCount).toBe(150_000);
    return columns[0].type;
  }
  const cases: [string, string, string, string][] = [
    ['increasing ids', 'id', 'i', 'id'],
    ['shuffled distinct ids (a permutation)', 'id', '(i * 7) % 150000', 'id'],
    ['ids with one repeat after the sample', 'id', 'CASE WHEN i = 140000 THEN 5 ELSE i END', 'number'],
    ['UUIDs', 'reference', "printf('%08d-aaaa-4bbb-8ccc-%012d', (i * 7) % 150000, i)", 'id'],
    ['30 repeating values', 'code', "'k' || (i % 30)", 'category'],
    ['exactly the limit (1,000) of values', 'code', "'k' || (i % 1000)", 'category'],
    ['just over the limit (1,001 values)', 'code', "'k' || (i % 1001)", 'text'],
    [
      'few values in the sample, over the limit after it',
      'code',
      "CASE WHEN i < 100000 THEN 'k' || (i % 5) ELSE 'u' || (i % 2000) END",
      'text',
    ],
    ['an id with an empty cell after the sample', 'id', 'CASE WHEN i = 140000 THEN NULL ELSE i END', 'number'],
    [
      'few values in the sample, many after it',
      'code',
      "CASE WHEN i < 100000 THEN 'k' || (i % 5) ELSE 'u' || i END",
      'text',
    ],
  ];
  for (const [label, name, expr, type] of cases) {
    it(`${label} -> ${type}`, async () => {
      expect(await detectLarge(name, expr)).toBe(type);
    });
  }
});

describe('stats and preview', () => {
  it('numbers have min, max and mean', async () => {
    const d = await detect('amount', 'BIGINT', ['4', '10', 'NULL', '-2']);
    expect(d.stats).toEqual({ min: -2, max: 10, avg: 4 });
    expect(d.preview).toEqual([4, 10, null, -2]);
  });

  it('dates have min and max, no mean', async () => {
    const d = await detect('day', 'DATE', ["'2024-03-05'", "'2023-12-31'", 'NULL']);
    expect(d.stats).toEqual({ min: '2023-12-31', max: '2024-03-05', avg: null });
  });

  it('the preview holds the first 10 values in row order', async () => {
    const d = await detect(
      'n',
      'BIGINT',
      ints(25, (i) => 100 - i),
    );
    expect(d.preview).toEqual([100, 99, 98, 97, 96, 95, 94, 93, 92, 91]);
  });
});

describe('rules', () => {
  it('identifier names', () => {
    for (const n of [
      'id',
      'ID',
      'Id',
      'key',
      'uuid',
      'guid',
      '#',
      'user_id',
      'user id',
      'user-id',
      'userId',
      'customerID',
      'id_user',
    ]) {
      expect(isIdName(n), n).toBe(true);
    }
    for (const n of ['idea', 'valid', 'paid', 'Acid', 'width', 'identity', 'amount'])
      expect(isIdName(n), n).toBe(false);
  });

  it('category threshold is max(20, min(5 % of rows, 1,000))', () => {
    expect(categoryLimit(10)).toBe(20);
    expect(categoryLimit(400)).toBe(20);
    expect(categoryLimit(1000)).toBe(50);
    expect(categoryLimit(20_000)).toBe(1000);
    expect(categoryLimit(1_000_000)).toBe(1000);
  });
});
