import { lstat, mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InputType } from './discover.ts';
import { watchDisk } from './diskQuota.ts';
import type { Interpreter } from './interpreters.ts';
import { DEFAULT_LIMITS, type Outcome, pathsFor, type RunLimits, runSandboxed, type SandboxRun } from './sandbox.ts';
import type { WarmSandbox } from './warm.ts';

export interface RunInput {
  name: string;
  type: InputType;
  /** For a dataframe: the Parquet file's path relative to runDir (e.g. "inputs/sales.parquet"), written by the caller. */
  value: unknown;
}

export interface RunOutput {
  name: string;
  /** Absolute path of the Parquet file the function's dataframe was written to. */
  file: string;
  /** Which library produced it: pandas, polars or pyarrow. */
  kind: string;
}

/** What a run's sandbox depends on before its request exists (a warm sandbox serves only runs of the same spec). */
export interface RunSpec {
  interpreter: Interpreter;
  envPath: string;
  packageDir: string;
  /** The package's own environment variables. */
  env?: Record<string, string>;
  limits?: Partial<RunLimits>;
}

export interface RunFunction extends RunSpec {
  module: string;
  functionName: string;
  inputs: RunInput[];
  /** The run's folder; with `warm`, the warm sandbox's own. */
  runDir: string;
  /** A sandbox of the same spec already started (warm.ts): the run starts in it instead of a new one. */
  warm?: WarmSandbox;
  /** What the run may write in runDir (MB, beyond its inputs): past it the run is stopped, outcome 'disk'. */
  diskMb?: number;
  signal?: AbortSignal;
  onLog?: (stream: 'stdout' | 'stderr', text: string) => void;
  onProgress?: (value: number, message?: string) => void;
}

/** A sandbox's outcome, or 'disk': the run wrote more than its disk quota (diskQuota.ts). */
export type RunOutcome = Outcome | 'disk';

export interface RunResult {
  outcome: RunOutcome;
  outputs: RunOutput[];
  /** The function's JSON-able return value, when it returned no dataframe. */
  result?: unknown;
  /** What went wrong, for the run's log: the function's traceback, or why the run was stopped. */
  error?: string;
  exitCode: number | null;
}

function stoppedMessage(outcome: RunOutcome, limits: RunLimits, diskMb?: number): string | undefined {
  if (outcome === 'disk') return `The run was stopped: it wrote more than its disk limit of ${diskMb} MB.`;
  if (outcome === 'memory') return `The run was stopped: it used more than its memory limit of ${limits.memoryMb} MB.`;
  if (outcome === 'timeout')
    return `The run was stopped: it took longer than its time limit of ${limits.wallSeconds} s.`;
  if (outcome === 'cancelled') return 'The run was cancelled.';
  return undefined;
}

/** The sandbox that runs harness.py for a spec in a run folder (warm.ts starts the same one ahead of its run). */
export async function harnessRun(spec: RunSpec & { runDir: string }): Promise<SandboxRun> {
  const paths = await pathsFor(spec);
  return {
    interpreter: spec.interpreter,
    envPath: spec.envPath,
    packageDir: spec.packageDir,
    runDir: spec.runDir,
    argv: [`${spec.envPath}/bin/python`, '-u', `${paths.runner}/harness.py`],
    env: spec.env,
    limits: { ...DEFAULT_LIMITS, ...spec.limits },
  };
}

/**
 * A file the run reported, checked on the host: the sandbox may write anything in its folder (a symlink to a host
 * file, "../" in an event), so only a regular file whose real path is inside the run folder is accepted.
 */
async function fileInside(runDir: string, relative: string): Promise<string | undefined> {
  const root = await realpath(runDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(`${root}${path.sep}`)) return undefined;
  try {
    const [stat, real] = await Promise.all([lstat(file), realpath(file)]);
    return stat.isFile() && real === file ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one function of a package in the sandbox through harness.py: inputs coerced by type (dataframes read from
 * the Parquet files in runDir/inputs), a returned dataframe written to runDir/outputs/*.parquet, any other value to
 * result.json. The function's prints arrive through onLog; a failure carries its traceback in `error`.
 */
export async function runFunction(opts: RunFunction): Promise<RunResult> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  await mkdir(path.join(opts.runDir, 'outputs'), { recursive: true });
  await mkdir(path.join(opts.runDir, 'inputs'), { recursive: true });
  const request = { module: opts.module, function: opts.functionName, inputs: opts.inputs };
  await writeFile(path.join(opts.runDir, 'request.json'), JSON.stringify(request));
  const reported: { name: string; file: string; kind: string }[] = [];
  let resultFile: string | undefined;
  let failure: { type?: string; message?: string; traceback?: string } | undefined;
  const handlers: Pick<SandboxRun, 'onStdout' | 'onStderr' | 'onEvent'> = {
    onStdout: (text) => opts.onLog?.('stdout', text),
    onStderr: (text) => opts.onLog?.('stderr', text),
    onEvent: (event) => {
      if (event.event === 'output' && typeof event.file === 'string') {
        reported.push({ name: String(event.name), file: event.file, kind: String(event.kind) });
      } else if (event.event === 'result' && typeof event.file === 'string') {
        resultFile = event.file;
      } else if (event.event === 'error') {
        failure = event as typeof failure;
      } else if (event.event === 'progress' && typeof event.value === 'number') {
        opts.onProgress?.(event.value, typeof event.message === 'string' ? event.message : undefined);
      }
    },
  };
  if (opts.warm && opts.warm.runDir !== opts.runDir) throw new Error("A warm run works in its sandbox's folder");
  const disk = opts.diskMb ? await watchDisk(opts.runDir, opts.diskMb, opts.signal) : undefined;
  const signal = disk?.signal ?? opts.signal;
  const sandbox = opts.warm
    ? await opts.warm.start(handlers, signal)
    : await runSandboxed({ ...(await harnessRun(opts)), signal, ...handlers });
  await disk?.stop();
  const outputs: RunOutput[] = [];
  for (const output of reported) {
    const file = await fileInside(opts.runDir, output.file);
    if (file) outputs.push({ ...output, file });
    else failure ??= { message: `The run reported an output that is not a file of its own: ${output.file}` };
  }
  let outcome: RunOutcome = sandbox.outcome;
  if (failure?.type === 'MemoryError' && outcome === 'error') outcome = 'memory';
  if (disk?.exceeded && !opts.signal?.aborted) outcome = 'disk';
  if (outcome === 'ok' && failure) outcome = 'error';
  const stopped = stoppedMessage(outcome, limits, opts.diskMb);
  if (outcome !== 'ok') {
    const error =
      stopped ?? failure?.traceback ?? failure?.message ?? `The run failed (exit code ${sandbox.exitCode}).`;
    return { outcome, outputs, error, exitCode: sandbox.exitCode };
  }
  if (!resultFile) return { outcome, outputs, exitCode: sandbox.exitCode };
  const file = await fileInside(opts.runDir, resultFile);
  const text = file ? await readFile(file, 'utf8') : undefined;
  try {
    if (text === undefined) throw new Error('not a file of its own');
    return { outcome, outputs, result: JSON.parse(text), exitCode: sandbox.exitCode };
  } catch {
    return { outcome: 'error', outputs, error: 'The run returned a result that could not be read.', exitCode: 0 };
  }
}
