import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, lstatSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { cgroupKind, cgroupLabel, createRunCgroup, type RunCgroup, tryKill } from './cgroup.ts';
import { SandboxUnavailableError } from './errors.ts';
import type { Interpreter } from './interpreters.ts';
import { seccompBytes, seccompSupported } from './seccomp.ts';

const run = promisify(execFile);

export type SandboxMode = 'required' | 'auto' | 'off';
export interface SandboxStatus {
  mode: SandboxMode;
  active: boolean;
  /** Why the sandbox is not active, or which limits it can enforce. */
  reason?: string;
}

export interface RunLimits {
  memoryMb: number;
  pids: number;
  fileSizeMb: number;
  wallSeconds: number;
}
export const DEFAULT_LIMITS: RunLimits = { memoryMb: 2048, pids: 256, fileSizeMb: 2048, wallSeconds: 3600 };

export interface Bind {
  src: string;
  dest: string;
  writable?: boolean;
}

export interface SandboxRun {
  interpreter: Interpreter;
  envPath?: string;
  packageDir?: string;
  runDir: string;
  /** The program and its arguments, as seen inside the sandbox. */
  argv: string[];
  /** The package's own variables: the only ones the process sees, with HOME, PATH and a few Python settings. */
  env?: Record<string, string>;
  limits?: Partial<RunLimits>;
  /** Only environment builds share the network (so pip reaches its index). */
  network?: boolean;
  /** More mounts (builds: the environment folder, pip, the index folders). */
  binds?: Bind[];
  signal?: AbortSignal;
  onStdout?: (chunk: string) => void;
  onStderr?: (chunk: string) => void;
  /** JSON-lines events the process writes on file descriptor 3. */
  onEvent?: (event: Record<string, unknown>) => void;
  /** Called once the process is started, with a way to stop it early and to write on its standard input. */
  onStart?: (control: SandboxControl) => void;
  /**
   * The harness serves runs named on its standard input, one after another (serving.ts): standard input is a pipe,
   * and the wall-time limit is the caller's, per run (it stops the sandbox as 'timeout').
   */
  serve?: boolean;
}

export interface SandboxControl {
  /** Kills the sandbox; its outcome is `as` (default 'cancelled'). */
  stop(as?: Outcome): void;
  /** Writes on the process's standard input (with `serve`). */
  send(text: string): void;
  /** Closes its standard input (with `serve`: the harness ends once its run is over). */
  end(): void;
}

export type Outcome = 'ok' | 'error' | 'timeout' | 'memory' | 'cancelled';
export interface SandboxResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  outcome: Outcome;
  /** Whether bubblewrap isolated this run (false when SANDBOX=off or auto without a working bubblewrap). */
  sandboxed: boolean;
}

/** Where the package, the harness and the run folder appear inside the sandbox. */
export const SANDBOX_PATHS = { pkg: '/pkg', runner: '/runner', work: '/work' } as const;
export const RUNNER_DIR = path.dirname(new URL(import.meta.url).pathname);

const BWRAP = process.env.BWRAP_BIN || 'bwrap';

export function sandboxMode(env: NodeJS.ProcessEnv = process.env): SandboxMode {
  const value = (env.SANDBOX ?? 'auto').toLowerCase();
  return value === 'required' || value === 'off' ? value : 'auto';
}

/** Root-level links (/bin, /lib, /lib64, /sbin): the same symlinks as on the host, or read-only binds of real folders. */
function rootLinks(): string[] {
  const args: string[] = [];
  for (const name of ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32']) {
    const at = `/${name}`;
    try {
      const st = lstatSync(at);
      if (st.isSymbolicLink()) args.push('--symlink', `usr/${name}`, at);
      else if (st.isDirectory()) args.push('--ro-bind', at, at);
    } catch {}
  }
  return args;
}

const baseArgs = () => [
  '--die-with-parent',
  '--new-session',
  '--unshare-all',
  '--unshare-user',
  // No namespace of its own inside (`unshare -r`, CLONE_NEWUSER): docs/security.md, "A harder sandbox". bwrap ≥ 0.8.
  '--disable-userns',
  '--uid',
  '65534',
  '--gid',
  '65534',
  '--cap-drop',
  'ALL',
  '--hostname',
  'sandbox',
  '--ro-bind',
  '/usr',
  '/usr',
  ...rootLinks(),
  '--proc',
  '/proc',
  '--dev',
  '/dev',
  '--tmpfs',
  '/tmp',
];

let probed: Promise<string | undefined> | undefined;

/** Runs `bwrap … /bin/true` once: undefined when it works, else bwrap's own words. */
function probeBwrap(): Promise<string | undefined> {
  probed ??= run(BWRAP, [...baseArgs(), '--', '/bin/true'], { timeout: 10_000 }).then(
    () => undefined,
    (err: NodeJS.ErrnoException & { stderr?: string }) =>
      err.code === 'ENOENT'
        ? 'bubblewrap (bwrap) is not installed'
        : `bubblewrap does not work here: ${(err.stderr || err.message).trim()}`,
  );
  return probed;
}

