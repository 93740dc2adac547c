import { describe, expect, it } from 'vitest';
import { MemoryResultCache, NoResultCache, type ResultCache, throughCache } from './resultCache.ts';

/** Many askers of one card at once: one computation, shared while it runs and kept after; never with the cache off. */
function world(results: ResultCache) {
  let computations = 0;
  let finish: (value: string) => void = () => undefined;
  const compute = () => {
    computations++;
    return new Promise<string>((resolve) => (finish = resolve));
  };
  const warnings: string[] = [];
  const ask = () => throughCache(results, 'card', compute, (_err, what) => warnings.push(what));
  return { ask, finish: (value: string) => finish(value), computations: () => computations, warnings };
}

describe('throughCache', () => {
  it('computes once for callers asking while it runs, and answers the next from what it kept', async () => {
    const w = world(new MemoryResultCache());
    const waiting = [w.ask(), w.ask(), w.ask()];
    await new Promise((resolve) => setTimeout(resolve, 10));
    w.finish('rows');
    expect(await Promise.all(waiting)).toEqual([
      { value: 'rows', cache: 'miss' },
      { value: 'rows', cache: 'hit' },
      { value: 'rows', cache: 'hit' },
    ]);
    expect(await w.ask()).toEqual({ value: 'rows', cache: 'hit' });
    expect(w.computations()).toBe(1);
  });

  it('keeps no error: the callers that waited get it, the next caller computes again', async () => {
    const results = new MemoryResultCache();
    const failing = () => Promise.reject(new Error('query failed'));
    const waiting = [0, 1].map(() => throughCache(results, 'bad', failing, () => undefined));
    for (const answer of waiting) await expect(answer).rejects.toThrow('query failed');
    expect(
      await throughCache(
        results,
        'bad',
        async () => 'now',
        () => undefined,
      ),
    ).toEqual({
      value: 'now',
      cache: 'miss',
    });
  });

  it('computes every time with RESULT_CACHE=off', async () => {
    const results = new NoResultCache();
    let computations = 0;
    const compute = async () => `rows ${++computations}`;
    const answers = await Promise.all([0, 1].map(() => throughCache(results, 'card', compute, () => undefined)));
    expect(answers).toEqual([
      { value: 'rows 1', cache: 'miss' },
      { value: 'rows 2', cache: 'miss' },
    ]);
    expect(await throughCache(results, 'card', compute, () => undefined)).toEqual({ value: 'rows 3', cache: 'miss' });
  });

  it('computes when the cache does not answer, saying so', async () => {
    const broken: ResultCache = {
      keeps: true,
      get: () => Promise.reject(new Error('down')),
      set: () => Promise.reject(new Error('down')),
    };
    const warnings: string[] = [];
    const answer = await throughCache(
      broken,
      'card',
      async () => 'rows',
      (_err, what) => warnings.push(what),
    );
    expect(answer).toEqual({ value: 'rows', cache: 'miss' });
    expect(warnings).toEqual(['the result cache did not answer', 'the result cache refused an entry']);
  });
});
