/**
 * Where a card data request's time goes inside the server: the real server runs under `node --cpu-prof`,
 * the benchmark's dataset is uploaded and its cards saved (as run.ts does), then `--requests` data requests
 * are sent to each card in turn. The profile's samples inside that window are summed by function: the
 * table lists the server's own functions (and the libraries they call) by inclusive CPU ms per request.
 *
 *   node --import tsx bench/query/profile.ts [--rows 200000] [--requests 200] [--top 40]
 *
 * A small dataset makes the fixed per-request cost (access, metadata lookups, catalog, JSON) stand out; the
 * DuckDB work itself runs on DuckDB's threads and shows as `(program)`/`(idle)` here, not in JS functions.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateCsv } from './generate.ts';
import { featuresByName, QUERIES } from './queries.ts';
import { createCards, importCsv, settlePreview, startServer } from './server.ts';
import { markdownTable } from './timing.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '200' },
    top: { type: 'string', default: '40' },
  },
});
const rows = Number(args.rows);
const requests = Number(args.requests);
const work = path.resolve(process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'tessera-bench'));
await mkdir(work, { recursive: true });
const csv = path.join(work, `query-${rows}.csv`);
await generateCsv(csv, rows);
const profDir = await mkdtemp(path.join(work, 'prof-'));
const statementsFile = path.join(profDir, 'statements.json');
process.env.BENCH_SERVER_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profDir} --import ${path.join(import.meta.dirname, 'statements.mjs')}`;
process.env.STATEMENTS_FILE = statementsFile;

const server = await startServer(work);
let window: { start: number; end: number; exit: number };
try {
  const imported = await importCsv(server, csv);
  const f = featuresByName(imported.features);
  const { dashboardId, unitIds } = await createCards(
    server,
    imported.projectId,
    QUERIES.map((q) => ({ name: q.label, type: q.type, vis: q.vis(f) })),
  );
  await settlePreview(server, dashboardId);
  const send = (i: number) => {
    const q = QUERIES[i % QUERIES.length];
    return server.call(
      'POST',
      `/api/v1/units/${unitIds[i % QUERIES.length]}/data${q.page ? `?page=${q.page}` : ''}`,
      q.body?.(f) ?? {},
    );
  };
  for (let i = 0; i < QUERIES.length * 2; i++) await send(i); // warm-up
  await writeFile(`${statementsFile}.start`, '');
  while (existsSync(`${statementsFile}.start`)) await new Promise((r) => setTimeout(r, 10));
  const start = performance.now();
  for (let i = 0; i < requests; i++) await send(i);
  const end = performance.now();
  await server.stop();
  window = { start, end, exit: performance.now() };
} finally {
  await server.stop();
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
const file = (await readdir(profDir)).find((n) => n.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${profDir}`);
const profile = JSON.parse(await readFile(path.join(profDir, file), 'utf8')) as Profile;
// Counted from the window's start to the server's exit: the requests, then the server stopping.
const statements = JSON.parse(await readFile(statementsFile, 'utf8')) as Array<[string, { count: number; ms: number }]>;
await rm(profDir, { recursive: true, force: true });

// The window in profile time (µs): the profile ends when the process exits.
const from = profile.endTime - (window.exit - window.start) * 1000;
const to = profile.endTime - (window.exit - window.end) * 1000;
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const root = path.resolve(import.meta.dirname, '../..');
const keyOf = (n: Node) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url ? url.replace('file://', '').replace(`${root}/`, '') : '';
  return `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
};
const inclusive = new Map<string, number>();
const self = new Map<string, number>();
let t = profile.startTime;
let total = 0;
profile.samples.forEach((id, i) => {
  t += profile.timeDeltas[i];
  const dt = profile.timeDeltas[i + 1] ?? 0;
  if (t < from || t > to) return;
  total += dt;
  const leaf = byId.get(id)!;
  self.set(keyOf(leaf), (self.get(keyOf(leaf)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let n: Node | undefined = leaf; n; n = byId.get(parent.get(n.id) ?? -1)) {
    const key = keyOf(n);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
  }
});

const perRequest = (us: number) => (us / 1000 / requests).toFixed(2);
const wall = (window.end - window.start) / requests;
console.log(
  `\n${requests} data requests over ${QUERIES.length} cards on ${rows.toLocaleString('en')} rows: ` +
    `${wall.toFixed(1)} ms each (wall), profile window ${(total / 1000 / requests).toFixed(2)} ms each`,
);
const interesting = [...inclusive.entries()]
  .filter(([key]) => /packages\/|node_modules\/(fastify|zod|drizzle|@electric-sql|@duckdb|pino)/.test(key))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(args.top));
console.log(
  `\n${markdownTable(
    ['function (server code and the libraries it calls)', 'inclusive ms / request', 'self ms / request'],
    interesting.map(([key, us]) => [key, perRequest(us), perRequest(self.get(key) ?? 0)]),
  )}`,
);
console.log(
  `\n${markdownTable(
    ['metadata statement (PGlite), from the window to the exit', 'per request', 'ms per request (until answered)'],
    statements
      .sort((a, b) => b[1].count - a[1].count)
      .slice(0, 12)
      .map(([text, s]) => [
        text.length > 100 ? `${text.slice(0, 100)}...` : text,
        (s.count / requests).toFixed(2),
        (s.ms / requests).toFixed(2),
      ]),
  )}`,
);
const selfTop = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
console.log(
  `\n${markdownTable(
    ['function (any)', 'self ms / request'],
    selfTop.map(([key, us]) => [key, perRequest(us)]),
  )}\n`,
);
