import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_IMPORT_COLUMNS } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { ColumnsMismatchError, IngestError } from './errors.ts';
import { headerNames, matchColumns } from './ingest.ts';
import { listSegments } from './segments.ts';
import type { Cell } from './sql.ts';
import { allRows, ingestFixture, useTestEngine } from './testing.ts';

const env = useTestEngine();

interface Case {
  file: string;
  names: string[];
  types: string[];
  rows: Cell[][];
}

/**
 * csv-spectrum's cases with the rows its JSON files publish. Values are read back typed: numbers for number
 * columns. Where we differ from the suite on purpose, the expected row says so: empty cells are NULL.
 */
const spectrum: Case[] = [
  {
    file: 'spectrum/comma_in_quotes.csv',
    names: ['first', 'last', 'address', 'city', 'zip'],
    types: ['text', 'text', 'text', 'text', 'text'],
    // The zip keeps its leading zero.
    rows: [['John', 'Doe', '120 any st.', 'Anytown, WW', '08123']],
  },
  {
    file: 'spectrum/empty.csv',
    names: ['a', 'b', 'c'],
    types: ['number', 'number', 'number'],
    rows: [
      [1, null, null],
      [2, 3, 4],
    ],
  },
  {
    file: 'spectrum/empty_crlf.csv',
    names: ['a', 'b', 'c'],
    types: ['number', 'number', 'number'],
    rows: [
      [1, null, null],
      [2, 3, 4],
    ],
  },
  {
    file: 'spectrum/escaped_quotes.csv',
    names: ['a', 'b'],
    types: ['number', 'text'],
    rows: [
      [1, 'ha "ha" ha'],
      [3, '4'],
    ],
  },
  {
    file: 'spectrum/json.csv',
    names: ['key', 'val'],
    types: ['id', 'text'],
    rows: [[1, '{"type": "Point", "coordinates": [102.0, 0.5]}']],
  },
  {
    file: 'spectrum/newlines.csv',
    names: ['a', 'b', 'c'],
    types: ['text', 'number', 'number'],
    rows: [
      ['1', 2, 3],
      ['Once upon \na time', 5, 6],
      ['7', 8, 9],
    ],
  },
  {
    file: 'spectrum/newlines_crlf.csv',
    names: ['a', 'b', 'c'],
    types: ['text', 'number', 'number'],
    rows: [
      ['1', 2, 3],
      ['Once upon \r\na time', 5, 6],
      ['7', 8, 9],
    ],
  },
  {
    file: 'spectrum/quotes_and_newlines.csv',
    names: ['a', 'b'],
    types: ['number', 'text'],
    rows: [
      [1, 'ha \n"ha" \nha'],
      [3, '4'],
    ],
  },
  { file: 'spectrum/simple.csv', names: ['a', 'b', 'c'], types: ['number', 'number', 'number'], rows: [[1, 2, 3]] },
  {
    file: 'spectrum/simple_crlf.csv',
    names: ['a', 'b', 'c'],
    types: ['number', 'number', 'number'],
    rows: [[1, 2, 3]],
  },
  {
    file: 'spectrum/utf8.csv',
    names: ['a', 'b', 'c'],
    types: ['number', 'number', 'text'],
    rows: [
      [1, 2, '3'],
      [4, 5, 'ʤ'],
    ],
  },
  {
    file: 'spectrum/null.csv',
    names: ['a', 'b', 'c'],
    types: ['number', 'text', 'number'],
    // The suite keeps the quoted "NULL" of row 2 as text; we read every NULL cell as empty.
    rows: [
      [1, null, 2],
      [3, null, 4],
      [5, null, 6],
    ],
  },
  {
    file: 'spectrum/latin1.csv',
    names: ['a', 'b', 'c'],
    types: ['number', 'number', 'text'],
    rows: [
      [1, 2, '3'],
      [4, 5, '©'],
    ],
  },
  {
    file: 'spectrum/location_coordinates.csv',
    names: ['Contact Phone Number', 'Location Coordinates', 'Cities', 'Counties'],
    types: ['text', 'text', 'text', 'text'],
    rows: [['02095257564', '37°36\'37.8"N 121°2\'17.9"W', 'Modesto', 'Stanislaus']],
  },
];

