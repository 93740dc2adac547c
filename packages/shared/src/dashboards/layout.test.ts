import { describe, expect, it } from 'vitest';
import {
  copiedCardBox,
  isPermutation,
  type LayoutItem,
  layoutBottom,
  layoutItemSchema,
  layoutProblem,
  mergeLayout,
  newCardBox,
} from './layout.ts';

const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const C = 'cccccccccccccccccccccccc';
const item = (i: string, x: number, y: number, w: number, h: number): LayoutItem => ({
  i,
  x,
  y,
  w,
  h,
  moved: false,
  static: false,
});

describe('layout items', () => {
  it('accept integers inside the 12-column grid, with moved and static defaulting to false', () => {
    expect(layoutItemSchema.parse({ i: A, x: 6, y: 0, w: 6, h: 3 })).toEqual(item(A, 6, 0, 6, 3));
  });

  it.each([
    [{ x: 7, w: 6 }, 'w'],
    [{ x: 12 }, 'x'],
    [{ x: -1 }, 'x'],
    [{ w: 0 }, 'w'],
    [{ w: 13, x: 0 }, 'w'],
    [{ h: 0 }, 'h'],
    [{ y: -2 }, 'y'],
    [{ x: 1.5 }, 'x'],
    [{ h: 2.2 }, 'h'],
    [{ i: 'nope' }, 'i'],
  ])('refuse %j (at %s)', (change, field) => {
    const parsed = layoutItemSchema.safeParse({ ...item(A, 0, 0, 6, 3), ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});

describe('where a new card goes', () => {
  it('dashboard: 12x3 at 0,0 on an empty tab, else full width below the last card', () => {
    expect(newCardBox('Dashboard', [])).toMatchObject({ x: 0, y: 0, w: 12, h: 3 });
    expect(newCardBox('Dashboard', [item(A, 0, 0, 6, 2), item(B, 6, 1, 6, 4)])).toMatchObject({
      x: 0,
      y: 5,
      w: 12,
      h: 3,
    });
  });

  it('report: 6x3 at x6,y3 in an empty section, else at x6 below the last card', () => {
    expect(newCardBox('Report', [])).toMatchObject({ x: 6, y: 3, w: 6, h: 3 });
    expect(newCardBox('Report', [item(A, 6, 3, 6, 3)])).toMatchObject({ x: 6, y: 6, w: 6, h: 3 });
    expect(newCardBox('Report', [item(A, 0, 0, 6, 1)])).toMatchObject({ x: 6, y: 3 });
  });

  it('a copy keeps the original size, below every card', () => {
    expect(copiedCardBox(item(A, 4, 0, 8, 2), [item(A, 4, 0, 8, 2), item(B, 0, 2, 3, 5)])).toMatchObject({
      x: 4,
      y: 7,
      w: 8,
      h: 2,
    });
    expect(copiedCardBox(undefined, [])).toMatchObject({ x: 0, y: 0, w: 12, h: 3 });
    expect(layoutBottom([])).toBe(0);
  });
});

describe('layout rules', () => {
  it('items must name cards of the tab, once each', () => {
    expect(layoutProblem([item(A, 0, 0, 1, 1)], [A, B])).toBeUndefined();
    expect(layoutProblem([item(C, 0, 0, 1, 1)], [A, B])).toBe('tab.layoutUnknownCard');
    expect(layoutProblem([item(A, 0, 0, 1, 1), item(A, 1, 0, 1, 1)], [A])).toBe('tab.layoutTwice');
  });

  it('cards a layout leaves out keep their place; deleted cards drop out', () => {
    const current = [item(A, 0, 0, 6, 3), item(B, 6, 0, 6, 3), item(C, 0, 3, 1, 1)];
    expect(mergeLayout(current, [item(A, 0, 3, 12, 3)], [A, B])).toEqual([item(A, 0, 3, 12, 3), item(B, 6, 0, 6, 3)]);
  });

  it.each([
    [[A, B, C], [C, A, B], true],
    [[A, B], [A, B], true],
    [[A, B], [A], false],
    [[A, B], [A, B, C], false],
    [[A, B], [A, A], false],
    [[A, B], [A, C], false],
    [[], [], true],
  ])('%j → %j is a permutation: %s', (current, next, expected) => expect(isPermutation(current, next)).toBe(expected));
});
