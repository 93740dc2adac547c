/**
 * Preloaded into the server by profile.ts (`node --import`): counts the metadata statements (PGlite `query` and
 * `exec` calls, by their text) and the time until each answered. profile.ts starts the count by creating the
 * file `{STATEMENTS_FILE}.start` and reads the counts the server writes to `STATEMENTS_FILE` when it exits.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const file = process.env.STATEMENTS_FILE;
if (file) {
  const counts = new Map();
  for (const method of ['query', 'exec']) {
    const original = PGlite.prototype[method];
    PGlite.prototype[method] = async function (text, ...rest) {
      const started = performance.now();
      try {
        return await original.call(this, text, ...rest);
      } finally {
        const key = String(text).replace(/\s+/g, ' ').trim();
        const entry = counts.get(key) ?? { count: 0, ms: 0 };
        entry.count++;
        entry.ms += performance.now() - started;
        counts.set(key, entry);
      }
    };
  }
  const start = setInterval(() => {
    if (!existsSync(`${file}.start`)) return;
    rmSync(`${file}.start`);
    counts.clear();
  }, 20);
  start.unref();
  process.on('exit', () => writeFileSync(file, JSON.stringify([...counts.entries()])));
}
