/**
 * Model runs through the whole server (issue 16): click-to-started latency with an idle worker, per-run overhead
 * against the same function in plain Python, and cancel-to-'cancelled' — on PGlite, real jobs platform, real
 * bubblewrap, Python 3.11. `node --import tsx bench/runner/models.ts` (BENCH_MODELS_REPEAT=n, default 15).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROLE_PRESETS, ROLE_PRESETS } from '@tessera/shared';
import { findModelRun } from '../../packages/server/src/modules/models/models.store.ts';
import { revisionDir } from '../../packages/server/src/modules/packages/packages.files.ts';
import { membership, person, project } from '../../packages/server/src/modules/projects/projects.fixtures.ts';
import { createOrganization } from '../../packages/server/src/test/accounts.ts';
import { as, createTestApp } from '../../packages/server/src/test/harness.ts';

const REPEAT = Number(process.env.BENCH_MODELS_REPEAT ?? 15);
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];

const CODE =
  'import time\n\ndef summary(n: int = 3) -> dict:\n    return {"n": n, "square": n * n}\n\ndef sleepy(seconds: int = 60) -> dict:\n    time.sleep(seconds)\n    return {"done": 1}\n';

function zip(files: Record<string, string>): Buffer {
  const script =
    'import io, json, sys, zipfile\nbuf = io.BytesIO()\nwith zipfile.ZipFile(buf, "w") as z:\n    for k, v in json.load(sys.stdin).items(): z.writestr(k, v)\nsys.stdout.buffer.write(buf.getvalue())';
  return execFileSync('python3', ['-c', script], { input: JSON.stringify(files) });
}

function form(fields: Record<string, string>, bytes: Buffer) {
  const b = `----bench${randomBytes(6).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const head = `--${b}\r\nContent-Disposition: form-data; name="zipfile"; filename="calc.zip"\r\nContent-Type: application/zip\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(parts.join('') + head), bytes, Buffer.from(`\r\n--${b}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

const t = await createTestApp({ JOBS_POLLING_SECONDS: '0.5' });
try {
  const db = t.database.db;
  const org = (await createOrganization(db)).id;
  const projectId = await project(db, org);
  const editor = await person(db, org, ROLE_PRESETS.standard, 'Bench');
  await membership(db, editor.id, projectId, PROJECT_ROLE_PRESETS.full);
  const call = as(t.app, editor.token);
  const f = form({ name: 'calc', baseImage: '3.11', projectId }, zip({ 'requirements.txt': '', 'calc.py': CODE }));
  const uploaded = await call({ method: 'POST', url: `/api/v1/packages/upload?projectId=${projectId}`, ...f });
  const pkgId = uploaded.json()._id;
  let pkg = uploaded.json();
  while (pkg.status !== 'built' && pkg.status !== 'failed') {
    await sleep(50);
    pkg = (await call({ method: 'GET', url: `/api/v1/packages/${pkgId}` })).json();
  }
  if (pkg.status !== 'built') throw new Error(`package build failed: ${pkg.errorLog}`);
  const fn = (name: string) =>
    pkg.modules[0].algorithms.find((a: { functionName: string }) => a.functionName === name)._id;
  const model = async (name: string) =>
    (await call({ method: 'POST', url: `/api/v1/algorithms/${fn(name)}/createModel`, payload: {} })).json()._id;
  const execute = async (id: string) =>
    (await call({ method: 'POST', url: `/api/v1/models/${id}/execute`, payload: { inputs: [] } })).json()._id;
  const until = async (runId: string, statuses: string[]) => {
    for (;;) {
      const run = await findModelRun(db, runId);
      if (run && statuses.includes(run.status)) return run;
      await sleep(2);
    }
  };

  const summary = await model('summary');
  const sleepy = await model('sleepy');
  await until(await execute(summary), ['finished', 'failed']); // warm-up
  const started: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const t0 = process.hrtime.bigint();
    const id = await execute(summary);
    await until(id, ['started', 'finished', 'failed']);
    started.push(ms(t0));
    const run = await until(id, ['finished', 'failed']);
    if (run.status !== 'finished') throw new Error(`run failed: ${run.error}`);
    total.push(ms(t0));
  }
  const plain: number[] = [];
  const code = `import sys; sys.path.insert(0, ${JSON.stringify(revisionDir(t.dataDir, pkgId, 1))}); import calc; calc.summary(3)`;
  for (let i = 0; i < REPEAT; i++) {
    const t0 = process.hrtime.bigint();
    execFileSync('python3.11', ['-c', code]);
    plain.push(ms(t0));
  }
  const cancel: number[] = [];
  for (let i = 0; i < Math.min(REPEAT, 8); i++) {
    const id = await execute(sleepy);
    await until(id, ['started']);
    await sleep(300); // the sandbox and Python are up
    const t0 = process.hrtime.bigint();
    await call({ method: 'PUT', url: `/api/v1/model-runs/${id}/cancel` });
    const run = await until(id, ['cancelled', 'failed', 'finished']);
    if (run.status !== 'cancelled') throw new Error(`cancel gave ${run.status}`);
    cancel.push(ms(t0));
  }
  const overhead = total.map((v, i) => v - plain[i]);
  const rows = [
    ['click → started (idle worker)', median(started), p95(started), '≤ 250 ms p95'],
    ['click → finished (summary)', median(total), p95(total), ''],
    ['plain python -c (same function)', median(plain), p95(plain), ''],
    ['per-run overhead (finished − plain)', median(overhead), p95(overhead), '≤ 100 ms median'],
    ['cancel → cancelled', median(cancel), p95(cancel), '≤ 500 ms'],
  ];
  console.log(`model runs, ${REPEAT} repeats (ms)`);
  console.log('| step | median | p95 | target |\n| --- | ---: | ---: | --- |');
  for (const [name, med, p, target] of rows)
    console.log(`| ${name} | ${(med as number).toFixed(1)} | ${(p as number).toFixed(1)} | ${target} |`);
} finally {
  await t.close();
}
