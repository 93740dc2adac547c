/**
 * The Tessera side of the query benchmark: the real server as a child process, driven only through its HTTP
 * API, as bench/ingest/upload.ts does.
 *
 * `startServer` runs `node --import tsx packages/server/src/main.ts` on a fresh DATA_DIR (embedded PGlite) and
 * a free port, waits until it answers and signs in. `importCsv` creates a project and a file dataset, streams
 * the CSV as multipart to `POST /api/v1/datasets/{id}/upload` and polls the dataset's jobs until imported;
 * it answers the dataset's features.
 * BENCH_SERVER_PG_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres): the server's metadata on a fresh
 * PostgreSQL database created there (dropped after) instead of PGlite.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench-query-2026!pass';

export interface Server {
  base: string;
  /** 'PGlite' or 'PostgreSQL': where the server keeps its metadata. */
  metadata: string;
  token: string;
  dataDir: string;
  process: ChildProcess;
  /** A JSON call to the API; throws with the answer's body on any non-2xx status. */
  call<T>(method: string, url: string, body?: unknown): Promise<T>;
  /** CPU seconds (user + system, all threads) the server process used so far, from /proc (1/100 s ticks). */
  cpuSeconds(): Promise<number>;
  stop(): Promise<void>;
}

/** A feature as `GET /api/v1/datasets/{id}/features` answers it (the fields the benchmark reads). */
export interface Feature {
  _id: string;
  name: string;
  type: 'id' | 'number' | 'date' | 'time' | 'category' | 'text';
  precision: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | null;
  dataset: { _id: string };
  db: { name: string; type: string };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function request<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** With BENCH_SERVER_PG_URL, a new empty database there for this run, and how to drop it. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = process.env.BENCH_SERVER_PG_URL;
  if (!admin) return undefined;
  const name = `tessera_bench_query_${process.pid}`;
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

export async function startServer(work: string): Promise<Server> {
  const dataDir = await mkdtemp(path.join(work, 'server-'));
  const database = await freshDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const main = path.join(root, 'packages/server/src/main.ts');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
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
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const up = await fetch(`${base}/api/v1/login/options`).catch(() => undefined);
      if (up?.ok) break;
      if (Date.now() > deadline) throw new Error('the server did not start within 180 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await request<{ accessToken?: string }>(base, 'POST', '/api/v1/login', undefined, {
      email: EMAIL,
      password: PASSWORD,
    });
    const token = login.accessToken;
    if (!token) throw new Error(`sign-in did not answer a token: ${JSON.stringify(login)}`);
    return {
      base,
      metadata: database ? 'PostgreSQL' : 'PGlite',
      token,
      dataDir,
      process: child,
      call: (method, url, body) => request(base, method, url, token, body),
      cpuSeconds: async () => {
        const line = await readFile(`/proc/${child.pid}/stat`, 'utf8').catch(() => '');
        const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Streams the file from disk as a hand-built multipart body (neither side holds the file). */
async function uploadFile(server: Server, url: string, csv: string): Promise<{ _id: string }> {
  const boundary = `----tessera-bench-${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(csv)}"\r\n` +
      'Content-Type: text/csv\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { size } = await stat(csv);
  const req = http.request(server.base + url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  req.write(head);
  await pipeline(createReadStream(csv, { highWaterMark: 1 << 20 }), req, { end: false });
  req.end(tail);
  const { status, body } = await answer;
  if (status < 200 || status >= 300) throw new Error(`upload: ${status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as { _id: string };
}

export interface Imported {
  projectId: string;
  datasetId: string;
  jobId: string;
  rowCount: number;
  features: Feature[];
  seconds: number;
}

/** A project and a file dataset holding the CSV, imported (polls its jobs every 500 ms, 30 minutes at most). */
export async function importCsv(server: Server, csv: string): Promise<Imported> {
  const project = await server.call<{ _id: string }>('POST', '/api/v1/projects', { name: 'Bench query' });
  const dataset = await server.call<{ _id: string }>('POST', '/api/v1/datasets', {
    name: 'sales',
    projectId: project._id,
  });
  const started = performance.now();
  const job = await uploadFile(server, `/api/v1/datasets/${dataset._id}/upload`, csv);
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const { jobs } = await server.call<{ jobs: { _id: string; status: string }[] }>(
      'GET',
      `/api/v1/datasets/${dataset._id}/jobs`,
    );
    const current = jobs.find((j) => j._id === job._id);
    if (current?.status === 'completed') break;
    if (current && ['failed', 'cancelled'].includes(current.status))
      throw new Error(`import ${current.status}: ${JSON.stringify(current)}`);
    if (Date.now() > deadline) throw new Error('the import did not finish within 30 minutes');
  }
  const seconds = (performance.now() - started) / 1000;
  const detail = await server.call<{ imported: boolean; rowCount: number }>('GET', `/api/v1/datasets/${dataset._id}`);
  if (!detail.imported) throw new Error('the job completed but the dataset is not imported');
  const features = await server.call<Feature[]>('GET', `/api/v1/datasets/${dataset._id}/features`);
  return {
    projectId: project._id,
    datasetId: dataset._id,
    jobId: job._id,
    rowCount: detail.rowCount,
    features,
    seconds,
  };
}

/** A dashboard with one card per vis (type and vis saved with `PUT /api/v1/units/{id}`); the card ids. */
export async function createCards(
  server: Server,
  projectId: string,
  cards: Array<{ name: string; type: 'chart' | 'kpi' | 'table'; vis: unknown }>,
): Promise<{ dashboardId: string; unitIds: string[] }> {
  const dashboard = await server.call<{ _id: string; tabs: string[] }>('POST', '/api/v1/dashboards', {
    projectId,
    name: 'Bench query',
  });
  const tabId = dashboard.tabs[0];
  const unitIds: string[] = [];
  for (const card of cards) {
    const { unit } = await server.call<{ unit: { _id: string } }>('POST', `/api/v1/tabs/${tabId}/units`, {});
    await server.call('PUT', `/api/v1/units/${unit._id}`, { name: card.name, type: card.type, vis: card.vis });
    unitIds.push(unit._id);
  }
  return { dashboardId: dashboard._id, unitIds };
}

/**
 * Waits until the dashboard's preview image is no longer being rendered (asked for on creation, the
 * `dashboardPreview` job runs headless Chromium on the dashboard, whose cards query the server): timing
 * during a render would measure the render too. Answers the preview's final status.
 */
export async function settlePreview(server: Server, dashboardId: string): Promise<string> {
  const deadline = Date.now() + 180_000;
  let status = '';
  while (Date.now() < deadline) {
    const detail = await server.call<{ dashboard: { preview: { status: string } } }>(
      'GET',
      `/api/v1/dashboards/${dashboardId}`,
    );
    status = detail.dashboard.preview.status;
    if (status === 'ready' || status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return `${status} after 180 s`;
}
