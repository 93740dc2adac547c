import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../packages/server/src/cluster/ports.ts';
import { startOidcProvider, type TestOidcProvider } from '../../packages/server/src/test/oidcProvider.ts';
import { type Mailbox, startMailbox } from './mailbox.ts';
import { repoRoot, serverMain, webDist } from './paths.ts';

/** The root user the server creates on its empty database (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@tessera.test', password: 'Admin-password-1', first: 'Admin' };

export interface Tessera {
  /** http://127.0.0.1:PORT, also the server's PUBLIC_URL. */
  url: string;
  dataDir: string;
  mailbox: Mailbox;
  idp: TestOidcProvider;
  /** What the server printed so far (JSON log lines), for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts the REAL server as a child process, as `npm start` does after the build: `node --import tsx
 * packages/server/src/main.ts`, on a fresh DATA_DIR (PGlite), a free port, the built web app, a real SMTP
 * server (smtp-server) and a real OpenID Connect provider (oidc-provider) standing in for Microsoft.
 */
/** `env`: more settings for the server (the assistant's LLM_* settings, say), over the defaults above. */
export async function startTessera(options: { env?: Record<string, string> } = {}): Promise<Tessera> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `The web app is not built (${path.join(webDist, 'index.html')} is missing). ` +
        '`npm test` builds it first (pretest); when running Vitest directly, run `npm run build` once.',
    );
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-'));
  const mailbox = await startMailbox();
  // The provider registers `${url}/login/microsoft` as its client's redirect URI: the app's port comes first.
  const idp = await startOidcProvider({ appUrl: url });

  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    cwd: repoRoot,
    // Its own process group, so that stop() ends the server and anything it starts.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inheritedEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: webDist,
      PUBLIC_URL: url,
      SMTP_URL: mailbox.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      ...options.env,
    },
  });
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  // Should the test process die without running its hooks, take the server down with it.
  const killOnExit = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    await killGroup(child);
    await Promise.allSettled([mailbox.close(), idp.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, dataDir, mailbox, idp, log: () => output, stop };
}

/** The environment of `npm start`: this test process's, without what Vitest and the test database add. */
function inheritedEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|TEST_|NODE_ENV$)/.test(key)));
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // E2E_START_TIMEOUT_MS: a longer wait on a machine shared with other heavy work.
  const waitMs = Number(process.env.E2E_START_TIMEOUT_MS) || 60_000;
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.signalCode ?? child.exitCode}) before answering:\n${tail(output())}`);
    }
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer GET /api/v1/health within ${waitMs / 1000} s:\n${tail(output())}`);
}

/** SIGTERM to the whole process group (graceful shutdown), SIGKILL if it is still there after 10 s. */
async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export function tail(text: string, lines = 40): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** Which of these secrets appear in the server's log (no password, token or reset code). */
export function secretsInLog(app: Tessera, secrets: Record<string, string | null | undefined>): string[] {
  const log = app.log();
  return Object.entries(secrets)
    .filter(([, value]) => value && log.includes(value))
    .map(([name]) => name);
}
