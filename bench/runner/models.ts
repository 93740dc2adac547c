/**
 * Model runs through the whole real server (issue 16): `packages/server/src/main.ts` started as a child process
 * (bench/support/server.ts: PGlite, or PostgreSQL with BENCH_SERVER_PG_URL), a package built by real pip, runs in
 * real bubblewrap with Python 3.11 + pandas, every status read where the web app reads it: the project's live
 * channel (socket.io 'modelRun:updated', stamped on arrival). Measures
 *  - click → started: POST execute until the 'started' event, the worker idle before each click;
 *  - per-run overhead: click → 'finished' event, minus the same function timed in plain Python (the package's
 *    environment's python3.11, no sandbox: start, import the module, read the same input, call) — for a small
 *    function and for a pandas group-by over a dataset input;
 *  - cancel → cancelled shown: PUT cancel (once the run has printed, i.e. its Python is running the function)
 *    until the 'cancelled' event.
 * After each run the bench waits BENCH_MODELS_SETTLE_MS (default 2000) before timing plain Python, so that the
 * worker's warm start for the next run (runner/warm.ts: a sandbox started, the package's libraries imported) does
 * not share the cores with the baseline; the run after it starts warm, as a person's next click does.
 * BENCH_SERVER_ENV='{"MODEL_WARM_SANDBOXES":"0"}' measures cold starts (every run starts its sandbox and Python).
 * `node --import tsx bench/runner/models.ts` — BENCH_MODELS_REPEAT (default 15), BENCH_MODELS_ROWS (default
 * 10,000 rows in the dataset input), BENCH_MODELS_IDLE_MS (default 300: the pause before each click).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from '../support/server.ts';
import { modelsWorld, packagePaths } from './world.ts';

const REPEAT = Number(process.env.BENCH_MODELS_REPEAT ?? 15);
const ROWS = Number(process.env.BENCH_MODELS_ROWS ?? 10_000);
const IDLE_MS = Number(process.env.BENCH_MODELS_IDLE_MS ?? 300);
const SETTLE_MS = Number(process.env.BENCH_MODELS_SETTLE_MS ?? 2000);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => sorted(values)[Math.ceil(values.length * 0.95) - 1];

/** Wall time of `python -c code` (no sandbox), in ms. */
function plain(python: string, code: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(python, ['-c', code], { stdio: ['ignore', 'ignore', 'pipe'], env: { PATH: '/usr/bin:/bin' } });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - start) : reject(new Error(err))));
  });
}

const work = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-models-'));
const serverEnv: Record<string, string> = process.env.BENCH_SERVER_ENV ? JSON.parse(process.env.BENCH_SERVER_ENV) : {};
const starts = serverEnv.MODEL_WARM_SANDBOXES === '0' ? 'cold starts' : 'warm starts';
const server = await startServer(work, {
  password: 'Bench-password-1',
  databaseName: 'bench_models',
  startSeconds: Number(process.env.BENCH_START_SECONDS ?? 300),
  env: serverEnv,
});
try {
  const csv = path.join(work, 'sales.csv');
  const w = await modelsWorld(server, csv, ROWS);
  const paths = await packagePaths(server, w.pkg._id);
  const parquet = path.join(work, 'sales.parquet');
  execFileSync(paths.python, [
    '-c',
    `import pandas as pd; pd.read_csv(${JSON.stringify(csv)}).to_parquet(${JSON.stringify(parquet)}, index=False)`,
  ]);
  const head = `import sys; sys.path.insert(0, ${JSON.stringify(paths.revision)}); import model`;
  const cases = [
    { fn: 'summary', inputs: [], code: `${head}; model.summary(3)` },
    {
      fn: 'totals',
      inputs: [{ varName: 'df', value: w.datasetId }],
      code: `${head}; import pandas as pd; model.totals(pd.read_parquet(${JSON.stringify(parquet)}), 2.0)`,
    },
  ];
  const models = Object.fromEntries(await Promise.all(cases.map(async (c) => [c.fn, await w.model(c.fn)])));
  const started: number[] = [];
  const total: Record<string, number[]> = { summary: [], totals: [] };
  const baseline: Record<string, number[]> = { summary: [], totals: [] };
  const overhead: Record<string, number[]> = { summary: [], totals: [] };
  const run = async (fn: string, inputs: { varName: string; value: unknown }[]) => {
    await sleep(IDLE_MS);
    const t0 = performance.now();
    const id = await w.execute(models[fn], inputs);
    const start = (await w.shown(id, 'started')) - t0;
    const done = await w.settled(id);
    if (done.status !== 'finished') throw new Error(`the ${fn} run ended ${done.status}`);
    return { start, total: done.at - t0 };
  };
  for (const c of cases) await run(c.fn, c.inputs); // warm-up: the first run of each
  for (let i = 0; i < REPEAT; i++) {
    for (const c of cases) {
      const r = await run(c.fn, c.inputs);
      await sleep(SETTLE_MS);
      const p = await plain(paths.python, c.code);
      started.push(r.start);
      total[c.fn].push(r.total);
      baseline[c.fn].push(p);
      overhead[c.fn].push(r.total - p);
    }
  }
  const sleepy = await w.model('sleepy');
  const cancel: number[] = [];
  for (let i = 0; i < Math.min(REPEAT, 10); i++) {
    const id = await w.execute(sleepy);
    await w.printed(id);
    const t0 = performance.now();
    await server.call('PUT', `/api/v1/model-runs/${id}/cancel`);
    const done = await w.settled(id);
    if (done.status !== 'cancelled') throw new Error(`the cancelled run ended ${done.status}`);
    cancel.push(done.at - t0);
    await sleep(IDLE_MS);
  }
  w.close();

  const row = (name: string, values: number[], target?: { ms: number; on: 'median' | 'p95' }) => {
    const med = median(values);
    const p = p95(values);
    const ratio = target ? `${((target.on === 'median' ? med : p) / target.ms).toFixed(2)}` : '';
    const goal = target ? `≤ ${target.ms} ms ${target.on}` : '';
    return `| ${name} | ${med.toFixed(0)} ms | ${p.toFixed(0)} ms | ${goal} | ${ratio} |`;
  };
  console.log(
    `\nmodel runs on the real server (${server.metadata}, ${starts}), ${REPEAT} repeats per row, ${ROWS} input rows, load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log('| step | median | p95 | target | ratio |\n| --- | ---: | ---: | --- | ---: |');
  console.log(row("click → 'started' shown (idle worker)", started, { ms: 250, on: 'p95' }));
  for (const c of cases) {
    console.log(row(`click → 'finished' shown (${c.fn})`, total[c.fn]));
    console.log(row(`plain python3.11 (${c.fn})`, baseline[c.fn]));
    console.log(row(`per-run overhead (${c.fn})`, overhead[c.fn], { ms: 100, on: 'median' }));
  }
  console.log(row("cancel → 'cancelled' shown", cancel, { ms: 500, on: 'p95' }));
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
