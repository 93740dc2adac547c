import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { tryKill } from './cgroup.ts';

const run = promisify(execFile);

/** What a build needs to know about pip for one interpreter: where pip's code is and the operator's settings. */
export interface PipSetup {
  /** The interpreter's own pip package folder (pip vendors its dependencies: this folder alone runs it). */
  pipDir: string;
  pipVersion: string;
  /** The operator's effective pip settings (config files and PIP_* variables), option name → value. */
  settings: Record<string, string>;
}

const PROBE = [
  'import os, sys, io, contextlib, pip',
  'print(os.path.dirname(pip.__file__)); print(pip.__version__)',
  'from pip._internal.cli.main import main',
  'sys.exit(main(["config", "list"]))',
].join('\n');

const SECTION_ORDER = ['global', 'install', ':env:'];

/** Parses `pip config list` lines (`global.index-url='…'`, `:env:.find-links='…'`), later sections winning. */
export function parseConfigList(output: string): Record<string, string> {
  const bySection = new Map<string, Record<string, string>>();
  for (const line of output.split('\n')) {
    const match = /^(.+?)\.([A-Za-z0-9_-]+)='(.*)'$/.exec(line.trim());
    if (!match) continue;
    const [, section, key, value] = match;
    if (!SECTION_ORDER.includes(section)) continue;
    const bucket = bySection.get(section) ?? {};
    bucket[key.replaceAll('_', '-')] = value;
    bySection.set(section, bucket);
  }
  return Object.assign({}, ...SECTION_ORDER.map((s) => bySection.get(s) ?? {}));
}

const setups = new Map<string, Promise<PipSetup>>();

/** Finds pip and the operator's settings for an interpreter, once per interpreter. */
export function pipSetup(interpreterPath: string): Promise<PipSetup> {
  let setup = setups.get(interpreterPath);
  if (!setup) {
    setup = run(interpreterPath, ['-c', PROBE], { timeout: 60_000 }).then(({ stdout }) => {
      const [pipDir, pipVersion, ...rest] = stdout.split('\n');
      return { pipDir: pipDir.trim(), pipVersion: pipVersion.trim(), settings: parseConfigList(rest.join('\n')) };
    });
    setup.catch(() => setups.delete(interpreterPath));
    setups.set(interpreterPath, setup);
  }
  return setup;
}

/**
 * Options that would let pip build or run a package's own code (sdists and their PEP 517 backends): stripped from
 * the server's environment for the download, which always asks for wheels only (docs/security.md, "Builds").
 */
const BINARY_VARIABLES = ['PIP_NO_BINARY', 'PIP_ONLY_BINARY'];

/** The server's environment for pip on the host: the operator's settings, less those that would allow sdists. */
export function pipEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of BINARY_VARIABLES) delete env[name];
  return env;
}

/**
 * The project's defaults for a build, unless the operator set them in the environment; always wheels only
 * (`--only-binary :all:`), whatever PIP_NO_BINARY says: building an sdist runs its code.
 */
export function defaultFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  const flags = ['--no-input', '--disable-pip-version-check'];
  if (!env.PIP_RETRIES) flags.push('--retries', '1');
  if (!env.PIP_TIMEOUT) flags.push('--timeout', '15');
  flags.push('--only-binary', ':all:');
  return flags;
}

export interface DownloadWheels {
  interpreterPath: string;
  /** A requirements file of checked requirement lines only (shared parseRequirements). */
  requirementsFile: string;
  /** A host-only folder the wheels go to (never one a sandbox can write). */
  dest: string;
  onOutput: (chunk: string) => void;
  signal?: AbortSignal;
  timeoutMs: number;
}

/**
 * `pip download --only-binary :all:` on the host, with the operator's pip settings (config files and PIP_*
 * variables, as pip reads them): the requirements resolved and their wheels fetched from the configured index,
 * no package code run. Resolves with pip's exit code, or how it was stopped (the signal, the timeout).
 */
export function downloadWheels(
  opts: DownloadWheels,
): Promise<{ exitCode: number | null; stopped?: 'cancelled' | 'timeout' }> {
  const env = pipEnvironment();
  const argv = ['-m', 'pip', 'download', ...defaultFlags(), '--progress-bar', 'off'];
  argv.push('--dest', opts.dest, '-r', opts.requirementsFile);
  return new Promise((resolve) => {
    const child = spawn(opts.interpreterPath, argv, {
      cwd: path.dirname(opts.requirementsFile),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stopped: 'cancelled' | 'timeout' | undefined;
    const stop = (why: 'cancelled' | 'timeout') => {
      stopped ??= why;
      if (child.pid) tryKill(-child.pid);
    };
    const timer = setTimeout(() => stop('timeout'), opts.timeoutMs);
    const onAbort = () => stop('cancelled');
    if (opts.signal?.aborted) onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', opts.onOutput);
    child.stderr.setEncoding('utf8').on('data', opts.onOutput);
    const done = (exitCode: number | null) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve({ exitCode, stopped });
    };
    child.on('error', (err) => {
      opts.onOutput(`ERROR: ${err.message}\n`);
      done(1);
    });
    child.on('close', done);
  });
}
