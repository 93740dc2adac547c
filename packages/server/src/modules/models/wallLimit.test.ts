import type { ModelRun } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { builtPackage, createModel, execute, waitForRun } from './models.fixtures.ts';

/**
 * The wall-time limit is a setting (MODEL_RUN_WALL_SECONDS, docs/security.md "Fair shares"): here 10 s, which a
 * cold start's pandas import fits in on a loaded machine.
 */
let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld({ MODEL_RUN_WALL_SECONDS: '10' });
}, 300_000);
afterAll(async () => {
  await w?.t.close();
});

describe('the wall-time limit of a run', () => {
  it('stops a run that takes longer, as "timeout", saying the limit', async () => {
    const pkg = await builtPackage(w);
    const sleepy = await createModel(w, pkg, 'sleepy');
    const run = await waitForRun(w, (await execute(w, sleepy._id, [{ varName: 'seconds', value: 600 }]))._id);
    expect(run).toMatchObject({
      status: 'failed',
      failureKind: 'timeout',
      error: 'The run was stopped: it took longer than its time limit of 10 s.',
    });
    // A run within the limit finishes.
    const summary = await createModel(w, pkg, 'summary');
    const quick = (await caller(w, w.viewer)('POST', `/api/v1/models/${summary._id}/execute`, { inputs: [] })).json();
    expect(((await waitForRun(w, quick._id)) as ModelRun).status).toBe('finished');
  }, 300_000);
});
