import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Model, ModelRun, Package } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../test/harness.ts';
import { type DatasetsWorld, datasetsWorld, eventually } from '../datasets/datasets.fixtures.ts';
import { uploadPackage } from '../packages/packages.fixtures.ts';
import type { Person } from '../projects/projects.fixtures.ts';
import { algorithmId, waitForRun } from './models.fixtures.ts';
import { modelsDepsOf } from './models.jobs.ts';
import { runsDirOf } from './run.job.ts';
import { queueScheduledRun } from './scheduled.ts';

/**
 * Fair shares (docs/security.md) through the API, with real Python in the sandbox: project P (the editor's) and
 * project Q (the outsider's, another organization) each have a package. At most one run of a project runs at
 * once (two per worker), two may wait; a run's folder may grow by 50 MB.
 */
const FAIR_PACKAGE = {
  'requirements.txt': 'pandas\npyarrow\n',
  'model.py': [
    'import os',
    'import time',
    '',
    'def forever(seconds: int = 100000) -> dict:',
    '    time.sleep(seconds)',
    '    return {"done": 1}',
    '',
    'def quick(n: int = 3) -> dict:',
    '    return {"n": n}',
    '',
    'def fill(mb: int = 2048, files: int = 64, where: str = ".") -> dict:',
    '    chunk = b"x" * (1024 * 1024)',
    '    for i in range(files):',
    '        with open(os.path.join(where, f"fill-{i}.bin"), "wb") as f:',
    '            for _ in range(mb // files):',
    '                f.write(chunk)',
    '    return {"written": mb}',
    '',
  ].join('\n'),
};

let w: DatasetsWorld;
let inP: Package;
let inQ: Package;
beforeAll(async () => {
  w = await datasetsWorld({
    MODEL_RUNS_PER_WORKER: '2',
    MODEL_RUNS_PER_PROJECT: '1',
    MODEL_QUEUED_RUNS_PER_PROJECT: '2',
    MODEL_RUN_DISK_MB: '50',
    MODEL_RUN_MEMORY_MB: '256',
  });
  [inP, inQ] = await Promise.all([built(w.editor, w.projectId), built(w.outsider, w.outsiderProjectId)]);
}, 300_000);
afterAll(async () => {
  await w?.t.close();
});

async function built(who: Person, projectId: string): Promise<Package> {
  const res = await uploadPackage(w, who, 'Fair shares', '3.11', FAIR_PACKAGE, projectId);
  expect(res.statusCode, res.body).toBe(200);
  for (;;) {
    const pkg = (await as(w.t.app, who.token)({ method: 'GET', url: `/api/v1/packages/${res.json()._id}` })).json();
    if (pkg.status === 'failed') throw new Error(pkg.errorLog);
    if (pkg.status === 'built') return pkg as Package;
    await sleep(100);
  }
}

const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  as(w.t.app, who.token)({ method, url, ...(payload ? { payload } : {}) });

async function model(who: Person, pkg: Package, fn: string): Promise<Model> {
  const res = await call(who, 'POST', `/api/v1/algorithms/${algorithmId(pkg, fn)}/createModel`, {});
  expect(res.statusCode, res.body).toBe(200);
  return (await call(who, 'GET', `/api/v1/models/${res.json()._id}`)).json();
}

async function run(who: Person, modelId: string, inputs: Array<{ varName: string; value: unknown }> = []) {
  const res = await call(who, 'POST', `/api/v1/models/${modelId}/execute`, { inputs });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ModelRun;
}

const SETTLED = new Set(['finished', 'failed', 'cancelled']);

/** Waits until the run (of `who`'s project) has settled; answers it. */
async function settled(who: Person, id: string): Promise<ModelRun> {
  for (;;) {
    const found = (await call(who, 'GET', `/api/v1/model-runs/${id}`)).json() as ModelRun;
    if (SETTLED.has(found.status)) return found;
    await sleep(50);
  }
}

const statusesOf = async (ids: string[]) =>
  Promise.all(ids.map(async (id) => (await call(w.editor, 'GET', `/api/v1/model-runs/${id}`)).json().status));

/** Files under the server's run folders whose name starts with `prefix` (a run's leftovers). */
function leftovers(prefix: string): string[] {
  const root = runsDirOf(w.t.app.ctx.storage.root);
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) => path.basename(f).startsWith(prefix));
}

