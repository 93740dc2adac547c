/**
 * Wide CSV imports (issue 20, item 22): a three-row file of 100, 400 and 1,000 columns, and one over the limit,
 * each imported in a fresh process. Prints the import's time and the process's resident memory: before, at
 * its peak, and 5 s after (what stays). Before the fix a 400-column file (3.4 KB) peaked at ~1,010 MB and kept
 * it; 600 columns failed with DuckDB's out-of-memory error.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const widths = [100, 400, 1000, 1001];
const rows: string[][] = [];
for (const columns of widths) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'one.ts'), String(columns)], {
    encoding: 'utf8',
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('{')) {
    console.error(run.stderr);
    process.exit(1);
  }
  const r = JSON.parse(line);
  const mb = (n: number) => `${Math.round(n)} MB`;
  rows.push([
    String(r.columns),
    `${r.bytes} B`,
    `${Math.round(r.ms)} ms`,
    mb(r.before),
    `${mb(r.peak)} (+${Math.round(r.peak - r.before)})`,
    `${mb(r.after)} (+${Math.round(r.after - r.before)})`,
    r.outcome,
  ]);
}
const head = ['columns', 'file', 'import', 'RSS before', 'RSS peak', 'RSS 5 s after', 'outcome'];
const widthsOf = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widthsOf[i])).join(' | ');
console.log(line(head));
console.log(widthsOf.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));
