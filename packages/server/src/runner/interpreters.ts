import { execFile } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { InterpreterMissingError } from './errors.ts';

const run = promisify(execFile);

/** The base images a package may ask for, oldest first. */
export const PYTHON_VERSIONS = ['3.7', '3.8', '3.9', '3.10', '3.11', '3.12', '3.13'] as const;
export type PythonVersion = (typeof PYTHON_VERSIONS)[number];

export interface Interpreter {
  version: PythonVersion;
  /** The real executable (shims resolved), empty when not available. */
  path: string;
  available: boolean;
  /** Full version, e.g. "3.11.7", when available. */
  fullVersion?: string;
  /** sys.base_prefix: what the sandbox mounts so the interpreter finds its standard library. */
  prefix?: string;
  /** Why it is not available (not found, or the configured path does not run). */
  reason?: string;
}

const PROBE =
  'import sys,json;print(json.dumps([__import__("os").path.realpath(sys.executable),".".join(map(str,sys.version_info[:3])),sys.base_prefix]))';

/** `PYTHON_3_11=/path/to/python` configures one version; otherwise `python3.11` on PATH, shims resolved. */
export const envVarFor = (version: string) => `PYTHON_${version.replace('.', '_')}`;

/** Every `name` on PATH, in PATH order. */
function allOnPath(name: string, env: NodeJS.ProcessEnv): string[] {
  const found: string[] = [];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      if (statSync(file).isFile()) found.push(file);
    } catch {}
  }
  return found;
}

/** The first usable `pythonX.Y` on PATH: a pyenv shim is replaced by pyenv's own binary, or skipped. */
function onPath(version: string, env: NodeJS.ProcessEnv): string | undefined {
  const found = allOnPath(`python${version}`, env);
  for (const file of found) {
    if (!isPyenvShim(file)) return file;
    const real = throughPyenvShim(file, version, env);
    if (real) return real;
  }
  return undefined;
}

/** Reads only the head of the file: a real interpreter is megabytes, a shim a short bash script. */
function isPyenvShim(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(400);
    const read = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read).toString('latin1').includes('pyenv');
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A pyenv shim costs ~1 s per call and fails for versions not selected globally: go to pyenv's install instead. */
function throughPyenvShim(file: string, version: string, env: NodeJS.ProcessEnv): string | undefined {
  const root = env.PYENV_ROOT ?? path.resolve(path.dirname(file), '..');
  const versions = path.join(root, 'versions');
  if (!existsSync(versions)) return undefined;
  const matches = readdirSync(versions)
    .filter((name) => name === version || name.startsWith(`${version}.`))
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
    .reverse();
  for (const name of matches) {
    const candidate = path.join(versions, name, 'bin', `python${version}`);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

async function probe(version: PythonVersion, env: NodeJS.ProcessEnv): Promise<Interpreter> {
  const candidate = env[envVarFor(version)] || onPath(version, env);
  if (!candidate) return { version, path: '', available: false, reason: `python${version} was not found` };
  try {
    const { stdout } = await run(candidate, ['-I', '-c', PROBE], { timeout: 20_000, env: { PATH: env.PATH ?? '' } });
    const [real, fullVersion, prefix] = JSON.parse(stdout.trim()) as [string, string, string];
    if (!fullVersion.startsWith(`${version}.`)) {
      return { version, path: '', available: false, reason: `${candidate} is Python ${fullVersion}` };
    }
    return { version, path: real, available: true, fullVersion, prefix };
  } catch (err) {
    return { version, path: '', available: false, reason: `${candidate} does not run: ${(err as Error).message}` };
  }
}

let cached: Promise<Interpreter[]> | undefined;

/** The interpreters this server has, found once (in parallel) and kept; pass `env` to look again with other settings. */
export function findInterpreters(options: { env?: NodeJS.ProcessEnv } = {}): Promise<Interpreter[]> {
  if (options.env) return Promise.all(PYTHON_VERSIONS.map((v) => probe(v, options.env!)));
  cached ??= Promise.all(PYTHON_VERSIONS.map((v) => probe(v, process.env)));
  return cached;
}

/** The interpreter for a base image, or a build error that names the version and what the server has instead. */
export async function interpreterFor(version: string): Promise<Interpreter> {
  const all = await findInterpreters();
  const hit = all.find((i) => i.version === version && i.available);
  if (hit) return hit;
  const installed = all.filter((i) => i.available).map((i) => i.fullVersion);
  throw new InterpreterMissingError(
    `Python ${version} is not installed on this server (installed: ${installed.join(', ') || 'none'}). Choose one of these base images.`,
  );
}
