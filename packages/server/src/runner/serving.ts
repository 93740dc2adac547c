import { mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Interpreter } from './interpreters.ts';
import {
  DEFAULT_LIMITS,
  type Outcome,
  pathsFor,
  type RunLimits,
  runSandboxed,
  type SandboxControl,
  type SandboxResult,
  type SandboxRun,
} from './sandbox.ts';

/** What a sandbox depends on before any run exists: only runs of the same spec are served by one sandbox. */
export interface RunSpec {
  interpreter: Interpreter;
  envPath: string;
  packageDir: string;
  /** The package's own environment variables. */
  env?: Record<string, string>;
  limits?: Partial<RunLimits>;
  /** Whose runs these are (a project): runs of different owners never share a sandbox. */
  owner?: string;
}

export type RunHandlers = Pick<SandboxRun, 'onStdout' | 'onStderr' | 'onEvent'>;

/** How one run served by a sandbox ended: its process's exit, or the sandbox's end when it ended the run. */
export interface ServedRun {
  outcome: Outcome;
  exitCode: number | null;
}

/** The sandbox that runs harness.py for a spec in `dir` (its /work), serving the runs named on its input. */
async function harnessRun(spec: RunSpec, dir: string): Promise<SandboxRun> {
  const paths = await pathsFor({ packageDir: spec.packageDir, runDir: dir });
  return {
    interpreter: spec.interpreter,
    envPath: spec.envPath,
    packageDir: spec.packageDir,
    runDir: dir,
    argv: [`${spec.envPath}/bin/python`, '-u', `${paths.runner}/harness.py`],
    env: spec.env,
    limits: { ...DEFAULT_LIMITS, ...spec.limits },
    serve: true,
  };
}

