// `npm start`'s build step: builds the web app only when its inputs changed since the last build. The inputs are
// every file of the web package (sources, index.html, Vite and PostCSS configs, public/), the shared package it
// imports, and the lockfile (a dependency's version); their SHA-256 (paths and contents) is written beside the
// build as dist/.inputs-sha256. `--force` (or a missing dist/index.html) builds anyway.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'packages/web');
const stampFile = path.join(web, 'dist/.inputs-sha256');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);

/** Every file under `dir`, sorted, skipping build outputs and installed modules. */
function filesUnder(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full));
    else if (entry.isFile()) found.push(full);
  }
  return found.sort();
}

export function webInputsHash() {
  const hash = createHash('sha256');
  const files = [
    ...filesUnder(web),
    ...filesUnder(path.join(root, 'packages/shared')),
    path.join(root, 'package-lock.json'),
  ];
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const started = Date.now();
const inputs = webInputsHash();
const built = existsSync(path.join(web, 'dist/index.html')) && existsSync(stampFile);
if (!process.argv.includes('--force') && built && readFileSync(stampFile, 'utf8').trim() === inputs) {
  console.log(`The web app is up to date (its inputs are unchanged, checked in ${Date.now() - started} ms).`);
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', '@tessera/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${inputs}\n`);
}