describe('fair shares of the machine', () => {
  it("runs another project's quick run while one project's never-ending runs hold their share", async () => {
    const forever = await model(w.editor, inP, 'forever');
    const never: string[] = [];
    for (let i = 0; i < 3; i++) never.push((await run(w.editor, forever._id))._id);
    await waitForRun(w, never[0], new Set(['started']));

    const quick = await model(w.outsider, inQ, 'quick');
    const queued = await run(w.outsider, quick._id, [{ varName: 'n', value: 7 }]);
    for (;;) {
      const mine = (await call(w.outsider, 'GET', `/api/v1/model-runs/${queued._id}`)).json() as ModelRun;
      if (mine.status === 'finished') break;
      expect(['queued', 'started']).toContain(mine.status);
      await sleep(50);
    }
    // Q's run finished while P's first run still runs and its two others still wait (one at a time per project).
    expect(await statusesOf(never)).toEqual(['started', 'queued', 'queued']);

    // P has its two queued runs: the next is refused, saying the limit, and nothing is written.
    const before = (await call(w.editor, 'GET', `/api/v1/models/${forever._id}/model-runs?limit=50&page=1`)).json()
      .runs;
    const refused = await call(w.editor, 'POST', `/api/v1/models/${forever._id}/execute`, { inputs: [] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'rate-limited',
      reason: 'model.tooManyQueued',
      message: 'This project already has 2 queued runs: wait for some to start, or cancel some',
    });
    // A scheduled occurrence is refused alike (the trigger records the message), nothing queued.
    const occurrence = {
      modelId: forever._id,
      userId: w.editor.id,
      inputs: [],
      triggerId: 'trigger',
      scheduledAt: new Date(),
    };
    expect(await queueScheduledRun(modelsDepsOf(w.t.app), occurrence, async () => true)).toEqual({
      error: 'This project already has 2 queued runs: wait for some to start, or cancel some',
    });
    const after = (await call(w.editor, 'GET', `/api/v1/models/${forever._id}/model-runs?limit=50&page=1`)).json().runs;
    expect(before).toHaveLength(3);
    expect(after).toHaveLength(3);
    // Another project's queue is its own.
    expect((await run(w.outsider, quick._id))._id).toBeTruthy();

    for (const id of [...never].reverse()) {
      expect((await call(w.editor, 'PUT', `/api/v1/model-runs/${id}/cancel`)).statusCode).toBe(200);
    }
    for (const id of never) expect((await settled(w.editor, id)).status).toBe('cancelled');
  }, 180_000);

  it('stops a run that writes more than its disk quota, as "disk", and leaves nothing behind', async () => {
    const fill = await model(w.outsider, inQ, 'fill');
    const expectDisk = async (inputs: Array<{ varName: string; value: unknown }>) => {
      const queued = await run(w.outsider, fill._id, inputs);
      const done = await settled(w.outsider, queued._id);
      expect(done).toMatchObject({
        status: 'failed',
        failureKind: 'disk',
        error: 'The run was stopped: it wrote more than its disk limit of 50 MB.',
      });
      // The run's sandbox was stopped: its folder, with the run's, is removed just after it says failed.
      await eventually(() => leftovers('fill-').length + leftovers(queued._id).length === 0, 'the run folder removed');
    };
    // 2 GB in 64 files of 32 MB: the watcher stops it.
    await expectDisk([]);
    // 2 GB in one file: the file stops at the quota (ulimit -f), and the run still fails as "disk".
    await expectDisk([{ varName: 'files', value: 1 }]);

    // Under the quota, the same function finishes.
    const small = await settled(w.outsider, (await run(w.outsider, fill._id, [{ varName: 'mb', value: 20 }]))._id);
    expect(small.status, small.error ?? '').toBe('finished');

    // Its /tmp is a tmpfs charged to its memory: 400 MB there, with a memory limit of 256 MB, fails as "memory".
    const inTmp = [
      { varName: 'mb', value: 400 },
      { varName: 'where', value: '/tmp' },
    ];
    const tmp = await settled(w.outsider, (await run(w.outsider, fill._id, inTmp))._id);
    expect(tmp).toMatchObject({ status: 'failed', failureKind: 'memory' });
  }, 300_000);
});