const others: Case[] = [
  {
    file: 'rfc4180.csv',
    names: ['field_name', 'field_name_2', 'field_name_3'],
    types: ['category', 'text', 'category'],
    rows: [
      ['aaa', 'b\r\nbb', 'ccc'],
      ['aaa', 'b"bb', 'ccc'],
      ['zzz', 'yyy', 'xxx'],
    ],
  },
  {
    file: 'bom.csv',
    names: ['name', 'value'],
    types: ['text', 'number'],
    rows: [
      ['α', 1],
      ['β', 2],
    ],
  },
  {
    file: 'ragged.csv',
    names: ['a', 'b', 'c'],
    types: ['number', 'number', 'number'],
    rows: [
      [1, 2, null],
      [3, 4, 5],
      [6, null, null],
    ],
  },
  { file: 'header_only.csv', names: ['id', 'name', 'amount'], types: ['text', 'text', 'text'], rows: [] },
  {
    file: 'duplicate_headers.csv',
    names: ['a', 'a_2', 'column_3', 'b', 'a_3'],
    types: ['number', 'number', 'number', 'number', 'number'],
    rows: [
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
    ],
  },
  {
    file: 'european.csv',
    names: ['Produit', 'Prix', 'Quantité'],
    types: ['text', 'number', 'number'],
    rows: [
      ['Pain', 1.25, 3],
      ['Lait', 0.99, 12],
      ['Beurre', 2.5, 1],
    ],
  },
];

describe('ingestCsv on public CSV test suites', () => {
  for (const c of [...spectrum, ...others]) {
    it(`reads ${c.file} exactly`, async () => {
      const result = await ingestFixture(env.dataDir, c.file);
      expect(result.columns.map((col) => col.name)).toEqual(c.names);
      expect(result.columns.map((col) => col.dbName)).toEqual(c.names.map((_, i) => `c${i}`));
      expect(result.columns.map((col) => col.type)).toEqual(c.types);
      expect(result.rowCount).toBe(c.rows.length);
      expect(await allRows(env.dataDir, result.datasetId, result)).toEqual(c.rows);
      // The preview is the first values of each column, in row order.
      result.columns.forEach((col, i) => {
        expect(col.preview.length).toBe(Math.min(10, c.rows.length));
        if (c.rows.length && col.type !== 'number') expect(col.preview[0]).toEqual(c.rows[0][i]);
      });
    });
  }

  it('detects the dialect: CRLF, BOM, ";" with decimal commas, Latin-1', async () => {
    expect((await ingestFixture(env.dataDir, 'bom.csv')).dialect).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
    expect((await ingestFixture(env.dataDir, 'european.csv')).dialect).toMatchObject({
      delimiter: ';',
      decimalSeparator: ',',
    });
    expect((await ingestFixture(env.dataDir, 'spectrum/latin1.csv')).dialect.encoding).toBe('latin-1');
  });
});

describe('ingestCsv on a real published file (Seattle weather, NOAA via vega-datasets)', () => {
  it('types, stats, precision and rows match the file', async () => {
    const result = await ingestFixture(env.dataDir, 'real/seattle-weather-2012-01-02.csv');
    const { readFile } = await import('node:fs/promises');
    const { fixture } = await import('./testing.ts');
    // The expected values are computed from the file's text with a plain split (it has no quotes).
    const lines = (await readFile(fixture('real/seattle-weather-2012-01-02.csv'), 'utf8')).trim().split('\n').slice(1);
    const cells = lines.map((l) => l.split(','));
    const precipitation = cells.map((r) => Number(r[1]));
    const tempMin = cells.map((r) => Number(r[3]));
    expect(result.rowCount).toBe(60);
    expect(result.columns.map((c) => [c.name, c.type])).toEqual([
      ['date', 'date'],
      ['precipitation', 'number'],
      ['temp_max', 'number'],
      ['temp_min', 'number'],
      ['wind', 'number'],
      ['weather', 'category'],
    ]);
    expect(result.columns[0].precision).toBe('day');
    expect(result.columns[0].stats).toMatchObject({ min: '2012-01-01', max: '2012-02-29' });
    expect(result.columns[1].stats.max).toBe(Math.max(...precipitation));
    expect(result.columns[1].stats.avg).toBeCloseTo(precipitation.reduce((a, b) => a + b, 0) / 60, 10);
    expect(result.columns[3].stats.min).toBe(Math.min(...tempMin));
    const rows = await allRows(env.dataDir, result.datasetId, result);
    expect(rows.map((r) => [String(r[0]).replaceAll('-', '/'), ...r.slice(1).map(String)])).toEqual(cells);
  });
});

