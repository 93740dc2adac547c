import {
  MODEL_RUN_LOG_CUT_LINE as LOG_CUT_LINE,
  MODEL_RUN_LOG_BYTES,
  type ModelRun,
  type Package,
} from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type DatasetsWorld, datasetsWorld, eventually } from '../datasets/datasets.fixtures.ts';
import { uploadPackage, waitForBuild } from '../packages/packages.fixtures.ts';
import { createModel, execute, waitForRun } from './models.fixtures.ts';
import { lastBytes } from './runLog.ts';

/** A run's output kept with it (stdout and stderr interleaved, its last 1 MB), readable while it runs and after. */
let w: DatasetsWorld;
let pkg: Package;
beforeAll(async () => {
  w = await datasetsWorld();
  const res = await uploadPackage(w, w.editor, 'Talkers', '3.11', {
    'requirements.txt': 'pandas\npyarrow\n',
    'talk.py': [
      'import sys, time',
      '',
      'def chatty(lines: int = 3) -> dict:',
      '    for i in range(lines):',
      '        print("out %d" % i, flush=True)',
      '        print("err %d" % i, file=sys.stderr, flush=True)',
      '        time.sleep(0.05)',
      '    raise ValueError("it went wrong after %d lines" % lines)',
      '',
      'def flood(kb: int = 1500) -> dict:',
      '    line = "é" * 511 + "\\n"  # 1 KB of UTF-8 a line',
      '    for i in range(kb):',
      '        sys.stdout.write("%06d " % i + line[7:])',
      '    print("the last line", flush=True)',
      '    return {"kb": kb}',
      '',
      'def sleepy(seconds: int = 120) -> dict:',
      '    print("sleeping", flush=True)',
      '    time.sleep(seconds)',
      '    return {"done": 1}',
      '',
    ].join('\n'),
  });
  expect(res.statusCode, res.body).toBe(200);
  pkg = await waitForBuild(w, res.json()._id, 280_000);
  expect(pkg.status, pkg.errorLog).toBe('built');
}, 300_000);
afterAll(async () => {
  await w?.t.close();
});

const logOf = async (runId: string, as = w.editor, query = '') =>
  caller(w, as)('GET', `/api/v1/model-runs/${runId}/log${query}`);

describe("a run's log", () => {
  it('keeps stdout and stderr interleaved after a failed run, as text and as a file', { timeout: 60_000 }, async () => {
    const model = await createModel(w, pkg, 'chatty');
    const run = await waitForRun(w, (await execute(w, model._id, [{ varName: 'lines', value: 3 }]))._id);
    expect(run.status).toBe('failed');
    const res = await logOf(run._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('out 0\nerr 0\nout 1\nerr 1\nout 2\nerr 2\n');
    const file = await logOf(run._id, w.viewer, '?download=1');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="run-${run._id}.log"`);
    expect(file.body).toBe(res.body);
  });

  it('keeps the last 1 MB of a long output, saying its start was cut', { timeout: 60_000 }, async () => {
    const model = await createModel(w, pkg, 'flood');
    const run = await waitForRun(w, (await execute(w, model._id, [{ varName: 'kb', value: 1500 }]))._id);
    expect(run.status, run.error ?? '').toBe('finished');
    const { body } = await logOf(run._id);
    const [first, ...rest] = body.split('\n');
    expect(first).toBe(LOG_CUT_LINE);
    const kept = rest.join('\n');
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(MODEL_RUN_LOG_BYTES);
    expect(Buffer.byteLength(kept)).toBeGreaterThan(MODEL_RUN_LOG_BYTES - 1024);
    expect(kept.endsWith('the last line\n')).toBe(true);
    expect(kept).toContain('001499 ');
    expect(kept).not.toContain('000000 ');
  });

  it('answers what was printed so far while the run goes on, and still after it is cancelled', {
    timeout: 60_000,
  }, async () => {
    const model = await createModel(w, pkg, 'sleepy');
    const queued = await execute(w, model._id, []);
    await eventually(async () => (await logOf(queued._id)).body === 'sleeping\n', 'the live log', 20_000);
    const cancel = await caller(w, w.viewer)('PUT', `/api/v1/model-runs/${queued._id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const run: ModelRun = await waitForRun(w, queued._id);
    expect(run.status).toBe('cancelled');
    expect((await logOf(queued._id)).body).toBe('sleeping\n');
  });

  it("answers 404 to another organization's member, and an empty text for a run that printed nothing", async () => {
    const model = await createModel(w, pkg, 'chatty');
    const run = await waitForRun(w, (await execute(w, model._id, [{ varName: 'lines', value: 0 }]))._id);
    expect((await logOf(run._id, w.outsider)).statusCode).toBe(404);
    const own = await logOf(run._id);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('');
  });
});

describe('lastBytes', () => {
  it.each([
    ['abc', 10, 'abc'],
    ['abcdef', 3, 'def'],
    ['aé', 2, 'é'], // é is 2 bytes
    ['éé', 3, 'é'], // never half a character
    ['', 1, ''],
  ])('%j to its last %i bytes: %j', (text, max, expected) => {
    expect(lastBytes(text, max)).toBe(expected);
  });
});
