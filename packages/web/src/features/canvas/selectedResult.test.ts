import type { ModelRun } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { canSelectRun, newestFinishedRun, selectedOutputOf, selectRun } from './selectedResult.ts';

const run = (id: string, at: string, status: ModelRun['status'] = 'finished', outputs: ModelRun['outputs'] = []) =>
  ({ _id: id, executionDatetime: at, status, outputs, favourite: false, inputs: [] }) as unknown as ModelRun;

const all = { resultStorage: 'all' as const };
const older = run('a', '2026-11-01T10:00:00.000Z', 'finished', [
  { name: 'out', dataset: { _id: 'd1'.padEnd(24, '0') }, jobId: 'j1'.padEnd(24, '0') },
]);
const newer = run('b', '2026-11-02T10:00:00.000Z', 'finished', [
  { name: 'out', dataset: { _id: 'd1'.padEnd(24, '0') }, jobId: 'j2'.padEnd(24, '0') },
]);
const failed = run('c', '2026-11-03T10:00:00.000Z', 'failed');
const going = run('d', '2026-11-04T10:00:00.000Z', 'started');
const runs = [going, failed, newer, older];

describe('the selected result of a model', () => {
  it.each([
    ['all', 'finished', true],
    ['all', 'failed', false],
    ['all', 'started', false],
    ['all', 'cancelled', false],
    ['latest', 'finished', false],
    ['merge', 'finished', false],
  ] as const)('%s storage, a %s run: selectable %s', (resultStorage, status, expected) => {
    expect(canSelectRun({ resultStorage }, { status })).toBe(expected);
  });

  it('the newest finished run is what latest shows (runs still going or failed do not count)', () => {
    expect(newestFinishedRun(runs)?._id).toBe('b');
    expect(newestFinishedRun([failed, going])).toBeUndefined();
  });

  it.each([
    ['an older finished run is selected', undefined, older, 'a'],
    ['the newest finished run returns to latest', older, newer, undefined],
    ['the run already shown returns to latest', older, older, undefined],
    ['a failed run changes nothing', older, failed, 'a'],
    ['a run still going changes nothing', undefined, going, undefined],
  ])('%s', (_case, current, picked, expected) => {
    expect(selectRun(all, runs, current, picked)?._id).toBe(expected);
  });

  it('nothing is selectable without all-runs storage', () => {
    expect(selectRun({ resultStorage: 'latest' }, runs, undefined, older)).toBeUndefined();
  });

  it("a card reads the job its datasets' selected run wrote, else latest", () => {
    const selected = { m1: older };
    expect(selectedOutputOf(['d1'.padEnd(24, '0')], selected)).toEqual({ run: older, jobId: 'j1'.padEnd(24, '0') });
    expect(selectedOutputOf(['other'.padEnd(24, '0')], selected)).toBeUndefined();
    expect(selectedOutputOf(['d1'.padEnd(24, '0')], {})).toBeUndefined();
  });
});
