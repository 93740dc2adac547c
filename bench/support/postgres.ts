/**
 * A PostgreSQL server of the benchmark's own (bench/faults restarts it, which the machine's shared one must not
 * be): `initdb` into a fresh folder under the system's temporary folder, started with `pg_ctl` on a free port of
 * 127.0.0.1 with trust authentication, stopped and removed at the end. Run as the `postgres` account when this
 * process is root (PostgreSQL refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../../packages/server/src/cluster/ports.ts';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:{port}/postgres */
  url: string;
  /** `pg_ctl restart -m fast`: every connection is closed, the server is back when this resolves. */
  restart(): void;
  stop(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-pg-'));
  const asRoot = userInfo().uid === 0;
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined;
  if (owner !== undefined) chownSync(dir, owner, Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
      : execFileSync(command, args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  // Always with -l: a postmaster without its log file keeps pg_ctl's output open, and execFileSync waits on it.
  const log = path.join(dir, 'log');
  run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-m', 'fast', '-w', 'restart']),
    stop,
  };
}
