import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withIngestConnection } from './engine.ts';
import { ingestCsv } from './ingest.ts';
import { CSV_READ_BUFFER_BYTES } from './sniff.ts';
import { pathLiteral, queryOne } from './sql.ts';
import { useTestEngine } from './testing.ts';

// Two threads whatever the machine: the import reads the file in CSV_READ_BUFFER_BYTES pieces on both.
const env = useTestEngine({ threads: 2 });

describe('imports read the file in small buffers on several threads', () => {
  it('a file of several buffers keeps its row order, a quoted line break included', async () => {
    const file = path.join(env.dataDir, 'ordered.csv');
    const row = (i: number) =>
      i % 997 === 0 ? `${i},"two\nlines ${i}",${i / 4}\n` : `${i},label ${i % 50},${i / 4}\n`;
    const lines: string[] = [];
    let bytes = 0;
    for (let i = 0; bytes < 3 * CSV_READ_BUFFER_BYTES; i++) {
      lines.push(row(i));
      bytes += lines[i].length;
    }
    await writeFile(file, `id,label,amount\n${lines.join('')}`);
    const result = await ingestCsv({ dataDir: env.dataDir, datasetId: 'ordered', jobId: 'j1', csvPath: file });
    expect(result.rowCount).toBe(lines.length);
    const order = await withIngestConnection((c) =>
      queryOne(
        c,
        `SELECT count(*) FILTER (WHERE c0 <> n - 1) AS misplaced, count(*) FILTER (WHERE c1 LIKE 'two\nlines%') AS broken
           FROM (SELECT c0, c1, row_number() OVER () AS n FROM read_parquet(${pathLiteral(result.segmentPath)}))`,
      ),
    );
    expect(order).toEqual({ misplaced: 0, broken: Math.ceil(lines.length / 997) });
  });

  it("a cell of 1.5 MB is read whole (lines up to the reader's 2 MB limit fit in a buffer)", async () => {
    const file = path.join(env.dataDir, 'long.csv');
    const long = 'x'.repeat(1_500_000);
    await writeFile(file, `id,text\n1,${long}\n2,short\n`);
    const result = await ingestCsv({ dataDir: env.dataDir, datasetId: 'long', jobId: 'j1', csvPath: file });
    expect(result.rowCount).toBe(2);
    const lengths = await withIngestConnection((c) =>
      queryOne(c, `SELECT max(length(c1)) AS longest FROM read_parquet(${pathLiteral(result.segmentPath)})`),
    );
    expect(lengths).toEqual({ longest: 1_500_000 });
  });
});
