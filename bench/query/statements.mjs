/**
 * Preloaded into the server by profile.ts (`node --import`): counts the metadata statements (PGlite `query` and
 * `exec` calls, by their text, and the runs of named statements, packages/server/src/db/pgliteStatements.ts)
 * and the time until each answered. profile.ts starts the count by creating the
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
  // Named statements: a Parse message names its text, each Bind runs it (timed until the Sync after it).
  const named = new Map();
  const cString = (bytes, at) => {
    const end = bytes.indexOf(0, at);
    return [new TextDecoder().decode(bytes.subarray(at, end)), end + 1];
  };
  const stream = PGlite.prototype.execProtocolStream;
  let running;
  PGlite.prototype.execProtocolStream = async function (message, ...rest) {
    const type = String.fromCharCode(message[0]);
    if (type === 'P') {
      const [name, next] = cString(message, 5);
      if (name) named.set(name, cString(message, next)[0]);
    } else if (type === 'B') {
      const [, next] = cString(message, 5);
      running = { text: named.get(cString(message, next)[0]), started: performance.now() };
    }
    const answer = await stream.call(this, message, ...rest);
    if (type === 'S' && running?.text) {
      const key = `(named) ${running.text.replace(/\s+/g, ' ').trim()}`;
      const entry = counts.get(key) ?? { count: 0, ms: 0 };
      entry.count++;
      entry.ms += performance.now() - running.started;
      counts.set(key, entry);
      running = undefined;
    }
    return answer;
  };
  const start = setInterval(() => {
    if (!existsSync(`${file}.start`)) return;
    rmSync(`${file}.start`);
    counts.clear();
  }, 20);
  start.unref();
  process.on('exit', () => writeFileSync(file, JSON.stringify([...counts.entries()])));
}
