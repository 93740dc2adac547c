import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { InputType } from './discover.ts';
import { watchDisk } from './diskQuota.ts';
import { UnsafeFileError } from './errors.ts';
import type { Interpreter } from './interpreters.ts';
import { DEFAULT_LIMITS, type Outcome, type RunLimits, SANDBOX_PATHS } from './sandbox.ts';
import { SandboxFolder } from './sandboxFolder.ts';
import { type RunHandlers, type RunSpec, ServingSandbox, specKey } from './serving.ts';

export interface RunInput {
  name: string;
  type: InputType;
  /** For a dataframe: the host path of its Parquet file (copied into the run's folder, never written there by name). */
  value: unknown;
}

export interface RunOutput {
  name: string;
  /** The host's copy of the Parquet file the function's dataframe was written to, in `hostDir`. */
  file: string;
  /** Which library produced it: pandas, polars or pyarrow. */
  kind: string;
}

export interface RunFunction extends RunSpec {
  module: string;
  functionName: string;
  inputs: RunInput[];
  /**
   * A sandbox of this spec that serves runs one after another (serving.ts, from a SandboxPool): the run is served
   * there, in a new folder `runName` of the sandbox's. Without it, a sandbox of its own is started in `runDir`.
   */
  sandbox?: ServingSandbox;
  /** The run's folder's name in the sandbox's (default "run"): new, never one that exists. */
  runName?: string;
  /** Without `sandbox`: the folder its own sandbox works in (its /work; created when missing, removed by the caller). */
  runDir?: string;
  /**
   * A folder of the host's own that no sandbox ever sees (created here when missing, removed by the caller): the
   * outputs are copied into it once checked (docs/security.md). Default: `${runDir}.host`, or beside the sandbox's.
   */
  hostDir?: string;
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

/**
 * Runs one function of a package in the sandbox through harness.py: inputs coerced by type (dataframes read from
 * the Parquet files in runDir/inputs), a returned dataframe written to runDir/outputs/*.parquet, any other value to
 * result.json. The function's prints arrive through onLog; a failure carries its traceback in `error`.
 */
export async function runFunction(opts: RunFunction): Promise<RunResult> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  if (!opts.sandbox && !opts.runDir) throw new Error('A run needs a sandbox or a folder for one');
  const name = opts.runName ?? 'run';
  let own: ServingSandbox | undefined;
  if (!opts.sandbox && opts.runDir) {
    await mkdir(opts.runDir, { recursive: true });
    own = new ServingSandbox(opts.runDir, specKey(opts), opts);
  }
  const sandbox = (opts.sandbox ?? own) as ServingSandbox;
  const hostDir = opts.hostDir ?? `${opts.sandbox ? `${sandbox.dir}.${name}` : opts.runDir}.host`;
  await mkdir(hostDir, { recursive: true, mode: 0o700 });
  let folder: SandboxFolder | undefined;
  try {
    // The sandbox may have served runs in its folder before: the run's folder, request and inputs are created
    // there as new names, never followed (a name the sandbox planted is refused).
    try {
      folder = await runFolder(sandbox.dir, name);
      await writeRequest(folder, opts);
    } catch (err) {
      if (!(err instanceof UnsafeFileError)) throw err;
      return {
        outcome: 'error',
        outputs: [],
        error: `The run's folder was changed before the run: ${err.message}`,
        exitCode: null,
      };
    }
    const run = await serve(sandbox, name, opts, limits);
    const outputs: RunOutput[] = [];
    let { failure } = run;
    let outcome: RunOutcome = run.outcome;
    // The run's process and whatever it started are gone (the harness says done only then, and a stopped
    // sandbox is gone entirely): the run's folder no longer changes but by the harness itself, which the host
    // never trusts either (SandboxFolder refuses links, non-regular files and hard links).
    for (const [index, output] of run.reported.entries()) {
      const file = path.join(hostDir, `output_${index}.parquet`);
      try {
        await folder.copyOut(output.file, file);
        outputs.push({ ...output, file });
      } catch (err) {
        if (!(err instanceof UnsafeFileError)) throw err;
        failure ??= { message: `The run's output was refused: ${err.message}` };
      }
    }
    if (failure?.type === 'MemoryError' && outcome === 'error') outcome = 'memory';
    if (run.diskExceeded && !opts.signal?.aborted) {
      outcome = 'disk';
      await sandbox.discard(); // what it wrote goes with it (its folder is removed once it ended)
    }
    if (outcome === 'ok' && failure) outcome = 'error';
    const stopped = stoppedMessage(outcome, limits, opts.diskMb);
    const where = { ...opts, runDir: path.join(sandbox.dir, name) };
    if (outcome !== 'ok') {
      const error = stopped ?? failure?.traceback ?? failure?.message ?? `The run failed (exit code ${run.exitCode}).`;
      return { outcome, outputs, error: withoutServerPaths(error, where), exitCode: run.exitCode };
    }
    if (!run.resultFile) return { outcome, outputs, exitCode: run.exitCode };
    try {
      const text = await folder.readText(run.resultFile, MAX_RESULT_BYTES);
      return { outcome, outputs, result: JSON.parse(text), exitCode: run.exitCode };
    } catch (err) {
      const why = err instanceof UnsafeFileError ? `: ${err.message}` : '.';
      return {
        outcome: 'error',
        outputs,
        error: `The run returned a result that could not be read${why}`,
        exitCode: 0,
      };
    }
  } finally {
    await folder?.close();
    await own?.discard();
  }
}

