import { lstatSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Interpreter } from './interpreters.ts';
import { pathsFor, type RunLimits, runSandboxed, type SandboxResult } from './sandbox.ts';

export interface StartDashApp {
  interpreter: Interpreter;
  envPath: string;
  packageDir: string;
  module: string;
  variable: string;
  /** A folder of this app's own (short path: a Unix socket path has at most 107 bytes); mounted writable at /work. */
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
  /** The host path of the app's Unix socket: proxy HTTP (and WebSocket upgrades) to it. */
  socketPath: string;
  basePath: string;
  /**
   * A connection to the app, for the proxy (`http.request({ createConnection })`, WebSocket upgrades): the app may
   * write anything in its folder, so the socket is first checked to be the very socket it opened at start (not a
   * symlink to some other socket of the host). Throws when it is not.
   */
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
 * Starts a package's Dash app in the sandbox (no network), served by werkzeug on a Unix socket in socketDir with
 * its URL prefix set. Resolves once the app answers; rejects with the app's own error lines when it fails to start.
 */
export async function startDashApp(opts: StartDashApp): Promise<DashHandle> {
  const basePath = `/${opts.basePath.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  const socketPath = path.join(opts.socketDir, 'app.sock');
  await rm(socketPath, { force: true });
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
    onStart: (stop) => {
      stopSandbox = stop;
    },
  });
  const exited = running.then(async (result) => {
    exitedEarly = true;
    await rm(socketPath, { force: true });
    return result;
  });
  const stop = async () => {
    stopSandbox?.();
    await exited;
  };
  const deadline = Date.now() + (opts.startSeconds ?? 60) * 1000;
  while (!(await answers(socketPath, basePath))) {
    if (exitedEarly) {
      const lines = lastLines(output);
      throw new Error(lines.length ? lines.join('\n') : 'Failed to start Dash application');
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Dash application did not answer within ${opts.startSeconds ?? 60} s`);
    }
    await sleep(50);
  }
  const { ino } = lstatSync(socketPath);
  const createConnection = () => {
    const now = lstatSync(socketPath, { throwIfNoEntry: false });
    if (!now?.isSocket() || now.ino !== ino) throw new Error("The Dash application's socket is not the one it opened");
    return net.connect({ path: socketPath });
  };
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
