import { describe, expect, it } from 'vitest';
import { printBands } from './exportProgress.ts';

const item = (i: string, x: number, y: number, w: number, h: number) => ({ i, x, y, w, h });
const ids = (bands: { i: string }[][]) => bands.map((band) => band.map((entry) => entry.i));

describe('printBands: the print order of a tab', () => {
  it('puts cards whose rows overlap side by side, left to right, bands from top to bottom', () => {
    const bands = printBands(
      [item('c', 0, 4, 12, 2), item('b', 6, 0, 6, 2), item('a', 0, 0, 6, 4), item('d', 6, 2, 6, 2)],
      () => false,
    );
    expect(ids(bands)).toEqual([['a', 'b', 'd'], ['c']]);
  });

  it('prints a table alone, in its place between the bands', () => {
    const tables = new Set(['t']);
    const bands = printBands(
      [item('a', 0, 0, 6, 3), item('t', 6, 0, 6, 5), item('b', 0, 3, 6, 2), item('c', 0, 8, 12, 2)],
      (entry) => tables.has(entry.i),
    );
    expect(ids(bands)).toEqual([['a'], ['t'], ['b'], ['c']]);
  });

  it('answers no band for no card', () => {
    expect(printBands([], () => false)).toEqual([]);
  });
});
