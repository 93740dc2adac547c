import { setTimeout as sleep } from 'node:timers/promises';
import type { JobType } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from './jobs.store.ts';

/** What a handler receives for one job. */
export interface JobContext<D extends object = Record<string, unknown>> {
  /** The job's row as it is now (status active). */
  job: JobRow;
  /** What `enqueue` (or `release`) was given. */
  data: D;
  /**
   * Aborted when the job is cancelled or failed from elsewhere, takes longer than its timeout, or the server
   * stops. A handler must stop soon after (kill its child process, delete its partial output) and must not
   * commit its result once it is aborted: the job is settled without waiting for it (after a short grace).
   */
  signal: AbortSignal;
  /**
   * Reports progress (0..1, clamped) and optionally what it is doing; written and sent to the project's live
   * channel at most every 100 ms (the latest value wins). Resolves once written; never throws.
   */
  progress(fraction: number, message?: string): Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Does the work. Resolving completes the job (an answered `message` becomes the job's message); throwing fails
 * it with the error's message, which the user sees: throw errors written for them (no stack is ever sent).
 */
export type JobHandler<D extends object = Record<string, unknown>> = (
  ctx: JobContext<D>,
  // biome-ignore lint/suspicious/noConfusingVoidType: an async handler that returns nothing completes its job.
) => Promise<void | { message?: string }>;

export interface DefineOptions {
  /** How many of this type one process runs at once (default 1). */
  concurrency?: number;
  /** After this long the job is failed with "The job took too long" (default one hour). */
  timeoutMs?: number;
  /**
   * At most this many jobs of one project active at once, over every process (fair.ts); the others wait while
   * other projects' jobs are taken. Unset: the oldest job first, whatever its project.
   */
  perProject?: number;
  /**
   * What to clean up when the platform fails a job of this type that no handler will finish (its process died,
   * its queue entry was lost: `sweep`): the files its handler would have removed (an upload, a half-made
   * segment). Runs in whichever process fails the job, at once, not at that process's next start.
   */
  abandoned?: (row: JobRow) => Promise<void>;
  /**
   * How many times a job of this type whose process died mid-way is started again from the beginning, by any
   * process (default 0: failed with "Interrupted by a server restart"). For work whose input outlives the process
   * and whose handler redoes a half-done attempt cleanly: an import reads its upload from the store.
   */
  restartWhenLost?: number;
}

export interface JobDefinition {
  type: JobType;
  handler: JobHandler<never>;
  concurrency: number;
  timeoutMs: number;
  perProject?: number;
  abandoned?: (row: JobRow) => Promise<void>;
  restartWhenLost?: number;
}

export const DEFAULT_TIMEOUT_MS = 60 * 60 * 1000;
/** pg-boss refuses expirations of 24 hours or more. */
export const MAX_TIMEOUT_MS = 23 * 60 * 60 * 1000;

/** A type's definition from what `define` was given: counts made whole numbers, the timeout within its bounds. */
export function jobDefinition<D extends object>(
  type: JobType,
  handler: JobHandler<D>,
  options: DefineOptions,
): JobDefinition {
  return {
    type,
    handler: handler as JobHandler<never>,
    concurrency: Math.max(1, Math.floor(options.concurrency ?? 1)),
    timeoutMs: Math.min(MAX_TIMEOUT_MS, Math.max(1, options.timeoutMs ?? DEFAULT_TIMEOUT_MS)),
    ...(options.perProject ? { perProject: Math.max(1, Math.floor(options.perProject)) } : {}),
    ...(options.abandoned ? { abandoned: options.abandoned } : {}),
    ...(options.restartWhenLost ? { restartWhenLost: Math.max(0, Math.floor(options.restartWhenLost)) } : {}),
  };
}
/** How long an aborted handler gets to wind down before its job is settled. */
export const ABORT_GRACE_MS = 1000;
export const PROGRESS_INTERVAL_MS = 100;
/** A failure message is for people: one reasonable paragraph at most. */
const MAX_MESSAGE_LENGTH = 2000;

export type StopReason = 'timeout' | 'shutdown' | 'cancelled' | 'failed';

/** One job running in this process. */
export class RunningJob {
  readonly controller = new AbortController();
  reason: StopReason | undefined;
  constructor(readonly id: string) {}

  stop(reason: StopReason): void {
    if (this.controller.signal.aborted) return;
    this.reason = reason;
    this.controller.abort(new Error(`job stopped: ${reason}`));
  }
}

export type Outcome =
  | { kind: 'done'; message?: string }
  | { kind: 'threw'; error: unknown }
  | { kind: 'stopped'; reason: StopReason };

/** Runs the handler until it settles, its timeout passes, or it is stopped (then waits the short grace). */
export async function runHandler<D extends object>(
  handler: JobHandler<D>,
  ctx: JobContext<D>,
  running: RunningJob,
  timeoutMs: number,
): Promise<Outcome> {
  const signal = running.controller.signal;
  const timer = setTimeout(() => running.stop('timeout'), timeoutMs);
  const stopped = new Promise<'stopped'>((resolve) => {
    if (signal.aborted) resolve('stopped');
    signal.addEventListener('abort', () => resolve('stopped'), { once: true });
  });
  const work: Promise<Outcome> = Promise.resolve()
    .then(() => handler(ctx))
    .then(
      (value): Outcome => ({
        kind: 'done',
        message: value && typeof value.message === 'string' ? value.message : undefined,
      }),
      (error: unknown): Outcome => ({ kind: 'threw', error }),
    );
  try {
    const first = await Promise.race([work, stopped]);
    if (first !== 'stopped') return first;
    await Promise.race([work, sleep(ABORT_GRACE_MS)]);
    return { kind: 'stopped', reason: running.reason ?? 'shutdown' };
  } finally {
    clearTimeout(timer);
  }
}

/** The text a user sees for a handler's failure: the error's message only, never its stack. */
export function failureMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const text = raw.trim() || 'The job failed';
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text;
}

export const clampFraction = (fraction: number): number =>
  Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;

/**
 * Throttles a job's progress writes: at most one per interval, the latest value wins, writes in order.
 * `close` drops what is pending and waits for the write in flight, so no progress lands after the job settles.
 */
export class ProgressReporter {
  private lastWrite = 0;
  private pending: { fraction: number; message?: string } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly write: (fraction: number, message?: string) => Promise<void>,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  report(fraction: number, message?: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.pending = { fraction: clampFraction(fraction), message: message ?? this.pending?.message };
    const written = new Promise<void>((resolve) => this.waiters.push(resolve));
    const wait = this.lastWrite + this.intervalMs - Date.now();
    if (wait <= 0 && !this.timer) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), Math.max(0, wait));
    return written;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
    for (const resolve of this.waiters.splice(0)) resolve();
    await this.chain;
  }

  private flush(): void {
    this.timer = undefined;
    const value = this.pending;
    const waiters = this.waiters.splice(0);
    this.pending = undefined;
    if (!value || this.closed) {
      for (const resolve of waiters) resolve();
      return;
    }
    this.lastWrite = Date.now();
    this.chain = this.chain
      .then(() => this.write(value.fraction, value.message))
      // The writer logs its own failures; a lost progress report must not stop the next ones.
      .catch(() => {})
      .finally(() => {
        for (const resolve of waiters) resolve();
      });
  }
}
