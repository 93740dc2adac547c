/**
 * Many light model runs at once, and fairness, on the real server (docs/security.md "Fair shares"):
 *  - 40 light runs (a function returning a one-row pandas dataframe) from 4 projects clicked at once, each project
 *    with its own package (same requirements), each package warmed by one run first: the time from the first click
 *    to the last 'finished' shown on the projects' live channels, against Windmill's published 4.4 s for 40 light
 *    Python tasks on 2 vCPUs;
 *  - the naive floor: 40 fresh processes of the same environment's python importing pandas and writing the one
 *    row as Parquet, two at a time, no server, no sandbox;
 *  - where each run's time went: the server's 'model run timings' log lines (run.job.ts) — from the click to the
 *    handler (queue pick-up), the 'started' write, the look-ups, the inputs, the sandboxed Python (warm or cold
 *    start, imports, the function, its output written), the output stored as a dataset, the 'finished' write;
 *  - one project's 3 never-ending runs against another project's quick run: its click → 'finished' with them
 *    running, minus the same with the machine idle (target ≤ 2 s).
 * `node --import tsx bench/runner/throughput.ts` — BENCH_THROUGHPUT_RUNS (default 40), BENCH_SERVER_ENV (JSON,
 * e.g. '{"MODEL_WARM_SANDBOXES":"4"}'), BENCH_SERVER_PG_URL (PostgreSQL metadata).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from '../support/server.ts';
import { builtPackage, execute, type LiveRuns, liveRuns, modelOf } from './world.ts';

const RUNS = Number(process.env.BENCH_THROUGHPUT_RUNS ?? 40);
const PROJECTS = 4;
const REPEAT = 5;
const WINDMILL_SECONDS = 4.4;
const LIGHT_CODE = [
  'import time',
  'import pandas as pd',
  '',
  'def light(n: int = 1) -> pd.DataFrame:',
  '    return pd.DataFrame({"n": [n], "square": [n * n]})',
  '',
  'def forever(seconds: int = 100000) -> dict:',
  '    time.sleep(seconds)',
  '    return {"done": 1}',
  '',
].join('\n');

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] ?? Number.NaN;
const p95 = (values: number[]) => sorted(values)[Math.ceil(values.length * 0.95) - 1] ?? Number.NaN;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs `count` fresh `python -c code` (no sandbox), `parallel` at a time; answers the wall time in ms. */
async function floor(python: string, dir: string, count: number, parallel: number): Promise<number> {
  const one = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const code = `import pandas as pd; pd.DataFrame({"n": [1], "square": [1]}).to_parquet(${JSON.stringify(path.join(dir, `${i}.parquet`))})`;
      const child = spawn(python, ['-c', code], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { PATH: '/usr/bin:/bin' },
      });
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      child.on('error', reject);
      child.on('close', (c) => (c === 0 ? resolve() : reject(new Error(err))));
    });
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return performance.now() - start;
}

interface Project {
  id: string;
  light: string;
  forever: string;
  live: LiveRuns;
}

