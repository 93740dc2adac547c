import { describe, expect, it } from 'vitest';
import { finishDrawTurn, requestDrawTurn } from './drawQueue.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await nextTask();
  }
}

describe('the draw queue: one chart per task', () => {
  it('grants one turn at a time, the next only after the previous finished', async () => {
    const granted: string[] = [];
    requestDrawTurn(() => granted.push('a'));
    requestDrawTurn(() => granted.push('b'));
    requestDrawTurn(() => granted.push('c'));
    expect(granted).toEqual([]);
    await until(() => granted.length === 1);
    // b waits while a draws, however long.
    await nextTask();
    await nextTask();
    expect(granted).toEqual(['a']);
    finishDrawTurn();
    await until(() => granted.length === 2);
    expect(granted).toEqual(['a', 'b']);
    finishDrawTurn();
    await until(() => granted.length === 3);
    finishDrawTurn();
  });

  it('skips a caller that gave up while waiting, and passes on a granted turn given up', async () => {
    const granted: string[] = [];
    const giveUpA = requestDrawTurn(() => granted.push('a'));
    const giveUpB = requestDrawTurn(() => granted.push('b'));
    requestDrawTurn(() => granted.push('c'));
    giveUpB();
    await until(() => granted.length === 1);
    giveUpA();
    await until(() => granted.length === 2);
    expect(granted).toEqual(['a', 'c']);
    finishDrawTurn();
  });
});