/** Two runs may share a sandbox only when every input of its command, and their owner, are the same. */
export const specKey = (spec: RunSpec) =>
  JSON.stringify([
    spec.owner ?? '',
    spec.interpreter.path,
    spec.interpreter.prefix,
    spec.envPath,
    spec.packageDir,
    Object.entries(spec.env ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    spec.limits ?? {},
  ]);

/**
 * A sandbox that serves the runs of one spec one after another (Windmill's dedicated workers, with a fresh process
 * per run): harness.py imports the package's libraries once, then forks a process per run named on its input; the
 * run's folder is `dir/<name>`, made and filled by the host before the name is sent. Between runs the harness kills
 * whatever the last run left running and empties the folder and /tmp. A run that times out, is cancelled or is
 * killed ends the whole sandbox. See docs/security.md, "Runs served one after another".
 */
export class ServingSandbox {
  /** Settles once every process of the sandbox is gone. */
  readonly ended: Promise<SandboxResult>;
  alive = true;
  /** How many runs it was given. */
  served = 0;
  private readonly control: Promise<SandboxControl | undefined>;
  private current: { handlers: RunHandlers; done: (run: ServedRun) => void } | undefined;

  constructor(
    /** The host folder mounted at /work: each run's folder is made inside it. */
    readonly dir: string,
    readonly key: string,
    spec: RunSpec,
  ) {
    let started: (control: SandboxControl | undefined) => void = () => undefined;
    this.control = new Promise((resolve) => (started = resolve));
    this.ended = harnessRun(spec, dir).then((sandbox) =>
      runSandboxed({
        ...sandbox,
        onStart: started,
        onStdout: (text) => this.current?.handlers.onStdout?.(text),
        onStderr: (text) => this.current?.handlers.onStderr?.(text),
        onEvent: (event) => this.onEvent(event),
      }),
    );
    const end = (result?: SandboxResult) => {
      this.alive = false;
      started(undefined);
      // The run it served when it ended ends with it: stopped (timeout, cancel), killed (memory) or broken.
      const outcome = !result || result.outcome === 'ok' ? 'error' : result.outcome;
      this.current?.done({ outcome, exitCode: result?.exitCode ?? null });
    };
    this.ended.then(end, () => end());
  }

  /** Serves the run whose folder `dir/<name>` is ready; at most one at a time. */
  async run(name: string, handlers: RunHandlers, opts: { signal?: AbortSignal; wallSeconds: number }) {
    if (!this.alive || this.current) throw new Error('This sandbox is not free for a run');
    this.served++;
    const served = new Promise<ServedRun>((resolve) => (this.current = { handlers, done: resolve }));
    const control = await this.control;
    const stop = (as: Outcome) => control?.stop(as);
    const onAbort = () => stop('cancelled');
    const timer = setTimeout(() => stop('timeout'), opts.wallSeconds * 1000);
    if (opts.signal?.aborted) onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    control?.send(`${name}\n`);
    try {
      return await served;
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      this.current = undefined;
    }
  }

  /** Stops it; resolves once its processes are gone. */
  discard(): Promise<unknown> {
    void this.control.then((control) => control?.stop('cancelled'));
    return this.ended.catch(() => undefined);
  }

  private onEvent(event: Record<string, unknown>): void {
    const current = this.current;
    if (!current) return;
    if (event.event === 'log') {
      const text = typeof event.text === 'string' ? event.text : '';
      if (event.stream === 'stdout') current.handlers.onStdout?.(text);
      else current.handlers.onStderr?.(text);
    } else if (event.event === 'done') {
      // Killed by a signal: the harness ends the sandbox, whose end tells why (memory, most likely).
      if (typeof event.signal === 'number') return;
      const code = typeof event.code === 'number' ? event.code : null;
      current.done({ outcome: code === 0 ? 'ok' : 'error', exitCode: code });
    } else current.handlers.onEvent?.(event);
  }
}

export interface PoolOptions {
  /** Where the sandboxes' folders are made (the server's DuckDB reads a run's inputs and outputs only there). */
  dir: string;
  /** How many sandboxes at most wait for their next run; 0: every run has a sandbox of its own. */
  max: number;
  /** A sandbox that served no run for this long is stopped. */
  idleMs: number;
}

/**
 * The model runs' sandboxes, kept between runs: a run takes the waiting sandbox of its spec (same owner, package
 * revision, environment, variables and limits), else a new one; given back, it waits for the next run of that spec
 * (the longest waiting other one is stopped when `max` wait already) until `idleMs` pass. A sandbox serves one run
 * at a time; its folder is removed once it ended.
 */
export class SandboxPool {
  private readonly waitingList: { sandbox: ServingSandbox; idle: NodeJS.Timeout }[] = [];
  /** Each sandbox's folder removal, once it ended. */
  private readonly removals = new Map<ServingSandbox, Promise<void>>();
  private closed = false;
  /** How many runs were served by a sandbox that had served another before (for tests and benchmarks). */
  reused = 0;

  constructor(private readonly options: PoolOptions) {}

  /** A sandbox for a run of `spec`, now the caller's until `release`. */
  acquire(spec: RunSpec): ServingSandbox {
    const key = specKey(spec);
    const index = this.waitingList.findIndex(({ sandbox }) => sandbox.key === key && sandbox.alive);
    if (index >= 0) {
      const [{ sandbox, idle }] = this.waitingList.splice(index, 1);
      clearTimeout(idle);
      this.reused++;
      return sandbox;
    }
    mkdirSync(this.options.dir, { recursive: true });
    const dir = mkdtempSync(path.join(this.options.dir, 'sandbox-'));
    const sandbox = new ServingSandbox(dir, key, spec);
    const ended = async () => {
      this.forget(sandbox);
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      this.removals.delete(sandbox);
    };
    this.removals.set(sandbox, sandbox.ended.then(ended, ended));
    return sandbox;
  }

  /** Gives a sandbox back after its run: it waits for the next run of its spec, or stops. */
  release(sandbox: ServingSandbox): void {
    if (!sandbox.alive || this.closed || this.options.max <= 0) {
      void sandbox.discard();
      return;
    }
    while (this.waitingList.length >= this.options.max) {
      const oldest = this.waitingList.shift();
      if (oldest) this.stop(oldest);
    }
    const entry = { sandbox, idle: setTimeout(() => this.stop(entry), this.options.idleMs) };
    entry.idle.unref();
    this.waitingList.push(entry);
  }

  /** The folders of the sandboxes waiting now. */
  waiting(): string[] {
    return this.waitingList.map(({ sandbox }) => sandbox.dir);
  }

  /** Stops every waiting sandbox; resolves once they are gone and their folders removed. */
  async close(): Promise<void> {
    this.closed = true;
    const entries = this.waitingList.splice(0);
    await Promise.allSettled(entries.map((entry) => this.stop(entry)));
    await Promise.allSettled(entries.map(({ sandbox }) => this.removals.get(sandbox)));
  }

  private stop(entry: { sandbox: ServingSandbox; idle: NodeJS.Timeout }): Promise<unknown> {
    clearTimeout(entry.idle);
    this.forget(entry.sandbox);
    return entry.sandbox.discard();
  }

  private forget(sandbox: ServingSandbox): void {
    const index = this.waitingList.findIndex((entry) => entry.sandbox === sandbox);
    if (index >= 0) clearTimeout(this.waitingList.splice(index, 1)[0].idle);
  }
}
