/**
 * The upload step: the CSV through the real HTTP API of a real server process, until the dataset is imported.
 *
 * Starts `node --import tsx packages/server/src/main.ts` with a fresh DATA_DIR (embedded PGlite, see
 * bench/support/server.ts), signs in, creates a project and a file dataset, streams the file from disk as multipart (field `file`) to
 * `POST /api/v1/datasets/{id}/upload` and waits for the job's end on the project's live channel, as the web app
 * is told (`job:updated`; `GET /api/v1/datasets/{id}/jobs` every 5 s in case a message was lost). The import's end
 * is the job's as the server recorded it (`lastUpdated` of the completed job, the same machine's clock). Until
 * 2026-12-02 the step polled the jobs every 200 ms instead, which took the server's CPU from the import on a
 * 2-core machine, and first ended at the poll that saw the end (~0.1 s later on average).
 * The server's RSS (VmRSS of its /proc status) is sampled every 200 ms: baseline before the upload, peak while
 * the bytes arrive, peak while the job imports them.
 * BENCH_SERVER_PG_URL (optional, e.g. postgres://postgres@127.0.0.1:5432/postgres): run the server on a fresh
 * PostgreSQL database created there (and dropped after) instead of the embedded PGlite, whose WASM memory is
 * most of the idle server's RSS.
 */
import { projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { io, type Socket } from 'socket.io-client';
import { uploadFile } from '../support/http.ts';
import { ownCpuSeconds, cpuSeconds as processCpu, rssMb } from '../support/process.ts';
import { startServer } from '../support/server.ts';

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
  /** The server's CPU seconds while it received the file (until the upload's answer). */
  receiveCpuSeconds: number;
  /** This (client) process's CPU seconds while it sent the file. */
  sendCpuSeconds: number;
}

const FINAL = ['completed', 'failed', 'cancelled'];

export async function measureUpload(csv: string, work: string): Promise<UploadMeasure> {
  const server = await startServer(work, {
    password: 'Bench-ingest-2026!pass',
    databaseName: `tessera_bench_${Date.now()}`,
    startSeconds: 600,
  });
  const pid = server.process.pid!;
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
  let live: Socket | undefined;
  try {
    const project = await server.call<{ _id: string }>('POST', '/api/v1/projects', { name: 'Bench' });
    const dataset = await server.call<{ _id: string }>('POST', '/api/v1/datasets', {
      name: 'ingest',
      projectId: project._id,
    });
    const ended = new Set<string>();
    const channel = io(`${server.base}${projectNamespace(project._id)}`, {
      path: REALTIME_PATH,
      auth: { token: server.token },
      transports: ['websocket'],
    });
    live = channel;
    channel.on('job:updated', (job: { _id: string; status: string }) => {
      if (FINAL.includes(job.status)) ended.add(job._id);
    });
    await new Promise<void>((resolve, reject) =>
      channel.once('connect', () => resolve()).once('connect_error', reject),
    );
    // Baseline: the server started, signed in and idle, over 2 s of samples.
    peaks.idle = 0;
    await new Promise((r) => setTimeout(r, 2000));
    const baselineRssMb = peaks.idle;

    phase = 'upload';
    const cpu = await processCpu(pid);
    const started = performance.now();
    const startedAt = Date.now();
    const sendCpu = ownCpuSeconds();
    const job = await uploadFile(server.base, `/api/v1/datasets/${dataset._id}/upload`, server.token, csv);
    const uploadSeconds = (performance.now() - started) / 1000;
    const sendCpuSeconds = ownCpuSeconds() - sendCpu;
    const receiveCpuSeconds = (await processCpu(pid)) - cpu;
    phase = 'import';
    const jobNow = async () =>
      (
        await server.call<{ jobs: { _id: string; status: string; lastUpdated: string }[] }>(
          'GET',
          `/api/v1/datasets/${dataset._id}/jobs`,
        )
      ).jobs.find((j) => j._id === job._id);
    let finished: { status: string; lastUpdated: string } | undefined;
    // Told on the live channel, checked every 50 ms; the jobs list asked every 100th check in case it was lost.
    for (let check = 1; !finished; check++) {
      await new Promise((r) => setTimeout(r, 50));
      if (!ended.has(job._id) && check % 100) continue;
      const current = await jobNow();
      if (current && FINAL.includes(current.status)) finished = current;
    }
    const seenSeconds = (performance.now() - started) / 1000;
    const seconds = (Date.parse(finished.lastUpdated) - startedAt) / 1000;
    if (trace) console.error(`import ended at ${seconds} s, seen here at ${seenSeconds} s`);
    const cpuSeconds = (await processCpu(pid)) - cpu;
    await new Promise((r) => setTimeout(r, 250)); // one more sample of the import phase
    if (finished.status !== 'completed') throw new Error(`import ${finished.status}: ${JSON.stringify(finished)}`);
    const detail = await server.call<{ imported: boolean; rowCount: number }>('GET', `/api/v1/datasets/${dataset._id}`);
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
      receiveCpuSeconds,
      sendCpuSeconds,
    };
  } finally {
    live?.close();
    clearInterval(sampler);
    await server.stop();
  }
}
