import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { KeptOnce } from './keptOnce.ts';

/** A making that waits until the test ends it, counting how many were started. */
function makings() {
  const started: Array<{ end: (value: { n: number }) => void; fail: () => void }> = [];
  const make = () =>
    new Promise<{ n: number }>((resolve, reject) => {
      started.push({ end: resolve, fail: () => reject(new Error('failed')) });
    });
  return { started, make };
}

describe('KeptOnce', () => {
  it('makes a key once for the callers asking meanwhile, then answers it kept', async () => {
    const once = new KeptOnce(new LRUCache<string, { n: number }>({ max: 10 }));
    const m = makings();
    const asked = [once.get('a', m.make), once.get('a', m.make), once.get('b', m.make)];
    expect(m.started).toHaveLength(2);
    m.started[0].end({ n: 1 });
    m.started[1].end({ n: 2 });
    expect(await Promise.all(asked)).toEqual([
      { value: { n: 1 }, shared: false },
      { value: { n: 1 }, shared: true },
      { value: { n: 2 }, shared: false },
    ]);
    expect(await once.get('a', m.make)).toEqual({ value: { n: 1 }, shared: true });
    expect(m.started).toHaveLength(2);
  });

  it('keeps only what `keep` accepts: the next caller makes the others again', async () => {
    const once = new KeptOnce(new LRUCache<string, { n: number }>({ max: 10 }), (v) => v.n > 0);
    const m = makings();
    const first = once.get('a', m.make);
    m.started[0].end({ n: 0 });
    expect(await first).toEqual({ value: { n: 0 }, shared: false });
    const second = once.get('a', m.make);
    expect(m.started).toHaveLength(2);
    m.started[1].end({ n: 3 });
    expect((await second).value).toEqual({ n: 3 });
  });

  it('fails the callers of a failed making, keeps nothing, and makes it again for the next', async () => {
    const once = new KeptOnce(new LRUCache<string, { n: number }>({ max: 10 }));
    const m = makings();
    const asked = [once.get('a', m.make), once.get('a', m.make)];
    m.started[0].fail();
    for (const call of asked) await expect(call).rejects.toThrow('failed');
    const again = once.get('a', m.make);
    expect(m.started).toHaveLength(2);
    m.started[1].end({ n: 4 });
    expect(await again).toEqual({ value: { n: 4 }, shared: false });
  });
});
