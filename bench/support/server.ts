/**
 * The real Tessera server as a child process for the benchmarks: `node --import tsx packages/server/src/main.ts`
 * on a fresh DATA_DIR (embedded PGlite) and a free port, waited for until it answers, signed in as its admin.
 * BENCH_SERVER_PG_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres): the server's metadata on a fresh
 * PostgreSQL database created there (dropped on stop) instead of PGlite.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../packages/server/src/cluster/ports.ts';
import { requestJson } from './http.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EMAIL = 'bench@example.com';

export interface ServerOptions {
  /** The admin's password (ADMIN_PASSWORD). */
  password: string;
  /** The name of the PostgreSQL database created with BENCH_SERVER_PG_URL. */
  databaseName: string;
  /** How long the server may take to answer. */
  startSeconds: number;
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** LOG_LEVEL (default warn). */
  logLevel?: string;
  /** More environment for the server. */
  env?: Record<string, string>;
  /** Each line the server writes on its standard output (its JSON log), instead of passing it through. */
  onLog?: (line: string) => void;
  /** Where to create the PostgreSQL database (default BENCH_SERVER_PG_URL); null: PGlite whatever the env says. */
  postgresUrl?: string | null;
}

export interface StartedServer {
  base: string;
  /** 'PGlite' or 'PostgreSQL': where the server keeps its metadata. */
  metadata: string;
  token: string;
  dataDir: string;
  process: ChildProcess;
  /** A JSON call to the API as the admin; throws with the answer's body on any non-2xx status. */
  call<T>(method: string, url: string, body?: unknown): Promise<T>;
  /** Stops the server and removes its DATA_DIR and database (again is harmless). */
  stop(): Promise<void>;
}

/** With a PostgreSQL URL, a new empty database there named `name`, and how to drop it. */
async function freshDatabase(
  name: string,
  admin: string | undefined,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (!admin) return undefined;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Starts the server (its DATA_DIR under `work`), waits until it answers and signs in. */
export async function startServer(work: string, options: ServerOptions): Promise<StartedServer> {
  const dataDir = await mkdtemp(path.join(work, 'server-'));
  const admin = options.postgresUrl === undefined ? process.env.BENCH_SERVER_PG_URL : options.postgresUrl;
  const database = await freshDatabase(options.databaseName, admin ?? undefined);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const main = path.join(root, 'packages/server/src/main.ts');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: options.password,
      LOG_LEVEL: options.logLevel ?? 'warn',
      DATABASE_URL: database?.url ?? '',
      ...options.env,
    },
    stdio: ['ignore', options.onLog ? 'pipe' : 'inherit', 'inherit'],
  });
  if (options.onLog && child.stdout) {
    const onLog = options.onLog;
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLog(line);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    const deadline = Date.now() + options.startSeconds * 1000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const up = await fetch(`${base}/api/v1/login/options`).catch(() => undefined);
      if (up?.ok) break;
      if (Date.now() > deadline) throw new Error(`the server did not start within ${options.startSeconds} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await requestJson<{ accessToken?: string }>(base, 'POST', '/api/v1/login', undefined, {
      email: EMAIL,
      password: options.password,
    });
    const token = login.accessToken;
    if (!token) throw new Error(`sign-in did not answer a token: ${JSON.stringify(login)}`);
    return {
      base,
      metadata: database ? 'PostgreSQL' : 'PGlite',
      token,
      dataDir,
      process: child,
      call: (method, url, body) => requestJson(base, method, url, token, body),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
