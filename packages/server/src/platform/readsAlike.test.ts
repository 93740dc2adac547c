import { describe, expect, it } from 'vitest';
import { sharingReadsAlike } from './readsAlike.ts';

/** A read whose every call waits until the test ends it, recording what it was asked and what was asked before. */
function world() {
  const reads: Array<{ key: string; askedBefore: number; end: (value: string) => void; fail: () => void }> = [];
  let asked = 0;
  const read = sharingReadsAlike(
    (_db: object, key: string) =>
      new Promise<string>((resolve, reject) => {
        reads.push({ key, askedBefore: asked, end: resolve, fail: () => reject(new Error(`${key} failed`)) });
      }),
    (key) => key,
  );
  const ask = (db: object, key: string) => {
    asked++;
    return read(db, key);
  };
  return { ask, reads };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('sharingReadsAlike', () => {
  it('lets callers asking while a read runs share the next one, which starts after the first ends', async () => {
    const w = world();
    const db = {};
    const first = w.ask(db, 'board');
    await turn();
    expect(w.reads).toHaveLength(1);
    const later = [w.ask(db, 'board'), w.ask(db, 'board'), w.ask(db, 'board')];
    await turn();
    expect(w.reads).toHaveLength(1);
    w.reads[0]?.end('v1');
    expect(await first).toBe('v1');
    await turn();
    expect(w.reads).toHaveLength(2);
    // The shared read began after all three had asked: it sees what was committed before each request.
    expect(w.reads[1]?.askedBefore).toBe(4);
    w.reads[1]?.end('v2');
    expect(await Promise.all(later)).toEqual(['v2', 'v2', 'v2']);
  });

  it('shares callers of one turn in one read, and reads again for a caller after it ended', async () => {
    const w = world();
    const db = {};
    const together = [w.ask(db, 'board'), w.ask(db, 'board')];
    await turn();
    expect(w.reads).toHaveLength(1);
    w.reads[0]?.end('v1');
    expect(await Promise.all(together)).toEqual(['v1', 'v1']);
    const after = w.ask(db, 'board');
    await turn();
    expect(w.reads).toHaveLength(2);
    w.reads[1]?.end('v2');
    expect(await after).toBe('v2');
  });

  it('never shares reads of different keys or of different databases', async () => {
    const w = world();
    const [one, other] = [{}, {}];
    const asked = [w.ask(one, 'a'), w.ask(one, 'b'), w.ask(other, 'a')];
    await turn();
    expect(w.reads.map((r) => r.key)).toEqual(['a', 'b', 'a']);
    w.reads.forEach((r, i) => {
      r.end(`${r.key}${i}`);
    });
    expect(await Promise.all(asked)).toEqual(['a0', 'b1', 'a2']);
  });

  it("fails the callers of a failed read only, and the next read's callers get theirs", async () => {
    const w = world();
    const db = {};
    const first = w.ask(db, 'board');
    await turn();
    const next = w.ask(db, 'board');
    w.reads[0]?.fail();
    await expect(first).rejects.toThrow('board failed');
    await turn();
    expect(w.reads).toHaveLength(2);
    w.reads[1]?.end('v2');
    expect(await next).toBe('v2');
  });
});
