import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** How often a run's folder is measured at most (a measure that takes longer spaces the next one out). */
export const DISK_CHECK_MS = 250;

/**
 * The bytes allocated under `dir` (`du -sx`: blocks really used, so a sparse file counts what it holds; links are
 * not followed; other file systems are not entered). Undefined when du fails (the folder is gone).
 */
export async function diskUsage(dir: string): Promise<number | undefined> {
  try {
    const { stdout } = await exec('du', ['-sxk', dir], { timeout: 60_000 });
    const kb = Number.parseInt(stdout, 10);
    return Number.isFinite(kb) ? kb * 1024 : undefined;
  } catch (err) {
    // du prints what it measured even when a file vanished under it (exit code 1).
    const kb = Number.parseInt((err as { stdout?: string }).stdout ?? '', 10);
    return Number.isFinite(kb) ? kb * 1024 : undefined;
  }
}

export interface DiskWatch {
  /** Aborts when `parent` aborts or the run's folder grows past its quota (then `exceeded` is true). */
  readonly signal: AbortSignal;
  readonly exceeded: boolean;
  /** Stops watching and measures once more: a run that ended over its quota counts as exceeded too. */
  stop(): Promise<void>;
}

/**
 * A run's disk quota (docs/security.md "Fair shares"): from the host, the run's folder (its /work) is measured with
 * du every DISK_CHECK_MS while the run lives; once it holds more than `quotaMb` beyond what it held before the run
 * started (the inputs the host wrote), the signal aborts, which stops the sandbox. Between two measures a run can
 * write what its disk does in a quarter of a second (the per-file `ulimit -f` bounds any one file), so the overshoot
 * is at most that; a run that ends over its quota is caught by the last measure. Its /tmp is a tmpfs of the sandbox,
 * charged to the run's memory cgroup: it counts against the memory limit, not this one.
 */
export async function watchDisk(dir: string, quotaMb: number, parent?: AbortSignal): Promise<DiskWatch> {
  // Measured before the run starts: what the run writes from its first instant counts.
  const baseline = (await diskUsage(dir)) ?? 0;
  const controller = new AbortController();
  const forward = () => controller.abort(parent?.reason);
  if (parent?.aborted) forward();
  parent?.addEventListener('abort', forward, { once: true });
  let exceeded = false;
  const watching = new AbortController();
  const quota = quotaMb * 1024 * 1024;
  const check = async (): Promise<boolean> => {
    const used = await diskUsage(dir);
    if (used !== undefined && used - baseline > quota) exceeded = true;
    return exceeded;
  };
  const loop = (async () => {
    while (!watching.signal.aborted && !controller.signal.aborted) {
      const t0 = performance.now();
      const pause = sleep(DISK_CHECK_MS, undefined, { signal: watching.signal }).catch(() => undefined);
      if (await check()) {
        controller.abort(new Error('disk quota exceeded'));
        return;
      }
      await pause;
      // A folder slow to measure (many files) is measured less often: du takes at most about half the time.
      const spent = performance.now() - t0;
      if (spent > DISK_CHECK_MS) await sleep(spent, undefined, { signal: watching.signal }).catch(() => undefined);
    }
  })();
  return {
    signal: controller.signal,
    get exceeded() {
      return exceeded;
    },
    async stop() {
      watching.abort();
      parent?.removeEventListener('abort', forward);
      await loop;
      if (!exceeded) await check();
    },
  };
}
