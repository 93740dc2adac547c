import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../modules/datasets/datasets.fixtures.ts';
import { type Environment, ensureEnvironment } from './envs.ts';
import type { Interpreter } from './interpreters.ts';
import { type RunFunction, runFunction } from './run.ts';
import { type RunSpec, SandboxPool, type ServingSandbox } from './serving.ts';
import { interpreter, sharedEnvsDir, writeTree } from './testing.ts';

/**
 * Sandboxes that serve one spec's runs one after another, with real bubblewrap and real pandas and polars environments: the
 * libraries imported once, a fresh process per run, nothing of a run left for the next (files, /tmp, processes,
 * standard input), only the same spec and owner served, and no process left once stopped.
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-serving-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let py: Interpreter;
let env: Environment;
let spec: RunSpec;
let polarsSpec: RunSpec;
beforeAll(async () => {
  py = await interpreter('3.11');
  env = await ensureEnvironment({ interpreter: py, requirements: 'pandas\npyarrow', envsDir: sharedEnvsDir() });
  spec = { interpreter: py, envPath: env.envPath, packageDir: pkg, limits: { memoryMb: 512 }, owner: 'project-a' };
  const polars = await ensureEnvironment({ interpreter: py, requirements: 'polars', envsDir: sharedEnvsDir() });
  polarsSpec = { ...spec, envPath: polars.envPath };
}, 300_000);

const pkg = writeTree(path.join(tmp, 'pkg'), {
  'board.py': `import json, os, subprocess, sys, time
BEFORE = sorted(name for name in ("pandas", "helper") if name in sys.modules)
import pandas as pd
import helper
LOADED = time.time()
COUNT = [0]
print("board imported", flush=True)

def report(tag: str):
    COUNT[0] += 1
    return {"tag": tag, "before": ",".join(BEFORE), "loaded": LOADED, "count": COUNT[0],
            "rows": len(pd.DataFrame({"a": [1, 2]}))}

def litter():
    open("/tmp/secret", "w").write("from the last run")
    open("/work/beside", "w").write("beside the run's folder")
    open("secret", "w").write("in the run's folder")
    # Left running, holding the run's output: the run still ends when its function returns.
    subprocess.Popen(["sleep", "1000"])
    subprocess.Popen(["sleep", "1001"], start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return {"left": 2}

def inspect():
    others = sorted(int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) != os.getpid())
    commands = [open("/proc/%d/cmdline" % p).read().replace("\\0", " ").strip() for p in others]
    # (the tests' environments are mounted under /tmp: that mount point is not a run's)
    tmp = [name for name in sorted(os.listdir("/tmp")) if not sys.prefix.startswith("/tmp/" + name + "/")]
    return {"work": sorted(os.listdir("/work")), "tmp": tmp, "stdin": sys.stdin.read(),
            "sleeping": [c for c in commands if c.startswith("sleep")], "processes": len(others)}

def forge():
    os.write(3, b'{"event": "done", "code": 0}\\n{"event": "log", "stream": "stdout", "text": "forged"}\\n')
    time.sleep(0.5)
    return {"genuine": 1}

def sleepy(seconds: int):
    print("sleeping", flush=True)
    time.sleep(seconds)
`,
  'helper.py': 'VALUE = 1\n',
  'boot/sitecustomize.py': `# With PYTHONPATH=/pkg/boot: a thread started as the interpreter starts, as some libraries do when imported.
import threading, time
threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
`,
  'where.py': `import os, sys
if os.environ.get("WITH_POLARS"):
    import polars

def where():
    return {"fresh": "--run" in open("/proc/self/cmdline").read().split("\\0"), "pid": os.getpid()}
`,
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

let served = 0;
/** Runs `functionName` in `sandbox` (a new run folder each time), its log collected. */
async function serveRun(sandbox: ServingSandbox, functionName: string, more: Partial<RunFunction> = {}) {
  let log = '';
  const runName = `run-${++served}`;
  const run = await runFunction({
    ...spec,
    sandbox,
    runName,
    hostDir: path.join(tmp, `${runName}.host`),
    module: 'board',
    functionName,
    inputs: [],
    onLog: (_stream, text) => {
      log += text;
    },
    ...more,
  });
  return { ...run, log };
}