export async function sandboxStatus(env: NodeJS.ProcessEnv = process.env): Promise<SandboxStatus> {
  const mode = sandboxMode(env);
  if (mode === 'off') return { mode, active: false, reason: 'SANDBOX=off: runs are not isolated' };
  const failure = await probeBwrap();
  if (failure) return { mode, active: false, reason: failure };
  return { mode, active: true, reason: `bubblewrap with ${cgroupLabel()}` };
}

/** Whether to isolate: throws when SANDBOX=required and bubblewrap does not work. */
async function useSandbox(): Promise<boolean> {
  const status = await sandboxStatus();
  if (status.active) return true;
  if (status.mode === 'required') throw new SandboxUnavailableError(`SANDBOX=required but ${status.reason}`);
  return false;
}

/** The paths a command should use for the package, the harness and the run folder: inside or outside the sandbox. */
export async function pathsFor(opts: { packageDir?: string; runDir: string }) {
  if (await useSandbox()) return SANDBOX_PATHS;
  return { pkg: opts.packageDir ?? '', runner: RUNNER_DIR, work: opts.runDir };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function runEnv(opts: SandboxRun, sandboxed: boolean): Record<string, string> {
  const bin = opts.envPath ? `${opts.envPath}/bin:` : '';
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(opts.env ?? {})) if (ENV_NAME.test(key)) env[key] = String(value);
  return {
    ...env,
    HOME: sandboxed ? '/tmp' : opts.runDir,
    PATH: `${bin}/usr/local/bin:/usr/bin:/bin`,
    LANG: 'C.UTF-8',
    PYTHONUNBUFFERED: '1',
    PYTHONDONTWRITEBYTECODE: '1',
    MPLBACKEND: 'Agg',
    TESSERA_PKG: sandboxed ? SANDBOX_PATHS.pkg : (opts.packageDir ?? ''),
    TESSERA_WORK: sandboxed ? SANDBOX_PATHS.work : opts.runDir,
    TESSERA_RUNNER: sandboxed ? SANDBOX_PATHS.runner : RUNNER_DIR,
    TESSERA_SANDBOXED: sandboxed ? '1' : '0',
  };
}

function bwrapArgs(opts: SandboxRun, env: Record<string, string>): string[] {
  const args = baseArgs();
  for (const file of ['/etc/ssl/certs', '/etc/localtime', '/etc/ca-certificates']) {
    if (existsSync(file)) args.push('--ro-bind', file, file);
  }
  if (opts.network) {
    args.splice(args.indexOf('--unshare-all') + 1, 0, '--share-net');
    for (const file of ['/etc/resolv.conf', '/etc/hosts', '/etc/nsswitch.conf']) {
      if (existsSync(file)) args.push('--ro-bind', file, file);
    }
  }
  // A minimal user database, so libraries that look the user up (getpass, pwd) find "nobody".
  args.push('--ro-bind', path.join(RUNNER_DIR, 'etc', 'passwd'), '/etc/passwd');
  args.push('--ro-bind', path.join(RUNNER_DIR, 'etc', 'group'), '/etc/group');
  if (opts.interpreter.prefix) args.push('--ro-bind', opts.interpreter.prefix, opts.interpreter.prefix);
  if (opts.envPath) args.push('--ro-bind', opts.envPath, opts.envPath);
  if (opts.packageDir) args.push('--ro-bind', opts.packageDir, SANDBOX_PATHS.pkg);
  args.push('--ro-bind', RUNNER_DIR, SANDBOX_PATHS.runner);
  for (const bind of opts.binds ?? []) args.push(bind.writable ? '--bind' : '--ro-bind', bind.src, bind.dest);
  args.push(
    '--bind',
    opts.runDir,
    SANDBOX_PATHS.work,
    '--remount-ro',
    '/',
    '--chdir',
    SANDBOX_PATHS.work,
    '--clearenv',
  );
  for (const [key, value] of Object.entries(env)) args.push('--setenv', key, value);
  args.push('--info-fd', '4');
  if (seccompSupported()) args.push('--seccomp', String(SECCOMP_FD));
  return [...args, '--', ...opts.argv];
}

/**
 * The first process (sh) sets the run's rlimits (open files, file size, and address space when no cgroup limits
 * memory) and its OOM score, writes itself into the run's cgroups, then execs the sandbox: one short shell.
 */
function launcher(cgroup: RunCgroup | undefined, limits: RunLimits, command: string[]): string[] {
  const rlimits = ['ulimit -n 4096', `ulimit -f ${limits.fileSizeMb * 2048}`];
  if (!cgroup || cgroupKind().version === 0) rlimits.push(`ulimit -v ${limits.memoryMb * 1024}`);
  const files = cgroup?.procsFiles ?? [];
  const join = 'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n-1)); done';
  // On a host out of memory the kernel picks the run, never the server.
  const oom = 'echo 1000 > /proc/self/oom_score_adj 2>/dev/null';
  const script = `${rlimits.join(' && ')} || exit 125; ${oom}; ${join}; exec "$@"`;
  return ['/bin/sh', '-c', script, 'sh', String(files.length), ...files, ...command];
}

