/**
 * The upload step: the CSV through the real HTTP API of a real server process, until the dataset is imported.
 *
 * Starts `node --import tsx packages/server/src/main.ts` with a fresh DATA_DIR (embedded PGlite), signs in,
 * creates a project and a file dataset, streams the file from disk as multipart (field `file`) to
 * `POST /api/v1/datasets/{id}/upload` and polls `GET /api/v1/datasets/{id}/jobs` until the job finishes.
 * The server's RSS (VmRSS of its /proc status) is sampled every 200 ms: baseline before the upload, peak while
 * the bytes arrive, peak while the job imports them.
 * BENCH_SERVER_PG_URL (optional, e.g. postgres://postgres@127.0.0.1:5432/postgres): run the server on a fresh
 * PostgreSQL database created there (and dropped after) instead of the embedded PGlite, whose WASM memory is
 * most of the idle server's RSS.
 */
import { spawn } from 'node:child_process';
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
const PASSWORD = 'Bench-ingest-2026!pass';

export interface UploadMeasure {
  seconds: number;
  uploadSeconds: number;
  rows: number;
  baselineRssMb: number;
  uploadPeakRssMb: number;
  importPeakRssMb: number;
  growthMb: number;
  /** The server process's CPU seconds (user + system, all threads) from the upload to the import's end. */
  cpuSeconds: number;
}

/** CPU seconds (user + system) of a process so far, from /proc (clock ticks of 1/100 s). */
async function processCpu(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** With BENCH_SERVER_PG_URL, a new empty database on that server for this run, and how to drop it. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = process.env.BENCH_SERVER_PG_URL;
  if (!admin) return undefined;
  const name = `tessera_bench_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
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

/** A JSON call to the API; throws with the answer's body on any non-2xx status. */
async function call<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * Streams the file from disk as a hand-built multipart body piped into http.request, so neither side of
 * this process holds the file; answers the server's JSON reply (the import job).
 */
async function uploadFile(base: string, url: string, token: string, csv: string): Promise<{ _id: string }> {
  const boundary = `----tessera-bench-${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(csv)}"\r\n` +
      'Content-Type: text/csv\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { size } = await stat(csv);
  const req = http.request(base + url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
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

export async function measureUpload(csv: string, work: string): Promise<UploadMeasure> {
  const dataDir = await mkdtemp(path.join(work, 'server-'));
  const database = await freshDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: database?.url ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const pid = server.pid!;
  let phase: 'idle' | 'upload' | 'import' = 'idle';
  const peaks = { idle: 0, upload: 0, import: 0 };
  const trace = process.env.BENCH_RSS_TRACE === '1';
  const t0 = performance.now();
  const sampler = setInterval(async () => {
    const now = phase;
    const mb = await rssMb(pid);
    peaks[now] = Math.max(peaks[now], mb);
    // BENCH_RSS_TRACE=1 prints every sample (to stderr, so the result line stays the last of stdout).
    if (trace) console.error(`rss ${((performance.now() - t0) / 1000).toFixed(1)} s ${now} ${mb} MB`);
  }, 200);
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      const up = await fetch(`${base}/api/v1/login/options`).catch(() => undefined);
      if (up?.ok) break;
      if (Date.now() > deadline) throw new Error('server did not start within 120 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await call<{ accessToken?: string }>(base, 'POST', '/api/v1/login', undefined, {
      email: EMAIL,
      password: PASSWORD,
    });
    const token = login.accessToken;
    if (!token) throw new Error(`sign-in did not answer a token: ${JSON.stringify(login)}`);
    const project = await call<{ _id: string }>(base, 'POST', '/api/v1/projects', token, { name: 'Bench' });
    const dataset = await call<{ _id: string }>(base, 'POST', '/api/v1/datasets', token, {
      name: 'ingest',
      projectId: project._id,
    });
    // Baseline: the server started, signed in and idle, over 2 s of samples.
    peaks.idle = 0;
    await new Promise((r) => setTimeout(r, 2000));
    const baselineRssMb = peaks.idle;

    phase = 'upload';
    const cpu = await processCpu(pid);
    const started = performance.now();
    const job = await uploadFile(base, `/api/v1/datasets/${dataset._id}/upload`, token, csv);
    const uploadSeconds = (performance.now() - started) / 1000;
    phase = 'import';
    let finished: { status: string; rowCount: number | null; error?: unknown } | undefined;
    while (!finished) {
      await new Promise((r) => setTimeout(r, 200));
      const history = await call<{ jobs: { _id: string; status: string; rowCount: number | null }[] }>(
        base,
        'GET',
        `/api/v1/datasets/${dataset._id}/jobs`,
        token,
      );
      const current = history.jobs.find((j) => j._id === job._id);
      if (current && ['completed', 'failed', 'cancelled'].includes(current.status)) finished = current;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (await processCpu(pid)) - cpu;
    await new Promise((r) => setTimeout(r, 250)); // one more sample of the import phase
    if (finished.status !== 'completed') throw new Error(`import ${finished.status}: ${JSON.stringify(finished)}`);
    const detail = await call<{ imported: boolean; rowCount: number }>(
      base,
      'GET',
      `/api/v1/datasets/${dataset._id}`,
      token,
    );
    if (!detail.imported) throw new Error('the job completed but the dataset is not imported');
    const peak = Math.max(peaks.upload, peaks.import);
    return {
      seconds,
      uploadSeconds,
      rows: detail.rowCount,
      baselineRssMb,
      uploadPeakRssMb: peaks.upload,
      importPeakRssMb: peaks.import,
      growthMb: peak - baselineRssMb,
      cpuSeconds,
    };
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
    const killer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}
