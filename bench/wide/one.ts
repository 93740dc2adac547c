/**
 * One wide import in a fresh process (run by run.ts): prints one JSON line with the file's size, the import's
 * time, the process's resident memory before, at its peak during the import, and 5 s after it.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { closeEngine, configureEngine, ingestCsv } from '@tessera/analytics';

const columns = Number(process.argv[2]);
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-wide-'));
const csv = path.join(dir, 'wide.csv');
const header = Array.from({ length: columns }, (_, i) => `col${i}`).join(',');
const rows = [0, 1, 2].map((r) => Array.from({ length: columns }, (_, i) => String((i + r) % 10)).join(','));
await writeFile(csv, [header, ...rows].join('\n'));
configureEngine({ dataDir: dir, allowedDirectories: [dir] });

const rss = () => process.memoryUsage().rss / 2 ** 20;
// The engine starts on first use: start it with a one-column import before measuring the wide one alone.
const narrow = path.join(dir, 'narrow.csv');
await writeFile(narrow, 'a\n1\n2\n');
await ingestCsv({ dataDir: dir, datasetId: 'warm', jobId: 'warm', csvPath: narrow });
await new Promise((resolve) => setTimeout(resolve, 2000));
const before = rss();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rss());
}, 5);
const started = performance.now();
let outcome = 'imported';
try {
  await ingestCsv({ dataDir: dir, datasetId: 'wide', jobId: 'j1', csvPath: csv });
} catch (error) {
  outcome = (error as Error).message.slice(0, 60);
}
const ms = performance.now() - started;
await new Promise((resolve) => setTimeout(resolve, 5000));
clearInterval(sampler);
const after = rss();
console.log(JSON.stringify({ columns, bytes: (await stat(csv)).size, ms, before, peak, after, outcome }));
await closeEngine();
await rm(dir, { recursive: true, force: true });
