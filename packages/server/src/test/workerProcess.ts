import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** A worker process (ROLE=worker, main.ts) a test started; see startWorkerProcess. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Settles when the worker says it runs; rejects when it exits first (with its stderr). */
  ready: Promise<void>;
  /** Its warnings and errors (JSON log lines at level 40 and above) and its stderr. */
  problems(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

/**
 * Starts a real worker process on the test's database (PostgreSQL: a URL) and data directory, with `env` on top
 * of the settings every such test needs (a fast job poll, a fast scheduler, the root account).
 */
export function startWorkerProcess(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
}): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      ROLE: 'worker',
      PORT: '0',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: 'Root-password-1',
      JOBS_POLLING_SECONDS: '0.5',
      SCHEDULER_POLL_MS: '100',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('worker is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`a worker exited (${code}):\n${stderr}`)));
  });
  // A worker killed after it was ready: its exit is expected, not a failure to report.
  ready.catch(() => {});
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    ready,
    problems: () => [...out.split('\n').filter((l) => /"level":(4|5|6)0/.test(l)), stderr].join('\n'),
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
