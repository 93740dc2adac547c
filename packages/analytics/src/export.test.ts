import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvField, streamCsv } from './export.ts';
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
