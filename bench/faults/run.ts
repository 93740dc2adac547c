/**
 * Issue 21's faults, on `npm run cluster`'s processes (2 API processes and 2 workers behind the proxy, a private
 * PostgreSQL this bench may restart, the machine's Redis under a random prefix):
 *
 * 1. kill -9 of the worker importing a 4,000,000-row CSV (the import starts over on the other worker);
 * 2. kill -9 of the worker building a package (pip installing pandas and pyarrow in its sandbox);
 * 3. kill -9 of the worker running a model (a function sleeping 60 s in its sandbox);
 * 4. kill -9 of the API process holding the live channels of VIEWERS viewers (socket.io, as the web app opens it);
 * 5. PostgreSQL restarted (`pg_ctl restart -m fast`) while CLIENTS clients call the API without pause.
 *
 * Each prints what the person saw, how long it took and what was left behind, and fails the bench (exit 1) when a
 * rule is broken: a job that stays unfinished, a half-written segment, a process left running, a viewer that
 * never reconnects or misses an event after it did, a process that had to be restarted. After each worker kill a
 * new worker is started, as a supervisor would. Needs Redis (TEST_REDIS_URL, default 127.0.0.1:6379), PostgreSQL's
 * programs (initdb, pg_ctl), bubblewrap, python3.11 with the local package index, and `npm run build`.
 *
 * BENCH_FAULTS_HEARTBEAT_SECONDS (default 2): the processes' JOBS_HEARTBEAT_SECONDS; a job whose holder missed three
 * beats is failed, so the window is 3× this.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { io, type Socket } from 'socket.io-client';
import { apiSignIn } from '../../e2e/support/api.ts';
import { startTesseraCluster, type TesseraCluster } from '../../e2e/support/cluster.ts';
import { ADMIN } from '../../e2e/support/tessera.ts';
import { generateCsv } from '../query/generate.ts';
import { MODEL_CODE, postZip, zip } from '../runner/world.ts';
import { requestJson, uploadFile } from '../support/http.ts';
import { startPrivatePostgres } from '../support/postgres.ts';

const HEARTBEAT_SECONDS = Number(process.env.BENCH_FAULTS_HEARTBEAT_SECONDS ?? 2);
const VIEWERS = Number(process.env.BENCH_FAULTS_VIEWERS ?? 50);
const CLIENTS = Number(process.env.BENCH_FAULTS_CLIENTS ?? 20);
const IMPORT_ROWS = 4_000_000;
/** BENCH_FAULTS (default 1,2,3,4,5): which faults to cause; 3 needs 2's package. */
const chosen = new Set((process.env.BENCH_FAULTS ?? '1,2,3,4,5').split(',').map(Number));
if (chosen.has(3)) chosen.add(2);
const started = Date.now();
/** Progress on stderr: where the bench is, in seconds since it started. */
const step = (what: string) => console.error(`[faults ${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);

interface Outcome {
  fault: string;
  seen: string;
  settledMs: number | string;
  leftBehind: string;
  after: string;
  ok: boolean;
}
const outcomes: Outcome[] = [];
const problems: string[] = [];
const check = (ok: boolean, problem: string) => {
  if (!ok) problems.push(problem);
  return ok;
};

interface JobRow {
  id: string;
  type: string;
  status: string;
  worker: string | null;
  message: string | null;
}

/** The processes under `pid` (its children, theirs...), from /proc. */
async function descendants(pid: number): Promise<number[]> {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => ''))
    .split(' ')
    .filter(Boolean)
    .map(Number);
  return [...children, ...(await Promise.all(children.map(descendants))).flat()];
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

// Interrupted: the 'exit' handlers stop the cluster's processes and the private PostgreSQL.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const work = tmpdir();
const postgres = await startPrivatePostgres();
let cluster: TesseraCluster | undefined;
const sockets: Socket[] = [];
try {
  cluster = await startTesseraCluster({
    apis: 2,
    workers: 2,
    databaseUrl: postgres.url,
    env: { JOBS_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS), LOG_LEVEL: 'warn' },
  });
  const c = cluster;
  const base = c.url;
  const token = await apiSignIn(c, ADMIN.email, ADMIN.password);
  const call = <T>(method: string, url: string, body?: unknown) => requestJson<T>(base, method, url, token, body);
  const projectId = (await call<{ _id: string }>('POST', '/api/v1/projects', { name: 'Faults' }))._id;

  // What the person sees: the project's live channel, as the web app opens it.
  const events: Array<{ at: number; name: string; payload: { _id?: string; status?: string } }> = [];
  const person: Socket = io(`${base}${projectNamespace(projectId)}`, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
  });
  sockets.push(person);
  person.onAny((name: string, payload) => events.push({ at: Date.now(), name, payload }));
  await new Promise<void>((resolve, reject) => person.once('connect', resolve).once('connect_error', reject));
  const told = (name: string, id: string, status: string) =>
    until(`${name} ${status}`, async () =>
      events.find((e) => e.name === name && e.payload._id === id && e.payload.status === status),
    );

  const job = async (id: string) => (await c.query<JobRow>('select * from jobs where id = $1', [id]))[0];
  const jobOf = async (ownerId: string, type: string) =>
    (
      await c.query<JobRow>('select * from jobs where owner_id = $1 and type = $2 order by time_created desc', [
        ownerId,
        type,
      ])
    )[0];
  const unfinished = async () =>
    Number(
      (
        await c.query<{ n: string }>("select count(*) as n from jobs where status in ('queued', 'active', 'continue')")
      )[0]?.n,
    );
  const workerPid = (row: JobRow) => Number(row.worker?.split(':')[0]);

  /** Kills the worker holding the job once it is active (after `delayMs` more), then waits for the job to fail. */
  async function killWorkerOf(
    find: () => Promise<JobRow | undefined>,
    delayMs: number,
  ): Promise<{ row: JobRow; killedAt: number; settledMs: number; orphans: number[]; children: number }> {
    const active = await until('the job to be active', async () => {
      const row = await find();
      return row?.status === 'active' && row.worker ? row : undefined;
    });
    await sleep(delayMs);
    const pid = workerPid(active);
    if (!c.pids('worker').includes(pid)) throw new Error(`job held by ${active.worker}, not a worker`);
    const children = await descendants(pid);
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    const row = await until('the job to settle', async () => {
      const now = await job(active.id);
      return now && !['queued', 'active', 'continue'].includes(now.status) ? now : undefined;
    });
    const settledMs = Date.now() - killedAt;
    await sleep(1000); // the sandbox's processes go with their parent (bubblewrap's --die-with-parent)
    return { row, killedAt, settledMs, orphans: children.filter(alive), children: children.length };
  }

  // 1. A worker killed mid-import.
  if (chosen.has(1)) {
    step('fault 1');
    const csv = path.join(work, `tessera-faults-${IMPORT_ROWS}.csv`);
    await generateCsv(csv, IMPORT_ROWS);
    const dataset = await call<{ _id: string }>('POST', '/api/v1/datasets', { name: 'big', projectId });
    const upload = await uploadFile(base, `/api/v1/datasets/${dataset._id}/upload`, token, csv);
    const { row, killedAt, settledMs, orphans } = await killWorkerOf(() => job(upload._id), 300);
    // An import starts over on another worker (its upload is in the store): the job ends completed there.
    const event = await told('job:updated', upload._id, row.status);
    const segments = await c.query<{ state: string; n: string; rows: string }>(
      'select state, count(*) as n, sum(row_count) as rows from dataset_jobs where dataset_id = $1 group by state',
      [dataset._id],
    );
    const imported = segments.find((s) => s.state === 'imported');
    const rows = await call<{ count: number }>('POST', `/api/v1/datasets/${dataset._id}/data?limit=5`, {}).then(
      (answer) => answer.count,
      (err: Error) => `refused (${err.message.slice(0, 60)})`,
    );
    await c.add('worker');
    const ok =
      check(row.status === 'completed', `import: the job ended ${row.status} (${row.message})`) &&
      check(Number(imported?.rows) === IMPORT_ROWS, `import: ${imported?.rows ?? 0} rows imported`) &&
      check(orphans.length === 0, `import: processes left: ${orphans.join(', ')}`);
    outcomes.push({
      fault: `kill -9 worker mid-import (${IMPORT_ROWS.toLocaleString('en')} rows)`,
      seen: `job started again, then ${row.status} (told live after ${event.at - killedAt} ms)`,
      settledMs,
      leftBehind: `segments: ${segments.map((s) => `${s.n} ${s.state}`).join(', ') || 'none'}; rows read: ${rows}`,
      after: 'nothing to redo: the import finished on the other worker',
      ok,
    });
  }

  // 2. A worker killed mid-build (pip installing pandas and pyarrow).
  // The runner bench's functions: sleepy(seconds) to kill mid-run, summary(n) for the run after it.
  const files = { 'requirements.txt': 'pandas\npyarrow\n', 'model.py': MODEL_CODE };
  const upload = () =>
    postZip(
      { base, token },
      `/api/v1/packages/upload?projectId=${projectId}`,
      { name: 'faults', baseImage: '3.11', projectId },
      zip(files),
    );
  let packageId = '';
  if (chosen.has(2)) {
    step('fault 2');
    const pkg = await upload();
    const { row, settledMs, orphans, children } = await killWorkerOf(() => jobOf(pkg._id, 'packageBuild'), 1500);
    const shown = await call<{ status: string; errorLog?: string }>('GET', `/api/v1/packages/${pkg._id}`);
    await c.add('worker');
    const again = await upload();
    const built = await until(
      'the package to build again',
      async () => {
        const now = await call<{ status: string; errorLog?: string }>('GET', `/api/v1/packages/${again._id}`);
        return now.status === 'built' || now.status === 'failed' ? now : undefined;
      },
      600_000,
    );
    packageId = again._id;
    const ok =
      check(row.status === 'failed', `build: the job ended ${row.status}`) &&
      check(shown.status === 'failed', `build: the package shows ${shown.status}`) &&
      check(orphans.length === 0, `build: processes left: ${orphans.join(', ')}`) &&
      check(built.status === 'built', `build again: ${built.status} ${built.errorLog}`);
    outcomes.push({
      fault: 'kill -9 worker mid-build (pip: pandas, pyarrow)',
      seen: `package ${shown.status}; job "${row.message}"`,
      settledMs,
      leftBehind: `${children} sandbox processes, ${orphans.length} left`,
      after: `uploaded again: ${built.status}`,
      ok,
    });
  }

  // 3. A worker killed mid-run (the function sleeps 60 s in its sandbox).
  if (chosen.has(3)) {
    step('fault 3');
    const pkg = await call<{ modules: { algorithms: { _id: string; functionName: string }[] }[] }>(
      'GET',
      `/api/v1/packages/${packageId}`,
    );
    const fn = (name: string) =>
      pkg.modules.flatMap((m) => m.algorithms).find((a) => a.functionName === name)?._id as string;
    const model = async (name: string) => {
      const id = (await call<{ _id: string }>('POST', `/api/v1/algorithms/${fn(name)}/createModel`, {}))._id;
      await call('POST', `/api/v1/models/${id}/confirm`, {});
      return id;
    };
    const sleepy = await model('sleepy');
    const runId = (await call<{ _id: string }>('POST', `/api/v1/models/${sleepy}/execute`, { inputs: [] }))._id;
    await told('modelRun:updated', runId, 'started');
    const { row, killedAt, settledMs, orphans, children } = await killWorkerOf(() => jobOf(sleepy, 'modelRun'), 500);
    const event = await told('modelRun:updated', runId, 'failed');
    await c.add('worker');
    const summary = await model('summary');
    const next = (await call<{ _id: string }>('POST', `/api/v1/models/${summary}/execute`, { inputs: [] }))._id;
    const finished = await until(
      'the next run',
      async () =>
        events.find(
          (e) =>
            e.name === 'modelRun:updated' &&
            e.payload._id === next &&
            ['finished', 'failed'].includes(e.payload.status as string),
        ),
      300_000,
    );
    const ok =
      check(row.status === 'failed', `run: the job ended ${row.status}`) &&
      check(children > 0, 'run: the worker had no sandbox process to kill') &&
      check(orphans.length === 0, `run: processes left: ${orphans.join(', ')}`) &&
      check(finished.payload.status === 'finished', `next run: ${finished.payload.status}`);
    outcomes.push({
      fault: 'kill -9 worker mid-run (sleep 60 s)',
      seen: `run failed: "${(event.payload as { error?: string }).error ?? row.message}" (told live after ${event.at - killedAt} ms)`,
      settledMs,
      leftBehind: `${children} sandbox processes, ${orphans.length} left`,
      after: `next run: ${finished.payload.status}`,
      ok,
    });
  }

  // 4. The API process holding VIEWERS live channels killed.
  if (chosen.has(4)) {
    step('fault 4');
    const apis = c.nodes.filter((node) => node.role === 'api');
    const victim = apis[0];
    if (!victim?.child.pid) throw new Error('no API process');
    const viewers = await Promise.all(
      Array.from({ length: VIEWERS }, async () => {
        // Every viewer sticks to the first API process (the proxy's cookie), over websocket and long-polling alike.
        const socket: Socket = io(`${base}${projectNamespace(projectId)}`, {
          path: REALTIME_PATH,
          auth: { token },
          extraHeaders: { cookie: 'tessera_node=0' },
          reconnectionDelay: 200,
          reconnectionDelayMax: 2000,
        });
        sockets.push(socket);
        const seen: Array<{ name: string; at: number }> = [];
        let reconnectedAt = 0;
        socket.onAny((name: string) => seen.push({ name, at: Date.now() }));
        socket.io.on('reconnect', () => (reconnectedAt = Date.now()));
        await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
        return { socket, seen, reconnected: () => reconnectedAt };
      }),
    );
    step(`${VIEWERS} viewers connected`);
    let failedCalls = 0;
    let calls = 0;
    let calling = true;
    const caller = (async () => {
      while (calling) {
        calls++;
        await call('GET', `/api/v1/projects/${projectId}`).catch(() => failedCalls++);
      }
    })();
    await sleep(500);
    process.kill(victim.child.pid, 'SIGKILL');
    const killedAt = Date.now();
    await until(
      'every viewer to reconnect',
      async () => (viewers.every((v) => v.reconnected() > 0) ? true : undefined),
      60_000,
    );
    const reconnect = viewers.map((v) => v.reconnected() - killedAt).sort((a, b) => a - b);
    step('every viewer reconnected');
    calling = false;
    await caller;
    step('calls stopped');
    // An event after they reconnected: a dataset created reaches all of them.
    const afterAt = Date.now();
    const created = await call<{ _id: string }>('POST', '/api/v1/datasets', { name: 'after the kill', projectId });
    const reached = await until(
      'the event to reach every viewer',
      async () => (viewers.every((v) => v.seen.some((e) => e.at >= afterAt)) ? true : undefined),
      10_000,
    ).catch(() => false);
    const got = viewers.filter((v) => v.seen.some((e) => e.at >= afterAt)).length;
    for (const v of viewers) v.socket.disconnect();
    const ok =
      check(reached === true, `API kill: ${VIEWERS - got} viewers missed the event after reconnecting`) &&
      check(Boolean(created._id), 'API kill: creating a dataset failed');
    const pct = (p: number) => reconnect[Math.min(reconnect.length - 1, Math.floor(p * reconnect.length))];
    outcomes.push({
      fault: `kill -9 API process holding ${VIEWERS} live channels`,
      seen: `${failedCalls} of ${calls} calls failed (502) while the proxy learnt`,
      settledMs: `reconnected p50 ${pct(0.5)} / max ${reconnect.at(-1)}`,
      leftBehind: '—',
      after: `event after reconnecting reached ${got} of ${VIEWERS}`,
      ok,
    });
  }

  // 5. PostgreSQL restarted while CLIENTS clients call the API.
  if (chosen.has(5)) {
    step('fault 5');
    const pidsBefore = c.nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    const results: Array<{ at: number; end: number; ok: boolean; error?: string }> = [];
    let calling = true;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (calling) {
        const started = Date.now();
        await call('GET', `/api/v1/projects/${projectId}`).then(
          () => results.push({ at: started, end: Date.now(), ok: true }),
          (err: Error) => {
            results.push({ at: started, end: Date.now(), ok: false, error: err.message.slice(0, 80) });
          },
        );
      }
    });
    await sleep(1000);
    const restartAt = Date.now();
    postgres.restart();
    const backAt = Date.now();
    step('PostgreSQL restarted');
    // Calling on until 5 s of answers after the restart.
    await until('5 s of calls after the restart', async () => (Date.now() - backAt > 5000 ? true : undefined), 60_000);
    calling = false;
    await Promise.all(clients);
    const failures = results.filter((r) => !r.ok);
    const lastFailure = failures.length ? Math.max(...failures.map((r) => r.at)) : restartAt;
    const afterwards = results.filter((r) => r.at > lastFailure);
    const stillUp = pidsBefore.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    // The workers' queue reconnected too: an import after the restart completes.
    const small = path.join(work, 'tessera-faults-small.csv');
    await import('node:fs/promises').then((fs) => fs.writeFile(small, 'a,b\n1,2\n3,4\n'));
    const dataset = await call<{ _id: string }>('POST', '/api/v1/datasets', { name: 'after restart', projectId });
    const imported = await uploadFile(base, `/api/v1/datasets/${dataset._id}/upload`, token, small);
    const done = await until('an import after the restart', async () => {
      const now = await job(imported._id);
      return now && ['completed', 'failed'].includes(now.status) ? now : undefined;
    });
    const errorKinds = [...new Set(failures.map((f) => f.error?.split(':')[1]?.trim().split(' ')[0]))].join(', ');
    const ok =
      check(stillUp.length === pidsBefore.length, 'PostgreSQL restart: a process exited') &&
      check(afterwards.length > 0 && afterwards.every((r) => r.ok), 'PostgreSQL restart: calls still fail') &&
      check(done.status === 'completed', `import after the restart: ${done.status} ${done.message}`);
    outcomes.push({
      fault: `PostgreSQL restarted (${backAt - restartAt} ms) under ${CLIENTS} clients`,
      seen: `${failures.length} of ${results.length} calls failed (${errorKinds || 'none'})`,
      settledMs: failures.length ? `last failure answered ${Math.max(...failures.map((f) => f.end)) - restartAt}` : 0,
      leftBehind: `${stillUp.length} of ${pidsBefore.length} processes still the same`,
      after: `import after it: ${done.status}`,
      ok,
    });
  }
  person.disconnect();
  // A job settles a moment after its run says finished: nothing may stay unfinished after 10 s.
  const stuck = await until(
    'every job to finish',
    async () => ((await unfinished()) === 0 ? 0 : undefined),
    10_000,
  ).catch(unfinished);
  check(stuck === 0, `${stuck} jobs still unfinished at the end`);

  console.log(
    `Faults on 2 API processes + 2 workers (PostgreSQL, Redis), heartbeat ${HEARTBEAT_SECONDS} s (a holder is gone after ${HEARTBEAT_SECONDS * 3} s), ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log('| fault | what the person saw | settled after (ms) | left behind | afterwards | rules kept |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const o of outcomes) {
    console.log(`| ${o.fault} | ${o.seen} | ${o.settledMs} | ${o.leftBehind} | ${o.after} | ${o.ok ? 'yes' : 'NO'} |`);
  }
  console.log(`Jobs unfinished at the end: ${stuck}`);
} catch (err) {
  problems.push(String((err as Error).stack ?? err));
  if (cluster) console.error(cluster.log().split('\n').slice(-60).join('\n'));
} finally {
  step('stopping');
  for (const socket of sockets) socket.disconnect();
  await cluster?.stop().catch(() => undefined);
  postgres.stop();
  step('stopped');
}
if (problems.length) {
  console.error(`\nBroken:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