describe('ISO timestamps', () => {
  it('are read as timestamps with their precision', async () => {
    const file = path.join(env.dataDir, 'times.csv');
    await writeFile(file, 'at,label\n2024-01-02 10:30:00,x\n2024-01-03T11:00:00,y\n');
    const { ingestCsv } = await import('./ingest.ts');
    const result = await ingestCsv({ dataDir: env.dataDir, datasetId: 'times', jobId: 'j1', csvPath: file });
    expect(result.columns[0]).toMatchObject({ physicalType: 'TIMESTAMP', type: 'date', precision: 'minute' });
    expect(result.columns[0].stats).toMatchObject({ min: '2024-01-02 10:30:00', max: '2024-01-03 11:00:00' });
  });
});

describe('header names', () => {
  it('trims, names empty headers by position and numbers repeats', () => {
    expect(headerNames(['a', ' a ', null, '', 'a', 'a_2'], 6)).toEqual([
      'a',
      'a_2',
      'column_3',
      'column_4',
      'a_3',
      'a_2_2',
    ]);
    expect(headerNames([], 2)).toEqual(['column_1', 'column_2']);
  });
});

describe('appends', () => {
  it('an append with other column names is refused with a message naming the difference', () => {
    expect(() => matchColumns(['a', 'b', 'x'], ['a', 'b', 'c'])).toThrow('Missing columns: c; unexpected columns: x');
    expect(() => matchColumns(['a'], ['a', 'b'])).toThrow(/^Missing columns: b$/);
    expect(() => matchColumns(['a', 'b', 'z'], ['a', 'b'])).toThrow(/^Unexpected columns: z$/);
  });

  it('refuses a mismatching file before writing anything', async () => {
    const first = await ingestFixture(env.dataDir, 'spectrum/simple.csv');
    const error = await ingestFixture(env.dataDir, 'spectrum/escaped_quotes.csv', {
      datasetId: first.datasetId,
      expectedColumns: first.columns.map((c) => ({ name: c.name, dbName: c.dbName, physicalType: c.physicalType })),
    }).catch((e) => e);
    expect(error).toBeInstanceOf(ColumnsMismatchError);
    expect(error.message).toBe('Missing columns: c');
    expect(error.missing).toEqual(['c']);
    expect((await listSegments(env.dataDir, first.datasetId)).map((s) => s.jobId)).toEqual([first.jobId]);
  });

  it('matches columns by name in any order and keeps their db names', async () => {
    const dir = env.dataDir;
    const first = await ingestFixture(dir, 'spectrum/simple.csv');
    const file = path.join(dir, 'reordered.csv');
    await writeFile(file, 'c,a,b\n30,10,20\n');
    const { ingestCsv } = await import('./ingest.ts');
    const appended = await ingestCsv({
      dataDir: dir,
      datasetId: first.datasetId,
      jobId: 'append1',
      csvPath: file,
      expectedColumns: first.columns.map((c) => ({ name: c.name, dbName: c.dbName, physicalType: c.physicalType })),
    });
    expect(appended.columns.map((c) => [c.name, c.dbName])).toEqual([
      ['c', 'c2'],
      ['a', 'c0'],
      ['b', 'c1'],
    ]);
    expect(await allRows(dir, first.datasetId, first)).toEqual([
      [1, 2, 3],
      [10, 20, 30],
    ]);
  });
});