/** The run's new folder inside the sandbox's, opened (refused when the name exists in any form). */
async function runFolder(dir: string, name: string): Promise<SandboxFolder> {
  const base = await SandboxFolder.open(dir);
  try {
    return await base.createFolder(name);
  } finally {
    await base.close();
  }
}

/** The largest result.json the host reads (a JSON value, not a dataframe). */
const MAX_RESULT_BYTES = 64 * 1024 * 1024;

/** request.json and each dataframe input (a host file) copied in as inputs/input_{n}.parquet: new files only. */
async function writeRequest(folder: SandboxFolder, opts: RunFunction): Promise<void> {
  const inputs: RunInput[] = [];
  for (const [index, input] of opts.inputs.entries()) {
    if (input.type !== 'dataframe' || input.value === null || input.value === undefined) {
      inputs.push(input);
      continue;
    }
    const relative = `inputs/input_${index}.parquet`;
    await folder.createFile(relative, { from: String(input.value) });
    inputs.push({ ...input, value: relative });
  }
  const request = { module: opts.module, function: opts.functionName, inputs };
  await folder.createFile('request.json', { text: JSON.stringify(request) });
}

type Failure = { type?: string; message?: string; traceback?: string };

/** Serves the run in its sandbox and collects what it reported on its events. */
async function serve(sandbox: ServingSandbox, name: string, opts: RunFunction, limits: RunLimits) {
  const reported: { name: string; file: string; kind: string }[] = [];
  let resultFile: string | undefined;
  let failure: Failure | undefined;
  const handlers: RunHandlers = {
    onStdout: (text) => opts.onLog?.('stdout', text),
    onStderr: (text) => opts.onLog?.('stderr', text),
    onEvent: (event) => {
      if (event.event === 'output' && typeof event.file === 'string') {
        reported.push({ name: String(event.name), file: event.file, kind: String(event.kind) });
      } else if (event.event === 'result' && typeof event.file === 'string') {
        resultFile = event.file;
      } else if (event.event === 'error') {
        failure = event as Failure;
      } else if (event.event === 'progress' && typeof event.value === 'number') {
        opts.onProgress?.(event.value, typeof event.message === 'string' ? event.message : undefined);
      }
    },
  };
  // The sandbox's whole folder: what earlier runs left is in the baseline (the harness removes it as the run starts).
  const disk = opts.diskMb ? await watchDisk(sandbox.dir, opts.diskMb, opts.signal) : undefined;
  const signal = disk?.signal ?? opts.signal;
  const served = await sandbox.run(name, handlers, { signal, wallSeconds: limits.wallSeconds });
  await disk?.stop();
  return {
    outcome: served.outcome,
    diskExceeded: disk?.exceeded ?? false,
    exitCode: served.exitCode,
    reported,
    resultFile,
    failure: failure as Failure | undefined,
  };
}

/** Escapes a path for a regular expression. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A failure's text without a server path (docs/security.md), as harness.py writes its tracebacks: the environment's
 * libraries as site-packages/…, the standard library as pythonX.Y/…, the package's and the run's files by their
 * own names. harness.py does it for a run's traceback; this covers what it does not see (a run without the
 * sandbox, a Dash app's last lines).
 */
export function withoutServerPaths(
  text: string,
  where: { envPath?: string; packageDir?: string; runDir?: string; interpreter?: Interpreter },
): string {
  const rules: Array<[RegExp, string]> = [];
  const add = (prefix: string | undefined, pattern: string, to: string) => {
    // Only a path's start (not "/pkg/" inside "site-packages/pkg/"); never a bare / or /usr.
    if (prefix && prefix !== '/' && prefix !== '/usr') {
      rules.push([new RegExp(`(?<![\\w./-])${literal(prefix)}${pattern}`, 'g'), to]);
    }
  };
  add(where.envPath, '/lib/python\\d+\\.\\d+/site-packages/', 'site-packages/');
  add(where.interpreter?.prefix, '/lib/(python\\d+\\.\\d+)/', '$1/');
  add(where.packageDir, '/', '');
  add(where.runDir, '/', '');
  add(SANDBOX_PATHS.pkg, '/', '');
  add(SANDBOX_PATHS.work, '/', '');
  add(SANDBOX_PATHS.runner, '/', 'tessera/');
  add(where.envPath, '', 'env');
  add(where.interpreter?.prefix, '', 'python');
  return rules.reduce((result, [pattern, to]) => result.replace(pattern, to), text);
}