const timings = new Map<string, { warm: boolean; ms: Record<string, number> }>();
const work = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-throughput-'));
const serverEnv: Record<string, string> = process.env.BENCH_SERVER_ENV ? JSON.parse(process.env.BENCH_SERVER_ENV) : {};
const server = await startServer(work, {
  password: 'Bench-password-1',
  databaseName: 'bench_throughput',
  startSeconds: Number(process.env.BENCH_START_SECONDS ?? 300),
  env: serverEnv,
  logLevel: 'info',
  onLog: (line) => {
    if (!line.includes('model run timings')) return;
    const entry = JSON.parse(line) as { runId: string; warm: boolean; ms: Record<string, number> };
    timings.set(entry.runId, { warm: entry.warm, ms: entry.ms });
  },
});
try {
  const projects: Project[] = [];
  for (let i = 0; i < PROJECTS; i++) {
    const { _id: id } = await server.call<{ _id: string }>('POST', '/api/v1/projects', { name: `Bench ${i}` });
    const pkg = await builtPackage(server, id, { 'requirements.txt': 'pandas\npyarrow\n', 'model.py': LIGHT_CODE });
    const [light, forever] = [await modelOf(server, pkg, 'light'), await modelOf(server, pkg, 'forever')];
    projects.push({ id, light, forever, live: await liveRuns(server, id) });
  }
  const clickAndWait = async (p: Project) => {
    const t0 = performance.now();
    const id = await execute(server, p.light);
    const done = await p.live.settled(id);
    if (done.status !== 'finished') throw new Error(`a light run ended ${done.status}`);
    return done.at - t0;
  };
  for (const p of projects) await clickAndWait(p); // each package warmed by one run
  await sleep(3000); // their next warm sandboxes started

  // 40 clicks at once, round-robin over the projects.
  const t0 = performance.now();
  const clicks = await Promise.all(
    Array.from({ length: RUNS }, async (_, i) => {
      const p = projects[i % PROJECTS];
      const clicked = performance.now();
      const id = await execute(server, p.light);
      return { p, id, clicked };
    }),
  );
  const ends = await Promise.all(
    clicks.map(async ({ p, id, clicked }) => {
      const [started, done] = await Promise.all([p.live.shown(id, 'started'), p.live.settled(id)]);
      if (done.status !== 'finished') throw new Error(`run ${id} ended ${done.status}`);
      return { id, started: started - clicked, finished: done.at - clicked, at: done.at };
    }),
  );
  const total = Math.max(...ends.map((e) => e.at)) - t0;

  // The naive floor, in the same environment (the server's only one).
  const envs = (await readdir(path.join(server.dataDir, 'envs'))).filter(
    (n) => !n.includes('.tmp') && !n.endsWith('.lock'),
  );
  const python = path.join(server.dataDir, 'envs', envs[0], 'bin', 'python');
  const floorDir = await mkdtemp(path.join(work, 'floor-'));
  await sleep(2000);
  const floorMs = await floor(python, floorDir, RUNS, 2);

  // Fairness: Q's quick run, idle, then with P's 3 never-ending runs.
  const [P, Q] = projects;
  await sleep(2000);
  const idle: number[] = [];
  for (let i = 0; i < REPEAT; i++) idle.push(await clickAndWait(Q));
  const never = [];
  for (let i = 0; i < 3; i++) never.push(await execute(server, P.forever));
  await P.live.shown(never[0], 'started');
  await sleep(2000); // the never-ending run's Python is up and sleeping
  const busy: number[] = [];
  for (let i = 0; i < REPEAT; i++) busy.push(await clickAndWait(Q));
  for (const id of never) await server.call('PUT', `/api/v1/model-runs/${id}/cancel`);
  for (const id of never) await P.live.settled(id);
  for (const p of projects) p.live.close();

  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  const settings = Object.entries(serverEnv)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(
    `\n${RUNS} light runs from ${PROJECTS} projects (${server.metadata}${settings ? `, ${settings}` : ''}), ${os.cpus().length} cores, load ${load}\n`,
  );
  console.log('| measure | value | Windmill / target | ratio |\n| --- | ---: | ---: | ---: |');
  console.log(
    `| first click → last 'finished' | ${s(total)} | ${WINDMILL_SECONDS} s | ${(total / 1000 / WINDMILL_SECONDS).toFixed(1)} |`,
  );
  console.log(
    `| naive floor: ${RUNS} fresh pythons, 2 at a time | ${s(floorMs)} | | ${(total / floorMs).toFixed(2)} × floor |`,
  );
  console.log(
    `| per run: click → 'started' (median / p95) | ${s(median(ends.map((e) => e.started)))} / ${s(p95(ends.map((e) => e.started)))} | | |`,
  );
  console.log(
    `| per run: click → 'finished' (median / p95) | ${s(median(ends.map((e) => e.finished)))} / ${s(p95(ends.map((e) => e.finished)))} | | |`,
  );
  const delay = median(busy) - median(idle);
  console.log(`| quick run, idle machine (median of ${REPEAT}) | ${s(median(idle))} | | |`);
  console.log(`| quick run, beside 3 never-ending runs of another project | ${s(median(busy))} | | |`);
  console.log(
    `| delay from the other project's never-ending runs | ${s(delay)} | ≤ 2 s | ${(delay / 2000).toFixed(2)} |`,
  );

  // Where a run's time went: the server's stamps (ms since the handler began) of the 40 runs.
  const mine = ends.map((e) => timings.get(e.id)).filter((t) => t !== undefined);
  const steps: [string, string, string][] = [
    ['queue pick-up (click → handler)', '', 'queued'],
    ["'started' written and sent", '', 'started'],
    ['model, source, package look-ups', 'started', 'lookups'],
    ['inputs written', 'lookups', 'inputs'],
    ['sandboxed Python (start or warm, imports, function, output file)', 'inputs', 'python'],
    ['output stored as a dataset', 'python', 'stored'],
    ["'finished' written and sent", 'stored', 'finished'],
  ];
  const warmCount = mine.filter((t) => t.warm).length;
  console.log(`\nwhere the time went (${mine.length} runs, ${warmCount} started warm), ms:\n`);
  console.log('| step | median | p95 |\n| --- | ---: | ---: |');
  for (const [name, from, to] of steps) {
    const values = mine.map((t) => (t.ms[to] ?? Number.NaN) - (from ? (t.ms[from] ?? Number.NaN) : 0));
    console.log(`| ${name} | ${median(values).toFixed(0)} | ${p95(values).toFixed(0)} |`);
  }
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