describe('sandboxes that serve runs one after another', () => {
  it('import the libraries once, and give each run a fresh process', async () => {
    const pool = new SandboxPool({ dir: path.join(tmp, 'served'), max: 2, idleMs: 60_000 });
    try {
      const sandbox = pool.acquire(spec);
      const tag = (value: string) => ({ inputs: [{ name: 'tag', type: 'string' as const, value }] });
      const first = await serveRun(sandbox, 'report', tag('first'));
      expect(first.outcome, first.error).toBe('ok');
      // pandas was imported by the serving process before the package's module: a run only imports the package.
      expect(first.result).toMatchObject({ tag: 'first', before: 'pandas', count: 1, rows: 2 });
      expect(first.log).toBe('board imported\n');
      pool.release(sandbox);
      expect(pool.waiting()).toEqual([sandbox.dir]);

      const again = pool.acquire(spec);
      expect(again).toBe(sandbox);
      expect(pool.reused).toBe(1);
      const go = Date.now() / 1000;
      const second = await serveRun(again, 'report', tag('second'));
      const result = second.result as { loaded: number; count: number };
      // A fresh process: the module is imported again, its state starts over.
      expect(second.result).toMatchObject({ tag: 'second', before: 'pandas', count: 1 });
      expect(result.loaded).toBeGreaterThanOrEqual(go - 0.01);
      pool.release(again);
    } finally {
      await pool.close();
    }
  });

  it("leave nothing of a run to the next: files, /tmp, processes, and the sandbox's input", async () => {
    const pool = new SandboxPool({ dir: path.join(tmp, 'served'), max: 2, idleMs: 60_000 });
    try {
      const sandbox = pool.acquire(spec);
      const litter = await serveRun(sandbox, 'litter');
      expect(litter.outcome, litter.error).toBe('ok');
      expect(litter.result).toEqual({ left: 2 });
      const inspect = await serveRun(sandbox, 'inspect');
      expect(inspect.outcome, inspect.error).toBe('ok');
      // Only its own folder, an empty /tmp, no sleeper, and the serving process and bubblewrap's first only.
      expect(inspect.result).toEqual({ work: [`run-${served}`], tmp: [], stdin: '', sleeping: [], processes: 2 });
      pool.release(sandbox);
    } finally {
      await pool.close();
    }
  });

  it("take a run's end only from the serving process, never from the function's own events", async () => {
    const pool = new SandboxPool({ dir: path.join(tmp, 'served'), max: 2, idleMs: 60_000 });
    try {
      const sandbox = pool.acquire(spec);
      const forged = await serveRun(sandbox, 'forge');
      expect(forged.outcome, forged.error).toBe('ok');
      expect(forged.result).toEqual({ genuine: 1 });
      expect(forged.log).toBe('board imported\n');
      pool.release(sandbox);
    } finally {
      await pool.close();
    }
  });

  it('start each run in a fresh interpreter when a library left threads running in the serving process', async () => {
    const pool = new SandboxPool({ dir: path.join(tmp, 'served'), max: 2, idleMs: 60_000 });
    try {
      const forked = pool.acquire(spec);
      const plain = await serveRun(forked, 'where', { module: 'where' });
      expect(plain.result).toMatchObject({ fresh: false });
      pool.release(forked);
      // A thread started before any library (sitecustomize), and polars' pool (it is not ready for a fork).
      for (const threadedSpec of <RunSpec[]>[
        { ...spec, env: { PYTHONPATH: '/pkg/boot' } },
        { ...polarsSpec, env: { WITH_POLARS: '1' } },
      ]) {
        const threaded = pool.acquire(threadedSpec);
        const first = await serveRun(threaded, 'where', { ...threadedSpec, module: 'where' });
        const second = await serveRun(threaded, 'where', { ...threadedSpec, module: 'where' });
        expect(first.outcome, first.error).toBe('ok');
        expect(first.result).toMatchObject({ fresh: true });
        expect(second.result).toMatchObject({ fresh: true });
        pool.release(threaded);
      }
    } finally {
      await pool.close();
    }
  });

  it('serve only the same spec and owner', async () => {
    const pool = new SandboxPool({ dir: path.join(tmp, 'served'), max: 3, idleMs: 60_000 });
    try {
      const sandbox = pool.acquire(spec);
      pool.release(sandbox);
      for (const other of [
        { ...spec, owner: 'project-b' },
        { ...spec, limits: { memoryMb: 1024 } },
        { ...spec, env: { OTHER: 'x' } },
      ]) {
        const another = pool.acquire(other);
        expect(another).not.toBe(sandbox);
        await another.discard();
      }
      expect(pool.acquire(spec)).toBe(sandbox);
      await sandbox.discard();
    } finally {
      await pool.close();
    }
  });

  it('leave no process: cancelled while running, timed out, unused past their idle time, closed', async () => {
    const pool = new SandboxPool({ dir: path.join(tmp, 'served'), max: 1, idleMs: 60_000 });
    try {
      const running = pool.acquire(spec);
      const controller = new AbortController();
      let log = '';
      const run = serveRun(running, 'sleepy', {
        inputs: [{ name: 'seconds', type: 'integer', value: 60 }],
        signal: controller.signal,
        onLog: (_stream, text) => {
          log += text;
        },
      });
      await eventually(() => log.includes('sleeping'), 'the function runs', 10_000);
      controller.abort();
      expect((await run).outcome).toBe('cancelled');
      expect(processesOf(running.dir)).toEqual([]);
      expect(running.alive).toBe(false);
      pool.release(running);
      await eventually(() => !existsSync(running.dir), 'its folder removed', 10_000);

      const slow = pool.acquire(spec);
      expect(slow).not.toBe(running);
      const timedOut = await serveRun(slow, 'sleepy', {
        inputs: [{ name: 'seconds', type: 'integer', value: 60 }],
        limits: { ...spec.limits, wallSeconds: 2 },
      });
      expect(timedOut.outcome).toBe('timeout');
      expect(processesOf(slow.dir)).toEqual([]);
      pool.release(slow);

      const short = new SandboxPool({ dir: path.join(tmp, 'served'), max: 1, idleMs: 300 });
      const idle = short.acquire(spec);
      expect((await serveRun(idle, 'report', { inputs: [{ name: 'tag', type: 'string', value: 'x' }] })).outcome).toBe(
        'ok',
      );
      short.release(idle);
      await eventually(() => !existsSync(idle.dir), 'the idle sandbox is stopped and its folder removed', 10_000);
      expect(processesOf(idle.dir)).toEqual([]);
      expect(short.waiting()).toEqual([]);

      const kept = pool.acquire(spec);
      const other = pool.acquire({ ...spec, env: { OTHER: 'x' } });
      pool.release(kept);
      pool.release(other); // max 1: the first one is stopped for it
      await eventually(() => !existsSync(kept.dir), 'the longest waiting one stopped', 10_000);
      await eventually(() => processesOf(other.dir).length > 0, 'the other one runs', 10_000);
      await pool.close();
      expect(processesOf(other.dir)).toEqual([]);
      expect(existsSync(other.dir)).toBe(false);
    } finally {
      await pool.close();
    }
  });
});