describe('wide files', () => {
  /** A small file of `columns` columns: text categories, integers and decimals in turn, three rows. */
  async function wideFile(name: string, columns: number): Promise<string> {
    const header = Array.from({ length: columns }, (_, i) => `col ${i}`).join(',');
    const cell = (i: number, r: number) => (i % 3 === 0 ? ['a', 'b', 'a'][r] : i % 3 === 1 ? `${i + r}` : `${r}.5`);
    const rows = [0, 1, 2].map((r) => Array.from({ length: columns }, (_, i) => cell(i, r)).join(','));
    const file = path.join(env.dataDir, name);
    await writeFile(file, [header, ...rows].join('\n'));
    return file;
  }

  it(`imports ${MAX_IMPORT_COLUMNS} columns within the import instance's memory (600 used to exceed it)`, async () => {
    const { ingestCsv } = await import('./ingest.ts');
    for (const columns of [600, MAX_IMPORT_COLUMNS]) {
      const file = await wideFile(`wide-${columns}.csv`, columns);
      const result = await ingestCsv({ dataDir: env.dataDir, datasetId: `wide${columns}`, jobId: 'j1', csvPath: file });
      expect(result.rowCount).toBe(3);
      expect(result.columns).toHaveLength(columns);
      expect(result.columns.slice(0, 3).map((c) => c.type)).toEqual(['category', 'number', 'number']);
      const lastInteger = columns - 1 - ((columns - 2) % 3);
      expect(result.columns[lastInteger]?.stats).toMatchObject({ min: lastInteger, max: lastInteger + 2 });
    }
  }, 60_000);

  it(`refuses a file of more than ${MAX_IMPORT_COLUMNS} columns, saying so, and writes nothing`, async () => {
    const { ingestCsv } = await import('./ingest.ts');
    const file = await wideFile('too-wide.csv', MAX_IMPORT_COLUMNS + 1);
    const error = await ingestCsv({ dataDir: env.dataDir, datasetId: 'tooWide', jobId: 'j1', csvPath: file }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(IngestError);
    expect(error.code).toBe('too-many-columns');
    expect(error.message).toBe('too many columns (1,001). Max columns: 1,000');
    expect(await listSegments(env.dataDir, 'tooWide')).toEqual([]);
  });
});

describe('failures leave no segment', () => {
  it('refuses a binary file with a clear message', async () => {
    const file = path.join(env.dataDir, 'image.csv');
    await writeFile(
      file,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 0)]),
    );
    const { ingestCsv } = await import('./ingest.ts');
    const error = await ingestCsv({ dataDir: env.dataDir, datasetId: 'bin1', jobId: 'j1', csvPath: file }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(IngestError);
    expect(error.code).toBe('binary');
    expect(error.message).toBe('This is not a CSV file: it contains binary data.');
    expect(await listSegments(env.dataDir, 'bin1')).toEqual([]);
  });

  it('refuses an empty file and a missing file', async () => {
    const file = path.join(env.dataDir, 'empty.csv');
    await writeFile(file, '');
    const { ingestCsv } = await import('./ingest.ts');
    await expect(
      ingestCsv({ dataDir: env.dataDir, datasetId: 'e1', jobId: 'j1', csvPath: file }),
    ).rejects.toMatchObject({
      code: 'empty',
    });
    await expect(
      ingestCsv({ dataDir: env.dataDir, datasetId: 'e1', jobId: 'j2', csvPath: path.join(env.dataDir, 'nope.csv') }),
    ).rejects.toMatchObject({ code: 'not-found' });
    expect(await listSegments(env.dataDir, 'e1')).toEqual([]);
  });

  it('a cancelled ingest fails and leaves neither segment nor temporary', async () => {
    const { ingestCsv } = await import('./ingest.ts');
    const { readdir } = await import('node:fs/promises');
    const controller = new AbortController();
    controller.abort();
    const { fixture } = await import('./testing.ts');
    await expect(
      ingestCsv({
        dataDir: env.dataDir,
        datasetId: 'cancel1',
        jobId: 'j1',
        csvPath: fixture('spectrum/simple.csv'),
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ code: 'cancelled', message: 'The import was cancelled.' });
    const files = await readdir(path.join(env.dataDir, 'datasets', 'cancel1')).catch(() => []);
    expect(files).toEqual([]);
  });

  it('a failure after the copy started (a corrupt segment beside it) leaves only what was there', async () => {
    const { ingestCsv } = await import('./ingest.ts');
    const { mkdir, readdir } = await import('node:fs/promises');
    const { fixture } = await import('./testing.ts');
    const dir = path.join(env.dataDir, 'datasets', 'corrupt1');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'old.parquet'), 'this is not parquet');
    const error = await ingestCsv({
      dataDir: env.dataDir,
      datasetId: 'corrupt1',
      jobId: 'new1',
      csvPath: fixture('spectrum/simple.csv'),
    }).catch((e) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error.code).toBe('write-failed');
    expect((await readdir(dir)).sort()).toEqual(['old.parquet']);
  });

  it('cancelling in the middle of a large file leaves nothing behind', async () => {
    const { ingestCsv } = await import('./ingest.ts');
    const { readdir } = await import('node:fs/promises');
    const file = path.join(env.dataDir, 'large.csv');
    const lines = Array.from(
      { length: 1000 },
      (_, i) => `${i},name ${i},${i * 1.5},2024-01-${String((i % 28) + 1).padStart(2, '0')}\n`,
    ).join('');
    await writeFile(file, `id,name,amount,day\n${lines.repeat(600)}`);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 40);
    const error = await ingestCsv({
      dataDir: env.dataDir,
      datasetId: 'cancel2',
      jobId: 'j1',
      csvPath: file,
      signal: controller.signal,
    }).catch((e) => e);
    expect(error).toMatchObject({ code: 'cancelled' });
    expect(await readdir(path.join(env.dataDir, 'datasets', 'cancel2')).catch(() => [])).toEqual([]);
  });
});
