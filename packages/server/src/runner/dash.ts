import { lstat, mkdir, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UnsafeFileError } from './errors.ts';
import type { Interpreter } from './interpreters.ts';
import { withoutServerPaths } from './run.ts';
import { pathsFor, type RunLimits, runSandboxed, type SandboxResult } from './sandbox.ts';

export interface StartDashApp {
  interpreter: Interpreter;
  envPath: string;
  packageDir: string;
  module: string;
  variable: string;
  /**
   * A folder of this app's own (short path: a Unix socket path has at most 107 bytes); mounted writable at /work.
   * `${socketDir}.h` is made beside it for the host's side of the socket (removed when the app stops).
   */
  socketDir: string;
  /** The URL prefix the app is served under (DASH_URL_BASE_PATHNAME): "/" on an origin of its own (docs/security.md). */
  basePath: string;
  /** The package's own environment variables. */
  env?: Record<string, string>;
  /** Stop the app after this many minutes without touch(); default 30. */
  idleMinutes?: number;
  /** How long the app may take to answer its first request; default 60 s. */
  startSeconds?: number;
  limits?: Partial<RunLimits>;
  onLog?: (text: string) => void;
}

export interface DashHandle {
  /** The host path of the app's Unix socket, in a folder the app never sees: proxy HTTP (and WebSocket upgrades) to it. */
  socketPath: string;
  basePath: string;
  /** A connection to the app, for the proxy (`http.request({ createConnection })`, WebSocket upgrades). */
  createConnection(): net.Socket;
  /** Records a request, postponing the idle stop. */
  touch(): void;
  /** Stops the app; resolves once every process of it is gone. */
  stop(): Promise<void>;
  /** Settles when the app has stopped (stop(), idle, crash). */
  exited: Promise<SandboxResult>;
}

function answers(socketPath: string, urlPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ socketPath, path: urlPath, timeout: 2000 }, (response) => {
      response.resume();
      resolve(true);
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => {
      request.destroy();
      resolve(false);
    });
  });
}

const lastLines = (text: string, count = 15) =>
  text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .slice(-count);

/**
 * Moves the socket the app bound in its folder into the host's own folder, once it is there: the app may write
 * anything in its folder (a link to a host socket in place of its own), so the host never connects through a name
 * of that folder. rename() never follows a link, and what arrived is checked (docs/security.md).
 */
async function claimSocket(served: string, target: string): Promise<boolean> {
  if (!(await lstat(served).catch(() => undefined))?.isSocket()) return false;
  await rename(served, target);
  if (!(await lstat(target)).isSocket()) throw new UnsafeFileError("The Dash application's socket is not a socket");
  return true;
}

/**
 * Starts a package's Dash app in the sandbox (no network), served by werkzeug on a Unix socket in socketDir with
 * its URL prefix set. Resolves once the app answers; rejects with the app's own error lines when it fails to start.
 */
export async function startDashApp(opts: StartDashApp): Promise<DashHandle> {
  const basePath = `/${opts.basePath.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  const served = path.join(opts.socketDir, 'app.sock');
  const hostDir = `${opts.socketDir}.h`;
  const socketPath = path.join(hostDir, 'app.sock');
  await rm(served, { force: true });
  await rm(hostDir, { recursive: true, force: true });
  await mkdir(hostDir, { mode: 0o700 });
  const paths = await pathsFor({ packageDir: opts.packageDir, runDir: opts.socketDir });
  let output = '';
  let stopSandbox: (() => void) | undefined;
  let exitedEarly = false;
  const collect = (chunk: string) => {
    output = (output + chunk).slice(-20_000);
    opts.onLog?.(chunk);
  };
  const running = runSandboxed({
    interpreter: opts.interpreter,
    envPath: opts.envPath,
    packageDir: opts.packageDir,
    runDir: opts.socketDir,
    argv: [
      `${opts.envPath}/bin/python`,
      '-u',
      `${paths.runner}/dash_serve.py`,
      opts.module,
      opts.variable,
      `${paths.work}/app.sock`,
    ],
    env: { ...opts.env, DASH_URL_BASE_PATHNAME: basePath },
    limits: { memoryMb: 1024, wallSeconds: 7 * 24 * 3600, ...opts.limits },
    onStdout: collect,
    onStderr: collect,
    onStart: (control) => {
      stopSandbox = () => control.stop();
    },
  });
  const exited = running.then(async (result) => {
    exitedEarly = true;
    await rm(hostDir, { recursive: true, force: true });
    return result;
  });
  const stop = async () => {
    stopSandbox?.();
    await exited;
  };
  const deadline = Date.now() + (opts.startSeconds ?? 60) * 1000;
  let claimed = false;
  for (;;) {
    try {
      claimed ||= await claimSocket(served, socketPath);
    } catch (err) {
      await stop();
      throw err;
    }
    if (claimed && (await answers(socketPath, basePath))) break;
    if (exitedEarly) {
      const lines = lastLines(output);
      if (!lines.length) throw new Error('Failed to start Dash application');
      throw new Error(withoutServerPaths(lines.join('\n'), opts));
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Dash application did not answer within ${opts.startSeconds ?? 60} s`);
    }
    await sleep(50);
  }
  const createConnection = () => net.connect({ path: socketPath });
  const idleMs = (opts.idleMinutes ?? 30) * 60_000;
  let idle = setTimeout(() => void stop(), idleMs);
  exited.then(() => clearTimeout(idle));
  return {
    socketPath,
    basePath,
    createConnection,
    touch: () => {
      clearTimeout(idle);
      if (!exitedEarly) idle = setTimeout(() => void stop(), idleMs);
    },
    stop,
    exited,
  };
}
