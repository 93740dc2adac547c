import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseRequirements, requirementMessage, serverMessageText } from '@tessera/shared';
import { BuildFailedError, InterpreterMissingError } from './errors.ts';
import { explainMissingBuilds } from './indexBuilds.ts';
import { findInterpreters, type Interpreter } from './interpreters.ts';
import { defaultFlags, downloadWheels, pipSetup } from './pip.ts';
import { additionsFor, environmentAdditions, wheelsIn } from './platformRequirements.ts';
import { type Bind, pathsFor, runSandboxed } from './sandbox.ts';

export interface EnsureEnvironment {
  interpreter: Interpreter;
  /** requirements.txt text, as the package gives it. */
  requirements: string;
  /** Where environments live (DATA_DIR/python/envs). */
  envsDir: string;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

export interface Environment {
  envPath: string;
  key: string;
  /** True when an environment with this key already existed (or another build finished it first). */
  reused: boolean;
  /** What Tessera added to the requirements itself (platformRequirements.ts). */
  added: string[];
}

/**
 * Bumped when the layout of an environment changes, so old ones are not reused (2: installed offline from wheels;
 * 3: pyarrow added beside a DataFrame library, platformRequirements.ts).
 */
const LAYOUT = '3';
const PIP_MOUNT = '/opt/tessera-pip';
const MARKER = 'tessera-env.json';

/** Requirements in one canonical spelling (comments, blanks and spacing gone, PEP 503 names), sorted, deduplicated. */
export const normaliseRequirements = (text: string): string[] => parseRequirements(text).requirements;

let platform: string | undefined;
function platformTag(): string {
  if (!platform) platform = `${os.platform()}-${os.arch()}-glibc${glibcVersion() ?? 'none'}`;
  return platform;
}

/**
 * The C library's version, from Node's diagnostic report without its network part: with it, the report names the
 * host at each end of every open socket, looked up synchronously, and where DNS does not answer (a node on a
 * network of its own) that stalled this process for minutes, heartbeat included, until another node took its
 * build for lost (docs/operations.md, "Losing a node"). The setting is put back as it was.
 */
function glibcVersion(): string | undefined {
  // `excludeNetwork` came with Node 20.13, after the @types/node this repository uses.
  const report = process.report as (NodeJS.ProcessReport & { excludeNetwork?: boolean }) | undefined;
  if (!report) return undefined;
  const excluded = report.excludeNetwork;
  report.excludeNetwork = true;
  try {
    return (report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
  } finally {
    report.excludeNetwork = excluded;
  }
}

/** The content address of an environment: interpreter, platform, requirements, pip's index settings, flags. */
export async function environmentKey(interpreter: Interpreter, requirements: string): Promise<string> {
  const { settings } = await pipSetup(interpreter.path);
  const material = JSON.stringify({
    layout: LAYOUT,
    interpreter: [interpreter.path, interpreter.fullVersion],
    platform: platformTag(),
    requirements: normaliseRequirements(requirements),
    pip: Object.entries(settings).sort(),
    flags: defaultFlags(),
  });
  return `py${interpreter.version.replace('.', '')}-${createHash('sha256').update(material).digest('hex').slice(0, 32)}`;
}

/** pip's own error lines from its output (the ERROR: lines and what follows them), else its last lines. */
export function pipErrorLines(output: string): string[] {
  const lines = output.split('\n').map((l) => l.trimEnd());
  const first = lines.findIndex((l) => /^(ERROR|error):/.test(l.trim()));
  const picked = first >= 0 ? lines.slice(first) : lines.slice(-20);
  return picked.filter((l) => l.trim()).slice(0, 40);
}

/** Without the sandbox the folder cannot appear at its final path while it is built: fix the scripts' first lines. */
async function relocate(from: string, to: string): Promise<void> {
  const bin = path.join(from, 'bin');
  for (const name of await readdir(bin)) {
    const file = path.join(bin, name);
    const text = await readFile(file, 'latin1').catch(() => '');
    if (text.startsWith('#!') && text.includes(from)) await writeFile(file, text.replaceAll(from, to), 'latin1');
  }
}

/** Where a build's sandbox sees the checked requirements and the downloaded wheels (read-only). */
const BUILD_MOUNT = '/opt/tessera-build';
const BUILD_WALL_SECONDS = 1800;
/** How a build's sandbox runs: as isolated as a run's (no network), with more memory and time for pip. */
export const BUILD_SANDBOX = { network: false, limits: { memoryMb: 4096, wallSeconds: BUILD_WALL_SECONDS } } as const;

/**
 * Builds an environment in two steps (docs/security.md, "Builds"): the wheels are resolved and downloaded on the
 * host with the operator's pip settings, wheels only (no package code runs: no sdist, no build backend); then the
 * venv is made and the wheels installed in a sandbox as isolated as a run's: no network, no index, only the
 * downloaded wheels (`--no-index --find-links`), read-only. The requirements file and the wheels live in a
 * host-only folder the sandbox cannot write; the environment is staged and renamed into place.
 */
async function build(opts: EnsureEnvironment, key: string, finalPath: string, requirements: string[]) {
  const { interpreter, log = () => {} } = opts;
  const setup = await pipSetup(interpreter.path);
  const staging = `${finalPath}.tmp-${randomBytes(4).toString('hex')}`;
  const workDir = `${staging}-work`;
  const hostDir = `${staging}-host`;
  const wheelsDir = path.join(hostDir, 'wheels');
  await mkdir(staging, { recursive: true });
  await mkdir(workDir, { recursive: true });
  await mkdir(wheelsDir, { recursive: true });
  try {
    await writeFile(path.join(hostDir, 'requirements.txt'), `${requirements.join('\n')}\n`, { flag: 'wx' });
    const sandboxed = (await pathsFor({ runDir: workDir })).work === '/work';
    const target = sandboxed ? finalPath : staging;
    const buildPath = sandboxed ? BUILD_MOUNT : hostDir;
    let pipParent = PIP_MOUNT;
    const binds: Bind[] = [{ src: staging, dest: finalPath, writable: true }];
    if (sandboxed) binds.push({ src: setup.pipDir, dest: `${PIP_MOUNT}/pip` }, { src: hostDir, dest: BUILD_MOUNT });
    else {
      pipParent = path.join(hostDir, 'pip-code');
      await mkdir(pipParent);
      await symlink(setup.pipDir, path.join(pipParent, 'pip'));
    }
    let output = '';
    const collect = (chunk: string) => {
      output += chunk;
      for (const line of chunk.split('\n')) if (line.trim()) log(line);
    };
    const fail = (outcome: string, summary?: string) => {
      if (outcome === 'cancelled') throw new BuildFailedError('The environment build was cancelled.');
      const why = outcome === 'memory' ? ' (out of memory)' : outcome === 'timeout' ? ' (timed out)' : '';
      const head = `Installing the requirements failed${why}:`;
      throw new BuildFailedError(summary ? `${summary}\n\n${head}` : head, pipErrorLines(output));
    };
    const step = async (argv: string[], env: Record<string, string> = {}) => {
      output = '';
      const result = await runSandboxed({
        interpreter,
        runDir: workDir,
        argv,
        env,
        binds,
        ...BUILD_SANDBOX,
        signal: opts.signal,
        onStdout: collect,
        onStderr: collect,
      });
      if (result.outcome !== 'ok') fail(result.outcome);
    };
    const download = async (file: string, added: string[] = []) => {
      output = '';
      const done = await downloadWheels({
        interpreterPath: interpreter.path,
        requirementsFile: path.join(hostDir, file),
        dest: wheelsDir,
        onOutput: collect,
        signal: opts.signal,
        timeoutMs: BUILD_WALL_SECONDS * 1000,
      });
      if (done.stopped) fail(done.stopped);
      if (done.exitCode !== 0) {
        const summary = await explainMissingBuilds({
          interpreterPath: interpreter.path,
          version: interpreter.version,
          output,
          added,
        });
        fail('error', summary);
      }
    };
    let requirementsFile = 'requirements.txt';
    let added: string[] = [];
    if (requirements.length) {
      log(`Downloading wheels for ${requirements.join(', ')}`);
      await download(requirementsFile);
      added = additionsFor(await wheelsIn(wheelsDir));
      if (added.length) {
        log(`Adding ${added.join(', ')}: Tessera hands DataFrames to functions as Parquet`);
        requirementsFile = 'with-tessera-additions.txt';
        await writeFile(path.join(hostDir, requirementsFile), `${[...requirements, ...added].join('\n')}\n`, {
          flag: 'wx',
        });
        await download(requirementsFile, added);
      }
    }
    log(`Creating a Python ${interpreter.fullVersion} environment`);
    await step([interpreter.path, '-m', 'venv', '--without-pip', target]);
    if (requirements.length) {
      log(`Installing ${[...requirements, ...added].join(', ')}`);
      // No index and no configuration file: only the wheels just downloaded can be installed.
      const env = { PYTHONPATH: pipParent, PIP_CONFIG_FILE: '/dev/null' };
      const flags = [...defaultFlags(), '--no-warn-script-location', '--no-index'];
      flags.push('--find-links', `${buildPath}/wheels`, '-r', `${buildPath}/${requirementsFile}`);
      await step([`${target}/bin/python`, '-m', 'pip', 'install', ...flags], env);
    }
    if (!sandboxed) await relocate(staging, finalPath);
    const marker = {
      key,
      interpreter: interpreter.fullVersion,
      requirements,
      added,
      builtAt: new Date().toISOString(),
    };
    await writeFile(path.join(staging, MARKER), JSON.stringify(marker, null, 2), { flag: 'wx' });
    try {
      await rename(staging, finalPath);
      return false;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if ((code === 'ENOTEMPTY' || code === 'EEXIST') && existsSync(path.join(finalPath, MARKER))) return true;
      throw err;
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await rm(hostDir, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

const inFlight = new Map<string, Promise<Environment>>();

/** A build lock older than this is taken over whoever holds it (a build's own wall time is 2 × 30 min at most). */
const STALE_LOCK_MS = 65 * 60 * 1000;
const LOCK_POLL_MS = 250;

/** Whether the process that wrote the lock's owner file ("host pid") is gone (only known on the same host). */
async function ownerGone(lock: string): Promise<boolean> {
  const [host, pid] = (await readFile(path.join(lock, 'owner'), 'utf8').catch(() => '')).split(' ');
  if (host !== os.hostname() || !Number(pid)) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Another process (a second worker, another test file) building the same environment: wait for it rather than
 * build it twice. Answers a release function once this process holds `<envPath>.lock`, or undefined when the
 * environment appeared meanwhile. A lock whose owner died (same host) or that is older than STALE_LOCK_MS is removed.
 */
async function buildLock(envPath: string, signal?: AbortSignal): Promise<(() => Promise<void>) | undefined> {
  const lock = `${envPath}.lock`;
  await mkdir(path.dirname(envPath), { recursive: true });
  for (;;) {
    if (signal?.aborted) throw new BuildFailedError('The environment build was cancelled.');
    try {
      await mkdir(lock);
      await writeFile(path.join(lock, 'owner'), `${os.hostname()} ${process.pid}`);
      return () => rm(lock, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (existsSync(path.join(envPath, MARKER))) return undefined;
    const since = await stat(lock).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (since > STALE_LOCK_MS || (since > 1000 && (await ownerGone(lock)))) {
      await rm(lock, { recursive: true, force: true });
      continue;
    }
    await sleep(LOCK_POLL_MS);
  }
}

async function buildOnce(opts: EnsureEnvironment, key: string, envPath: string, requirements: string[]) {
  const release = await buildLock(envPath, opts.signal);
  if (!release) return true;
  try {
    if (existsSync(path.join(envPath, MARKER))) return true;
    return await build(opts, key, envPath, requirements);
  } finally {
    await release();
  }
}

/**
 * The environment for an interpreter and a requirements text (lines refused by the shared rule fail the build):
 * built once (wheels downloaded on the host, installed offline in the sandbox, into a temporary folder renamed
 * into place) and shared read-only afterwards, by every process using the folder (a lock file makes the
 * others wait for the one building it). A pip failure throws BuildFailedError with pip's lines.
 */
export async function ensureEnvironment(opts: EnsureEnvironment): Promise<Environment> {
  if (!opts.interpreter.available) {
    const installed = (await findInterpreters()).filter((i) => i.available).map((i) => i.fullVersion);
    throw new InterpreterMissingError(
      `Python ${opts.interpreter.version} is not installed on this server (installed: ${installed.join(', ') || 'none'}).`,
    );
  }
  // The upload and the editors refuse such lines already; a package saved before the rule meets it here.
  const { requirements, problem } = parseRequirements(opts.requirements);
  if (problem) throw new BuildFailedError(serverMessageText(requirementMessage(problem)));
  const key = await environmentKey(opts.interpreter, opts.requirements);
  const envPath = path.resolve(opts.envsDir, key);
  const done = async (reused: boolean) => ({
    envPath,
    key,
    reused,
    added: await environmentAdditions(envPath, MARKER),
  });
  if (existsSync(path.join(envPath, MARKER))) return done(true);
  let pending = inFlight.get(envPath);
  if (pending) return { ...(await pending), reused: true };
  pending = buildOnce(opts, key, envPath, requirements).then(done);
  inFlight.set(envPath, pending);
  try {
    return await pending;
  } finally {
    inFlight.delete(envPath);
  }
}

/** What Tessera added to the environment of this key (none when it is not built). */
export function addedToEnvironment(envsDir: string, key: string): Promise<string[]> {
  return environmentAdditions(path.resolve(envsDir, key), MARKER);
}