/** The descriptor bubblewrap reads the seccomp program from (seccomp.ts): written once the sandbox is spawned. */
const SECCOMP_FD = 5;

/** An event line longer than this is cut (and then fails to parse): the sandbox cannot grow the server's memory. */
const MAX_EVENT_CHARS = 1_000_000;

function lines(stream: Readable | null | undefined, each: (line: string) => void): void {
  let rest = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = (parts.pop() ?? '').slice(0, MAX_EVENT_CHARS);
    for (const line of parts) each(line);
  });
  stream?.on('end', () => rest && each(rest));
}

/**
 * Runs a program in bubblewrap: own namespaces, no network unless asked, only the run folder writable,
 * a clean environment, memory and process limits in a per-run cgroup (else ulimit -v), and a wall-time limit.
 * A timeout or an abort kills the sandbox's PID namespace; the promise settles only once every process is gone.
 */
export async function runSandboxed(opts: SandboxRun): Promise<SandboxResult> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const sandboxed = await useSandbox();
  const env = runEnv(opts, sandboxed);
  const cgroup = createRunCgroup(limits);
  const command = sandboxed ? [BWRAP, ...bwrapArgs(opts, env)] : opts.argv;
  const [program, ...args] = launcher(cgroup, limits, command);
  let child: ChildProcess;
  try {
    child = spawn(program, args, {
      cwd: sandboxed ? '/' : opts.runDir,
      env: sandboxed ? { PATH: process.env.PATH ?? '/usr/bin:/bin' } : env,
      stdio: [opts.serve ? 'pipe' : 'ignore', 'pipe', 'pipe', 'pipe', 'pipe', sandboxed ? 'pipe' : 'ignore'],
      detached: !sandboxed,
    });
  } catch (err) {
    await cgroup?.remove();
    throw err;
  }
  let innerPid: number | undefined;
  let stoppedAs: Outcome | undefined;
  const stop = (as: Outcome) => {
    if (stoppedAs) return;
    stoppedAs = as;
    if (!sandboxed) {
      if (child.pid) tryKill(-child.pid);
    } else if (innerPid) tryKill(innerPid);
    else if (child.pid) tryKill(child.pid);
    // Also everything in the run's group: a stop during bubblewrap's start-up (its sandbox's pid not known yet)
    // must not leave a process that keeps the run, and its pipes, alive.
    cgroup?.killAll();
  };
  const seccomp = (child.stdio as unknown as Array<Writable | null>)[SECCOMP_FD];
  seccomp?.on('error', () => undefined); // bubblewrap gone before it read it: the run fails on its own
  seccomp?.end(seccompBytes());
  child.stdout?.setEncoding('utf8').on('data', (c: string) => opts.onStdout?.(c));
  child.stderr?.setEncoding('utf8').on('data', (c: string) => opts.onStderr?.(c));
  lines(child.stdio[3] as Readable, (line) => {
    if (!line.trim()) return;
    try {
      opts.onEvent?.(JSON.parse(line));
    } catch {
      opts.onStderr?.(`${line}\n`);
    }
  });
  // bwrap's --info-fd: the sandbox's first process, in this PID namespace. The sandbox inherits the descriptor: keep
  // draining it (bwrap writes more after the pid) but never keep more than a little of it.
  let info = '';
  (child.stdio[4] as Readable | null)?.setEncoding('utf8').on('data', (c: string) => {
    if (innerPid) return;
    info = (info + c).slice(0, 4096);
    const match = /"child-pid"\s*:\s*(\d+)/.exec(info);
    if (!match) return;
    innerPid = Number(match[1]);
    // Stopped before the pid was known: the sandbox's first process goes now.
    if (stoppedAs) tryKill(innerPid);
  });
  const timer = opts.serve ? undefined : setTimeout(() => stop('timeout'), limits.wallSeconds * 1000);
  child.stdin?.on('error', () => undefined); // the process may be gone before it reads
  const onAbort = () => stop('cancelled');
  if (opts.signal?.aborted) onAbort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  opts.onStart?.({
    stop: (as = 'cancelled') => stop(as),
    send: (text) => void child.stdin?.write(text),
    end: () => void child.stdin?.end(),
  });
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
    child.on('error', () => resolve([null, null]));
    child.on('exit', () => {
      if (!sandboxed && child.pid) tryKill(-child.pid);
    });
    child.on('close', (code, sig) => resolve([code, sig]));
  });
  clearTimeout(timer);
  opts.signal?.removeEventListener('abort', onAbort);
  const oom = cgroup ? cgroup.oomKills() > 0 : false;
  await cgroup?.remove();
  const outcome: Outcome = stoppedAs ?? (oom ? 'memory' : exitCode === 0 ? 'ok' : 'error');
  return { exitCode, signal, outcome, sandboxed };
}
