/**
 * Anonymous form responses on the real server (issue 18): a burst of concurrent submissions to one published
 * form (each from its own address, through TRUST_PROXY and X-Forwarded-For, so that the per-address limit does
 * not refuse them), then how long until the Form Responses dataset holds them (the debounced rebuild of its
 * segment), and a single response's time to the dataset as the dataset grows. Prints tables; asserts nothing.
 *
 * BENCH_FORMS_BURST (default 200): submissions in the burst. BENCH_SERVER_PG_URL: metadata on PostgreSQL.
 */
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../support/server.ts';

const burst = Number(process.env.BENCH_FORMS_BURST ?? 200);
const work = path.resolve(process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'tessera-bench'));
await mkdir(work, { recursive: true });
const server = await startServer(work, {
  password: 'Bench-password-1',
  databaseName: 'bench_forms',
  startSeconds: 90,
  env: { TRUST_PROXY: 'true' },
});

const ELEMENTS = [
  { type: 'shortText', config: { question: 'Name', required: true } },
  { type: 'longText', config: { question: 'Comments' } },
  { type: 'number', config: { question: 'Hours', allowDecimal: true } },
  { type: 'dropdown', config: { question: 'Team', options: 'Sales, Ops, IT' } },
  { type: 'radio', config: { question: 'Site', options: 'North, South' } },
  { type: 'checkbox', config: { question: 'Tools', options: 'Excel, Tableau, Python' } },
  { type: 'ratingScale', config: { question: 'Mood', scale: '1-10' } },
  { type: 'binary', config: { question: 'Remote' } },
  { type: 'date', config: { question: 'Start date' } },
  { type: 'time', config: { question: 'Start time' } },
];
const VALUES: Record<string, unknown> = {
  shortText: 'Ann',
  longText: 'All good this week',
  number: 7.5,
  dropdown: 'Ops',
  radio: 'South',
  checkbox: ['Excel', 'Python'],
  ratingScale: 8,
  binary: true,
  date: '2026-03-01',
  time: '08:30',
};

let address = 0;
/** POSTs one response from a new address; answers the status and the time to the answer in ms. */
function submit(formId: string, answers: object): Promise<{ status: number; ms: number }> {
  const body = JSON.stringify({ answers });
  const from = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.base}/api/v1/public/forms/${formId}/responses`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': from,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const rowCount = async (datasetId: string) =>
  (await server.call<{ rowCount: number }>('GET', `/api/v1/datasets/${datasetId}`)).rowCount;

/** Polls until the dataset has `rows` rows; answers the ms it took. */
async function untilRows(datasetId: string, rows: number): Promise<number> {
  const started = performance.now();
  while ((await rowCount(datasetId)) < rows) await new Promise((r) => setTimeout(r, 10));
  return performance.now() - started;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (v: number) => v.toFixed(1);

try {
  const project = await server.call<{ _id: string }>('POST', '/api/v1/projects', { name: 'Bench forms' });
  const { _id: formId } = await server.call<{ _id: string }>('POST', '/api/v1/forms', {
    projectId: project._id,
    name: 'Staff survey',
  });
  for (const element of ELEMENTS) await server.call('POST', `/api/v1/forms/${formId}/elements`, { element });
  const form = await server.call<{ dataset: { _id: string }; elements: Array<{ _id: string; type: string }> }>(
    'POST',
    `/api/v1/forms/${formId}/publish`,
  );
  const answers = Object.fromEntries(form.elements.map((e) => [e._id, VALUES[e.type]]));
  const datasetId = form.dataset._id;

  const started = performance.now();
  const results = await Promise.all(Array.from({ length: burst }, () => submit(formId, answers)));
  const wall = performance.now() - started;
  const visible = await untilRows(datasetId, burst);
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const created = results.filter((r) => r.status === 201).length;
  console.log(`\nForm responses on ${server.metadata}, ${os.cpus().length} cores, ${ELEMENTS.length} questions`);
  console.log('\n| burst | 201s | wall ms | p50 ms | p95 ms | max ms | rows in dataset after the last 201, ms |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${burst} | ${created} | ${ms(wall)} | ${ms(pct(latencies, 50))} | ${ms(pct(latencies, 95))} | ${ms(latencies.at(-1)!)} | ${ms(visible)} |`,
  );

  // One response's way to the dataset as it grows (the rebuild reads every row).
  console.log('\n| rows before | submit ms | in the dataset after, ms |');
  console.log('|---:|---:|---:|');
  let rows = burst;
  for (const target of [burst, 500, 1000]) {
    while (rows < target) {
      const batch = Math.min(100, target - rows);
      await Promise.all(Array.from({ length: batch }, () => submit(formId, answers)));
      rows += batch;
    }
    await untilRows(datasetId, rows);
    const one = await submit(formId, answers);
    rows++;
    const after = await untilRows(datasetId, rows);
    console.log(`| ${rows - 1} | ${ms(one.ms)} | ${ms(after)} |`);
  }
} finally {
  await server.stop();
}
