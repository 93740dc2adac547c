// Runs every benchmark: each folder under bench/ with a run.ts, one after the other (`npm run bench`), or only
// the ones named (`npm run bench -- query`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const named = process.argv.slice(2);
const benches = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'node_modules' && existsSync(path.join(here, d.name, 'run.ts')))
  .filter((d) => !named.length || named.includes(d.name))
  .map((d) => d.name)
  .sort();
let failed = 0;
for (const name of benches) {
  console.log(`\n=== bench/${name} ===`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, name, 'run.ts')], {
    stdio: 'inherit',
  });
  if (status !== 0) failed++;
}
if (!benches.length) console.log('No benchmarks found.');
process.exit(failed ? 1 : 0);
