import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interpreter } from './interpreters.ts';
import { runSandboxed, type SandboxRun, sandboxStatus } from './sandbox.ts';
import { interpreter } from './testing.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-sandbox-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let py: Interpreter;
beforeAll(async () => {
  py = await interpreter('3.11');
});

async function python(code: string, extra: Partial<SandboxRun> = {}) {
  const runDir = mkdtempSync(path.join(tmp, 'run-'));
  let out = '';
  const result = await runSandboxed({
    interpreter: py,
    runDir,
    argv: [py.path, '-c', code],
    onStdout: (c) => {
      out += c;
    },
    onStderr: (c) => {
      out += c;
    },
    ...extra,
  });
  return { ...result, out, runDir };
}

describe('the sandbox', () => {
  it('is active here (bubblewrap works on this machine)', async () => {
    expect(await sandboxStatus()).toMatchObject({ mode: 'auto', active: true });
    expect(await sandboxStatus({ SANDBOX: 'off' })).toMatchObject({ mode: 'off', active: false });
  });

  it('runs as nobody and can write its own folder', async () => {
    const run = await python(
      'import os, getpass; open("/work/out.txt", "w").write("hello"); print(os.getuid(), getpass.getuser(), os.getcwd())',
    );
    expect(run).toMatchObject({ outcome: 'ok', exitCode: 0, sandboxed: true });
    expect(run.out.trim()).toBe('65534 nobody /work');
    expect(readFileSync(path.join(run.runDir, 'out.txt'), 'utf8')).toBe('hello');
  });

  it('cannot open a socket to 127.0.0.1', async () => {
    const code = 'import socket\ns = socket.socket()\ns.settimeout(2)\ns.connect(("127.0.0.1", 5432))';
    const run = await python(code);
    expect(run.outcome).toBe('error');
    expect(run.out).toMatch(/ConnectionRefusedError|Network is unreachable/);
    // The same connection works outside the sandbox (PostgreSQL listens there), so the refusal is the sandbox's doing.
    expect(() => execFileSync(py.path, ['-c', code], { stdio: 'pipe' })).not.toThrow();
  });

  it('cannot write outside its folder', async () => {
    const outside = path.join(tmp, 'outside.txt');
    for (const target of ['/usr/evil', '/etc/evil', outside, `${py.prefix}/evil`]) {
      const run = await python(`open(${JSON.stringify(target)}, "w").write("x")`);
      expect(run.outcome, target).toBe('error');
      expect(run.out, target).toMatch(/Read-only file system|Permission denied|No such file or directory/);
    }
    expect(existsSync(outside)).toBe(false);
    expect(existsSync('/etc/evil')).toBe(false);
  });

  it("cannot read the server's environment variables", async () => {
    process.env.TESSERA_TEST_SECRET = 'server-secret-value';
    try {
      const code = `import os, json
seen = dict(os.environ)
try:
    seen["proc"] = open("/proc/${process.pid}/environ").read()
except OSError as err:
    seen["proc"] = type(err).__name__
print(json.dumps(seen))`;
      const run = await python(code, { env: { PACKAGE_VAR: 'mine' } });
      const seen = JSON.parse(run.out);
      expect(JSON.stringify(seen)).not.toContain('server-secret-value');
      expect(seen.TESSERA_TEST_SECRET).toBeUndefined();
      expect(seen.DATABASE_URL).toBeUndefined();
      expect(seen.PACKAGE_VAR).toBe('mine');
      expect(seen.proc).toBe('FileNotFoundError');
    } finally {
      delete process.env.TESSERA_TEST_SECRET;
    }
  });

  it('kills a memory hog and reports it as memory', async () => {
    const hog = 'chunks = []\nwhile True:\n    chunks.append(bytearray(20 * 1024 * 1024))';
    const run = await python(hog, { limits: { memoryMb: 150 } });
    expect(run.outcome).toBe('memory');
  });

  it('limits how many processes a run may start', async () => {
    const code = `import subprocess
children = []
try:
    for _ in range(60):
        children.append(subprocess.Popen(["sleep", "5"]))
finally:
    print("started", len(children))
    for child in children:
        child.kill()`;
    const run = await python(code, { limits: { pids: 20 } });
    expect(run.outcome).toBe('error');
    expect(run.out).toMatch(/BlockingIOError|Resource temporarily unavailable/);
    const started = Number(/started (\d+)/.exec(run.out)?.[1]);
    expect(started).toBeGreaterThan(0);
    expect(started).toBeLessThan(20);
  });

  it('limits the size of a file a run writes', async () => {
    const run = await python('open("/work/big", "wb").write(b"x" * 3 * 1024 * 1024)', { limits: { fileSizeMb: 1 } });
    expect(run.outcome).toBe('error');
    expect(run.out).toMatch(/File too large/);
  });

  it('stops at its wall-time limit', async () => {
    const started = Date.now();
    const run = await python('import time; time.sleep(30)', { limits: { wallSeconds: 1 } });
    expect(run.outcome).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('cancels a sleeping run with child processes and leaves no process behind', async () => {
    const marker = `${600 + Math.floor(Math.random() * 1000)}.${process.pid}`;
    const code = `import subprocess, os, time
subprocess.Popen(["sleep", "${marker}"])
subprocess.Popen(["sh", "-c", "sleep ${marker}"])
subprocess.Popen(["setsid", "sleep", "${marker}"], start_new_session=True)
time.sleep(0.3)
print("started", flush=True)
time.sleep(600)`;
    const controller = new AbortController();
    const alive = () =>
      execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes(`sleep ${marker}`) && !line.includes('ps -eo'));
    const run = python(code, {
      signal: controller.signal,
      onStdout: (chunk) => chunk.includes('started') && controller.abort(),
    });
    const result = await run;
    expect(result.outcome).toBe('cancelled');
    expect(alive()).toEqual([]);
  });

  it('cancels at any moment of its start-up, even before the sandbox has said its pid', async () => {
    // Aborts from 0 to 60 ms after the call: before the launcher, inside bubblewrap's set-up, in Python.
    for (const delay of [0, 5, 10, 20, 40, 60]) {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), delay);
      // A stop lost in start-up would leave this waiting for the 10-minute sleep: the test's timeout says so.
      const result = await python('import time; time.sleep(600)', { signal: controller.signal });
      expect(result.outcome, `aborted after ${delay} ms`).toBe('cancelled');
    }
  });

  it('runs without isolation when SANDBOX=off, and says so', async () => {
    process.env.SANDBOX = 'off';
    try {
      const run = await python('import os; print(os.getcwd())');
      expect(run).toMatchObject({ outcome: 'ok', sandboxed: false });
      expect(run.out.trim()).toBe(run.runDir);
    } finally {
      delete process.env.SANDBOX;
    }
  });

  it('cannot make a user namespace of its own: neither `unshare -r` nor clone(CLONE_NEWUSER)', async () => {
    const code = `import ctypes, errno, json, os, subprocess
libc = ctypes.CDLL(None, use_errno=True)
seen = {"unshare -r": subprocess.run(["unshare", "-r", "true"], capture_output=True).returncode}
ctypes.set_errno(0)
pid = libc.syscall(56, 0x10000000 | 17, 0, 0, 0, 0)  # clone(CLONE_NEWUSER | SIGCHLD): not filtered by seccomp
if pid == 0:
    os._exit(0)
seen["clone"] = errno.errorcode.get(ctypes.get_errno(), "OK") if pid == -1 else "OK"
print(json.dumps(seen))`;
    const run = await python(code);
    expect(run.outcome, run.out).toBe('ok');
    const seen = JSON.parse(run.out);
    expect(seen['unshare -r']).not.toBe(0);
    // --disable-userns: the sandbox's own limit of user namespaces is 0 (ENOSPC).
    expect(seen.clone).toBe('ENOSPC');
  });

  it('reports a failing program as an error with its exit code', async () => {
    const run = await python('import sys; sys.exit(3)');
    expect(run).toMatchObject({ outcome: 'error', exitCode: 3 });
  });
});
