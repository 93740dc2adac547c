import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../modules/datasets/datasets.fixtures.ts';
import { type Environment, ensureEnvironment } from './envs.ts';
import type { Interpreter } from './interpreters.ts';
import { type RunSpec, runFunction } from './run.ts';
import { interpreter, sharedEnvsDir, writeTree } from './testing.ts';
import { WarmSandboxes } from './warm.ts';

/** Warm starts with real bubblewrap and a real polars environment: what runs before the run, and what is left after. */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-warm-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let py: Interpreter;
let env: Environment;
let spec: RunSpec;
beforeAll(async () => {
  py = await interpreter('3.11');
  env = await ensureEnvironment({ interpreter: py, requirements: 'polars', envsDir: sharedEnvsDir() });
  spec = { interpreter: py, envPath: env.envPath, packageDir: pkg, limits: { memoryMb: 512 } };
}, 300_000);

const pkg = writeTree(path.join(tmp, 'pkg'), {
  'board.py': `import sys, time
BEFORE = sorted(name for name in ("polars", "helper") if name in sys.modules)
import polars as pl
import helper
LOADED = time.time()
print("board imported", flush=True)

def report(tag: str):
    return {"tag": tag, "before": ",".join(BEFORE), "loaded": LOADED, "rows": pl.DataFrame({"a": [1, 2]}).height}

def sleepy(seconds: int):
    print("sleeping", flush=True)
    time.sleep(seconds)
`,
  'helper.py': 'VALUE = 1\n',
});

/** Processes whose command line names this folder (the sandbox binds it). */
function processesOf(dir: string): string[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
      } catch {
        return false;
      }
    });
}

describe('warm sandboxes', () => {
  it('start a run in a sandbox started before it: the libraries imported, none of the package run', async () => {
    const pool = new WarmSandboxes({ dir: path.join(tmp, 'runs'), max: 2, idleMs: 60_000 });
    try {
      pool.keep(spec);
      const [dir] = pool.waiting();
      await eventually(() => processesOf(dir).length > 0, 'the warm sandbox runs', 10_000);
      await sleep(1500); // its warm-up (polars) has time to finish: the run must not have started meanwhile
      const warm = pool.take(spec);
      expect(warm?.runDir).toBe(dir);
      expect(pool.take(spec), 'one sandbox serves one run').toBeUndefined();
      let log = '';
      const go = Date.now() / 1000;
      const run = await runFunction({
        ...spec,
        warm,
        runDir: dir,
        module: 'board',
        functionName: 'report',
        inputs: [{ name: 'tag', type: 'string', value: 'first' }],
        onLog: (_stream, text) => {
          log += text;
        },
      });
      expect(run.outcome).toBe('ok');
      const result = run.result as { tag: string; before: string; loaded: number; rows: number };
      expect(result).toMatchObject({ tag: 'first', before: 'polars', rows: 2 });
      expect(result.loaded, "the package's own module is imported once the run started").toBeGreaterThanOrEqual(go);
      expect(log).toBe('board imported\n');
      expect(pool.taken).toBe(1);
      await eventually(() => processesOf(dir).length === 0, 'the run is over', 10_000);
    } finally {
      await pool.close();
    }
  });

  it('serve only the same spec; a package variable cannot make a run wait for a start it never gets', async () => {
    const pool = new WarmSandboxes({ dir: path.join(tmp, 'runs'), max: 2, idleMs: 60_000 });
    try {
      pool.keep(spec);
      const other = { ...spec, env: { TESSERA_WARM: '1' } };
      expect(pool.take(other)).toBeUndefined();
      expect(pool.take({ ...spec, limits: { memoryMb: 1024 } })).toBeUndefined();
      const runDir = mkdtempSync(path.join(tmp, 'cold-'));
      const cold = await runFunction({
        ...other,
        runDir,
        module: 'board',
        functionName: 'report',
        inputs: [{ name: 'tag', type: 'string', value: 'cold' }],
      });
      expect(cold.result).toMatchObject({ tag: 'cold', before: '' });
      expect(pool.waiting()).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  it('leave no process: cancelled while running, discarded before starting, unused past their idle time, closed', async () => {
    const pool = new WarmSandboxes({ dir: path.join(tmp, 'runs'), max: 1, idleMs: 60_000 });
    try {
      pool.keep(spec);
      const running = pool.take(spec)!;
      const controller = new AbortController();
      let log = '';
      const run = runFunction({
        ...spec,
        warm: running,
        runDir: running.runDir,
        module: 'board',
        functionName: 'sleepy',
        inputs: [{ name: 'seconds', type: 'integer', value: 60 }],
        signal: controller.signal,
        onLog: (_stream, text) => {
          log += text;
        },
      });
      await eventually(() => log.includes('sleeping'), 'the function runs', 10_000);
      controller.abort();
      expect((await run).outcome).toBe('cancelled');
      expect(processesOf(running.runDir)).toEqual([]);

      pool.keep(spec);
      const unused = pool.take(spec)!;
      await eventually(() => processesOf(unused.runDir).length > 0, 'the warm sandbox runs', 10_000);
      await unused.discard();
      expect(processesOf(unused.runDir)).toEqual([]);

      const short = new WarmSandboxes({ dir: path.join(tmp, 'runs'), max: 1, idleMs: 300 });
      short.keep(spec);
      const [idle] = short.waiting();
      await eventually(() => processesOf(idle).length > 0, 'the warm sandbox runs', 10_000);
      await eventually(() => !existsSync(idle), 'the idle sandbox is stopped and its folder removed', 10_000);
      expect(processesOf(idle)).toEqual([]);
      expect(short.waiting()).toEqual([]);

      pool.keep(spec);
      pool.keep({ ...spec, env: { OTHER: 'x' } }); // max 1: the first one is stopped for it
      const [kept] = pool.waiting();
      await eventually(() => processesOf(kept).length > 0, 'the warm sandbox runs', 10_000);
      await pool.close();
      expect(processesOf(kept)).toEqual([]);
      expect(existsSync(kept)).toBe(false);
      pool.keep(spec);
      expect(pool.waiting(), 'a closed pool starts nothing').toEqual([]);
    } finally {
      await pool.close();
    }
  });
});
