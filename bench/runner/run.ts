/**
 * The models runner's speed targets: cold and warm environment builds, function discovery, the
 * sandbox's start-up overhead over plain `python -c pass`, and the time from a cancel to the last process gone.
 * `node --import tsx bench/runner/run.ts` (BENCH_RUNNER_REPEAT=n changes the repeat count, default 15).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  discoverPackage,
  ensureEnvironment,
  findInterpreters,
  type Interpreter,
  runSandboxed,
  sandboxStatus,
} from '../../packages/server/src/runner/index.ts';

const REPEAT = Number(process.env.BENCH_RUNNER_REPEAT ?? 15);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-runner-'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return [ms(start), value];
}

function samplePackage(): string {
  const dir = path.join(tmp, 'pkg');
  for (let i = 0; i < 20; i++) {
    mkdirSync(path.join(dir, `mod${i % 4}`), { recursive: true });
    const functions = Array.from(
      { length: 5 },
      (_, j) =>
        `def f${j}(df: pd.DataFrame, n: int = ${j}, mode: Literal["a", "b"] = "a", when: dt.date = None) -> pd.DataFrame:\n    """Doc ${j}."""\n    return df\n`,
    ).join('\n');
    writeFileSync(
      path.join(dir, `mod${i % 4}`, `file${i}.py`),
      `import datetime as dt\nfrom typing import Literal\nimport pandas as pd\n\n${functions}`,
    );
  }
  return dir;
}

function plainPython(py: Interpreter): Promise<number> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(py.path, ['-c', 'pass'], { stdio: 'ignore', env: { PATH: '/usr/bin:/bin' } });
    child.on('error', reject);
    child.on('close', () => resolve(ms(start)));
  });
}

async function cancelToGone(py: Interpreter): Promise<number> {
  const runDir = mkdtempSync(path.join(tmp, 'cancel-'));
  const marker = `${700 + Math.floor(Math.random() * 100)}.${process.pid}`;
  const code = `import subprocess, time
for _ in range(3): subprocess.Popen(["sleep", "${marker}"])
subprocess.Popen(["setsid", "sleep", "${marker}"], start_new_session=True)
time.sleep(0.2)
print("started", flush=True)
time.sleep(600)`;
  const controller = new AbortController();
  let abortedAt = 0n;
  const done = runSandboxed({
    interpreter: py,
    runDir,
    argv: [py.path, '-c', code],
    signal: controller.signal,
    onStdout: (chunk) => {
      if (chunk.includes('started')) {
        abortedAt = process.hrtime.bigint();
        controller.abort();
      }
    },
  });
  const result = await done;
  const elapsed = ms(abortedAt);
  const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(`sleep ${marker}`));
  if (result.outcome !== 'cancelled' || left.length) throw new Error(`cancel left ${left.length} processes`);
  return elapsed;
}

async function main() {
  const interpreters = await findInterpreters();
  const py = interpreters.find((i) => i.version === '3.11' && i.available);
  if (!py) throw new Error('bench/runner needs Python 3.11');
  const status = await sandboxStatus();
  console.log(`Python ${py.fullVersion} at ${py.path}; sandbox: ${status.active ? 'on' : 'off'} (${status.reason})`);
  const envsDir = path.join(tmp, 'envs');
  const requirements = 'pandas\npyarrow\n';

  const [cold, built] = await timed(() => ensureEnvironment({ interpreter: py, requirements, envsDir }));
  if (built.reused) throw new Error('the cold build was reused');
  const warm: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const [t, env] = await timed(() => ensureEnvironment({ interpreter: py, requirements, envsDir }));
    if (!env.reused) throw new Error('the warm build was not reused');
    warm.push(t);
  }

  const pkg = samplePackage();
  const discovery: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const [t, found] = await timed(() => discoverPackage(py, pkg));
    if (found.modules.length !== 20) throw new Error('discovery missed modules');
    discovery.push(t);
  }

  const plain: number[] = [];
  const sandboxed: number[] = [];
  const runDir = mkdtempSync(path.join(tmp, 'run-'));
  for (let i = 0; i < REPEAT; i++) {
    plain.push(await plainPython(py));
    const [t, result] = await timed(() => runSandboxed({ interpreter: py, runDir, argv: [py.path, '-c', 'pass'] }));
    if (result.outcome !== 'ok') throw new Error('python -c pass failed in the sandbox');
    sandboxed.push(t);
  }

  const cancels: number[] = [];
  for (let i = 0; i < Math.min(REPEAT, 10); i++) cancels.push(await cancelToGone(py));

  const overhead = sandboxed.map((t, i) => t - plain[i]);
  const rows: [string, string, string, string][] = [
    ['cold build (pandas + pyarrow)', `${(cold / 1000).toFixed(1)} s`, '—', '≤ 20 s'],
    ['warm build (same requirements)', `${median(warm).toFixed(2)} ms`, `${p95(warm).toFixed(2)} ms`, '≤ 500 ms'],
    [
      'discovery (20 modules, 100 functions)',
      `${median(discovery).toFixed(0)} ms`,
      `${p95(discovery).toFixed(0)} ms`,
      '≤ 150 ms',
    ],
    ['plain `python -c pass`', `${median(plain).toFixed(0)} ms`, `${p95(plain).toFixed(0)} ms`, '—'],
    ['sandboxed `python -c pass`', `${median(sandboxed).toFixed(0)} ms`, `${p95(sandboxed).toFixed(0)} ms`, '—'],
    ['sandbox overhead', `${median(overhead).toFixed(0)} ms`, `${p95(overhead).toFixed(0)} ms`, '≤ 50 ms'],
    ['cancel → every process gone', `${median(cancels).toFixed(0)} ms`, `${p95(cancels).toFixed(0)} ms`, '≤ 100 ms'],
  ];
  const widths = [0, 1, 2, 3].map((c) =>
    Math.max(...rows.map((r) => r[c].length), ['step', 'median', 'p95', 'target'][c].length),
  );
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  console.log(`\nrepeats: ${REPEAT}; ${os.cpus().length} cores; load average ${load}\n`);
  console.log(line(['step', 'median', 'p95', 'target']));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => rmSync(tmp, { recursive: true, force: true }))
  // Then model runs through the whole server (models.ts), unless BENCH_RUNNER_MODELS=0.
  .then(() => (process.env.BENCH_RUNNER_MODELS === '0' || process.exitCode ? undefined : import('./models.ts')))
  // Then 40 light runs from 4 projects and fairness (throughput.ts), unless BENCH_RUNNER_THROUGHPUT=0.
  .then(() =>
    process.env.BENCH_RUNNER_THROUGHPUT === '0' || process.exitCode ? undefined : import('./throughput.ts'),
  );
