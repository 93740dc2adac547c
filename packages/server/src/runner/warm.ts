import { mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { harnessRun, type RunSpec } from './run.ts';
import { runSandboxed, type SandboxResult, type SandboxRun } from './sandbox.ts';

type Handlers = Pick<SandboxRun, 'onStdout' | 'onStderr' | 'onEvent'>;

/** A sandbox started before its run: the interpreter is up and the package's libraries are imported. */
export interface WarmSandbox {
  /** The run's folder (bound at /work): its request and inputs are written here before `start`. */
  readonly runDir: string;
  /** Starts the run written in runDir; settles like runSandboxed. Once only. */
  start(handlers: Handlers, signal?: AbortSignal): Promise<SandboxResult>;
  /** Stops it (a run that failed before it started, or is over); resolves once its processes are gone. */
  discard(): Promise<unknown>;
}

export interface WarmOptions {
  /** Where their run folders are made (the caller's run folders' parent: the server's DuckDB may read only there). */
  dir: string;
  /** How many warm sandboxes at most (one per spec); 0 turns warm starts off. */
  max: number;
  /** A warm sandbox no run took for this long is stopped. */
  idleMs: number;
}

/** Two runs may share a warm sandbox's spec only when every input of the sandbox's command is the same. */
const keyOf = (spec: RunSpec) =>
  JSON.stringify([
    spec.interpreter.path,
    spec.interpreter.prefix,
    spec.envPath,
    spec.packageDir,
    Object.entries(spec.env ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    spec.limits ?? {},
  ]);

class Slot implements WarmSandbox {
  readonly result: Promise<SandboxResult>;
  alive = true;
  taken = false;
  idle?: NodeJS.Timeout;
  private handlers: Handlers = {};
  private readonly stopper = new AbortController();
  private open: () => void = () => undefined;

  constructor(
    readonly runDir: string,
    run: Promise<SandboxRun>,
  ) {
    const gate = new Promise<void>((resolve) => (this.open = resolve));
    this.result = run.then((sandbox) =>
      runSandboxed({
        ...sandbox,
        gate,
        signal: this.stopper.signal,
        onStdout: (text) => this.handlers.onStdout?.(text),
        onStderr: (text) => this.handlers.onStderr?.(text),
        onEvent: (event) => this.handlers.onEvent?.(event),
      }),
    );
    const ended = () => {
      this.alive = false;
    };
    this.result.then(ended, ended);
  }

  start(handlers: Handlers, signal?: AbortSignal): Promise<SandboxResult> {
    this.handlers = handlers;
    if (signal?.aborted) void this.discard();
    signal?.addEventListener('abort', () => void this.discard(), { once: true });
    this.open();
    return this.result;
  }

  discard(): Promise<unknown> {
    this.stopper.abort();
    return this.result.catch(() => undefined);
  }
}

/**
 * Warm starts for model runs (Windmill's dedicated workers, without giving up a fresh sandbox per run). After a
 * run, the worker starts the next run's sandbox for the same package revision and environment: bubblewrap, Python,
 * and the libraries the package imports (found by reading its files, never by running them: harness.py warm_up).
 * The next run of that spec writes its request and inputs into the waiting sandbox's folder and says go, saving
 * the interpreter's start and the imports (pandas: most of a second here). Each sandbox still serves one run only;
 * one that waits longer than idleMs is stopped.
 */
export class WarmSandboxes {
  private readonly slots = new Map<string, Slot>();
  private closed = false;
  /** How many runs started warm (for tests and benchmarks). */
  taken = 0;

  constructor(private readonly options: WarmOptions) {}

  /** The warm sandbox for this spec, if one is waiting: it leaves the pool (the caller removes its folder). */
  take(spec: RunSpec): WarmSandbox | undefined {
    const key = keyOf(spec);
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    this.slots.delete(key);
    clearTimeout(slot.idle);
    if (!slot.alive) return undefined;
    slot.taken = true;
    this.taken++;
    return slot;
  }

  /** Keeps a sandbox of this spec waiting for the next run (the longest waiting other spec's goes when full). */
  keep(spec: RunSpec): void {
    if (this.closed || this.options.max <= 0) return;
    const key = keyOf(spec);
    const current = this.slots.get(key);
    if (current?.alive) {
      this.restartIdle(key, current);
      return;
    }
    while (this.slots.size >= this.options.max) {
      const [oldest] = this.slots.keys();
      this.drop(oldest);
    }
    mkdirSync(this.options.dir, { recursive: true });
    const runDir = mkdtempSync(path.join(this.options.dir, 'warm-'));
    const slot = new Slot(runDir, harnessRun({ ...spec, runDir }));
    this.slots.set(key, slot);
    this.restartIdle(key, slot);
    const ended = async () => {
      if (this.slots.get(key) === slot) this.slots.delete(key);
      clearTimeout(slot.idle);
      if (!slot.taken) await rm(runDir, { recursive: true, force: true }).catch(() => undefined);
    };
    slot.result.then(ended, ended);
  }

  /** The folders of the sandboxes waiting now. */
  waiting(): string[] {
    return [...this.slots.values()].map((slot) => slot.runDir);
  }

  /** Stops every waiting sandbox; resolves once they are gone and their folders removed. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = [...this.slots.keys()].map((key) => this.drop(key));
    await Promise.allSettled(slots);
  }

  private drop(key: string): Promise<unknown> | undefined {
    const slot = this.slots.get(key);
    this.slots.delete(key);
    if (!slot) return undefined;
    clearTimeout(slot.idle);
    return slot
      .discard()
      .then(() => rm(slot.runDir, { recursive: true, force: true }))
      .catch(() => undefined); // never an unhandled rejection: an idle timer or an eviction calls this
  }

  private restartIdle(key: string, slot: Slot): void {
    clearTimeout(slot.idle);
    slot.idle = setTimeout(() => this.drop(key), this.options.idleMs);
    slot.idle.unref();
  }
}
