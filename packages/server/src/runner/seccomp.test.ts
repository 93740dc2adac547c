import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interpreter } from './interpreters.ts';
import { runSandboxed } from './sandbox.ts';
import {
  AUDIT_ARCH_X86_64,
  BPF,
  DENIED_SYSCALLS,
  type Instruction,
  SECCOMP_RET_ALLOW,
  SECCOMP_RET_ERRNO,
  SECCOMP_RET_KILL_PROCESS,
  seccompBytes,
  seccompProgram,
} from './seccomp.ts';
import { interpreter } from './testing.ts';

/** Runs a classic BPF program on one seccomp_data (arch, nr), as the kernel does: the action it returns. */
function evaluate(program: Instruction[], data: { arch: number; nr: number }): number {
  const words = new Map([
    [0, data.nr],
    [4, data.arch],
  ]);
  let accumulator = 0;
  for (let pc = 0; pc < program.length; pc++) {
    const { code, jt, jf, k } = program[pc];
    if (code === BPF.LD_W_ABS) accumulator = words.get(k) ?? 0;
    else if (code === BPF.JEQ_K) pc += accumulator === k ? jt : jf;
    else if (code === BPF.JGE_K) pc += accumulator >>> 0 >= k >>> 0 ? jt : jf;
    else if (code === BPF.RET_K) return k >>> 0;
    else throw new Error(`unknown opcode ${code}`);
  }
  throw new Error('the program fell off its end');
}

const EPERM = (SECCOMP_RET_ERRNO | 1) >>> 0;
const x86_64 = AUDIT_ARCH_X86_64;

describe('the seccomp program', () => {
  it.each([
    ['read', { arch: x86_64, nr: 0 }, SECCOMP_RET_ALLOW],
    ['mmap', { arch: x86_64, nr: 9 }, SECCOMP_RET_ALLOW],
    ['clone', { arch: x86_64, nr: 56 }, SECCOMP_RET_ALLOW],
    ['personality', { arch: x86_64, nr: 135 }, SECCOMP_RET_ALLOW],
    ['clone3', { arch: x86_64, nr: 435 }, SECCOMP_RET_ALLOW],
    ['ptrace', { arch: x86_64, nr: 101 }, EPERM],
    ['mount', { arch: x86_64, nr: 165 }, EPERM],
    ['unshare', { arch: x86_64, nr: 272 }, EPERM],
    ['bpf', { arch: x86_64, nr: 321 }, EPERM],
    ['io_uring_setup', { arch: x86_64, nr: 425 }, EPERM],
    ['mount_setattr (the last)', { arch: x86_64, nr: 442 }, EPERM],
    ['an x32 read', { arch: x86_64, nr: 0x40000000 }, EPERM],
    ['an x32 ptrace', { arch: x86_64, nr: 0x40000000 + 521 }, EPERM],
    ['i386 (int 0x80)', { arch: 0x40000003, nr: 26 }, SECCOMP_RET_KILL_PROCESS],
  ])('%s → %i', (_name, data, action) => {
    expect(evaluate(seccompProgram(), data)).toBe(action >>> 0);
  });

  it('denies every listed call, and is 8 little-endian bytes per instruction', () => {
    const program = seccompProgram();
    for (const [name, nr] of Object.entries(DENIED_SYSCALLS)) {
      expect(evaluate(program, { arch: x86_64, nr }), name).toBe(EPERM);
    }
    const bytes = seccompBytes(program);
    expect(bytes.length).toBe(program.length * 8);
    expect([...bytes.subarray(0, 8)]).toEqual([0x20, 0, 0, 0, 4, 0, 0, 0]); // ld [4]: the architecture
    expect(bytes.readUInt32LE(bytes.length - 4)).toBe(EPERM);
  });
});

describe('in the sandbox', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-seccomp-test-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  let py: Interpreter;
  beforeAll(async () => {
    py = await interpreter('3.11');
  });

  async function python(code: string) {
    let out = '';
    const result = await runSandboxed({
      interpreter: py,
      runDir: mkdtempSync(path.join(tmp, 'run-')),
      argv: [py.path, '-c', code],
      onStdout: (c) => {
        out += c;
      },
      onStderr: (c) => {
        out += c;
      },
    });
    return { ...result, out };
  }

  it('each denied call fails with EPERM; an allowed one works; the program is not left open', async () => {
    // Called with zero arguments: what matters is that the filter answers before the kernel looks at them.
    const code = `import ctypes, errno, json, os, sys
libc = ctypes.CDLL(None, use_errno=True)
numbers = json.loads(sys.argv[1])
seen = {}
for name, nr in numbers.items():
    ctypes.set_errno(0)
    result = libc.syscall(nr, 0, 0, 0, 0, 0)
    seen[name] = errno.errorcode.get(ctypes.get_errno(), "OK") if result == -1 else "OK"
seen["getpid"] = "OK" if libc.syscall(39) == os.getpid() else "wrong"
try:
    os.fstat(5)
    seen["fd5"] = "open"
except OSError as err:
    seen["fd5"] = errno.errorcode[err.errno]
print(json.dumps(seen))`;
    let out = '';
    const run = await runSandboxed({
      interpreter: py,
      runDir: mkdtempSync(path.join(tmp, 'run-')),
      argv: [py.path, '-c', code, JSON.stringify(DENIED_SYSCALLS)],
      onStdout: (c) => {
        out += c;
      },
    });
    expect(run.outcome).toBe('ok');
    const seen = JSON.parse(out);
    for (const name of Object.keys(DENIED_SYSCALLS)) expect(seen[name], name).toBe('EPERM');
    expect(seen.getpid).toBe('OK');
    expect(seen.fd5).toBe('EBADF');
  });

  it('numpy-free Python still works as usual: threads, subprocesses, sockets of its own', async () => {
    const run = await python(`import subprocess, threading, socket
t = threading.Thread(target=lambda: None); t.start(); t.join()
a, b = socket.socketpair(); a.send(b"x"); assert b.recv(1) == b"x"
print(subprocess.run(["echo", "fine"], capture_output=True, text=True).stdout.strip())`);
    expect(run.outcome).toBe('ok');
    expect(run.out.trim()).toBe('fine');
  });
});
