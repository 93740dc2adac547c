import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { fromBossId, toBossId } from './bossIds.ts';
import { clampFraction, failureMessage, ProgressReporter, RunningJob, runHandler } from './runner.ts';

describe('ProgressReporter', () => {
  it('writes at most once per interval, the latest value winning, in order', async () => {
    const written: Array<[number, string | undefined]> = [];
    const reporter = new ProgressReporter(async (fraction, message) => {
      written.push([fraction, message]);
    }, 100);
    const first = reporter.report(0.1);
    reporter.report(0.2, 'Parsing');
    const last = reporter.report(0.3);
    await Promise.all([first, last]);
    // 0.1 at once; 0.2 replaced by 0.3 (keeping the message) at the end of the interval.
    expect(written).toEqual([
      [0.1, undefined],
      [0.3, 'Parsing'],
    ]);
    await sleep(120);
    await reporter.report(2);
    expect(written.at(-1)).toEqual([1, undefined]);
  });

  it('drops what is pending when closed and waits for the write in flight', async () => {
    const written: number[] = [];
    const reporter = new ProgressReporter(async (fraction) => {
      await sleep(50);
      written.push(fraction);
    }, 100);
    reporter.report(0.1);
    reporter.report(0.5);
    await reporter.close();
    expect(written).toEqual([0.1]);
    await reporter.report(0.9);
    await sleep(150);
    expect(written).toEqual([0.1]);
  });

  it('keeps reporting after a failed write', async () => {
    let calls = 0;
    const reporter = new ProgressReporter(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
    }, 0);
    await reporter.report(0.1);
    await reporter.report(0.2);
    expect(calls).toBe(2);
  });
});

describe('runHandler', () => {
  it('answers the outcome of a handler that settles', async () => {
    const ctx = {} as never;
    expect(await runHandler(async () => ({ message: 'ok' }), ctx, new RunningJob('a'), 1000)).toEqual({
      kind: 'done',
      message: 'ok',
    });
    const error = new Error('bad');
    expect(
      await runHandler(
        async () => {
          throw error;
        },
        ctx,
        new RunningJob('b'),
        1000,
      ),
    ).toEqual({ kind: 'threw', error });
  });

  it('stops a handler at its timeout, and does not wait for one that ignores its signal beyond the grace', async () => {
    const running = new RunningJob('c');
    const started = Date.now();
    const outcome = await runHandler(() => new Promise<void>(() => {}), {} as never, running, 50);
    expect(outcome).toEqual({ kind: 'stopped', reason: 'timeout' });
    expect(running.controller.signal.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('ends as soon as a stopped handler winds down', async () => {
    const running = new RunningJob('d');
    const handler = ({ signal }: { signal: AbortSignal }) =>
      new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const pending = runHandler(handler as never, { signal: running.controller.signal } as never, running, 10_000);
    await sleep(10);
    const started = Date.now();
    running.stop('cancelled');
    expect(await pending).toEqual({ kind: 'stopped', reason: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('messages and ids', () => {
  it('shows a failure by its message only, bounded, with a fallback', () => {
    expect(failureMessage(new Error('Column "x" is missing'))).toBe('Column "x" is missing');
    expect(failureMessage('plain text')).toBe('plain text');
    expect(failureMessage({ stack: 'at secret.ts:1' })).toBe('The job failed');
    expect(failureMessage(new Error('   '))).toBe('The job failed');
    expect(failureMessage(new Error('x'.repeat(5000))).length).toBe(2000);
  });

  it('clamps progress to 0..1', () => {
    expect([clampFraction(-1), clampFraction(0.5), clampFraction(7), clampFraction(Number.NaN)]).toEqual([
      0, 0.5, 1, 0,
    ]);
  });

  it("maps a job id to its pg-boss uuid and back, and refuses others' uuids", () => {
    const id = '0123456789abcdef01234567';
    expect(toBossId(id)).toBe('01234567-89ab-cdef-0123-456700000000');
    expect(fromBossId(toBossId(id))).toBe(id);
    expect(fromBossId('01234567-89ab-cdef-0123-456789abcdef')).toBeUndefined();
    expect(() => toBossId('not-an-id')).toThrow();
  });
});
