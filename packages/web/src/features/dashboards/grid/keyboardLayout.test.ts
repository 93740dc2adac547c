import type { LayoutItem } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { type Direction, moveCard, placeOf, resizeCard } from './keyboardLayout.ts';

const item = (i: string, x: number, y: number, w: number, h: number): LayoutItem => ({
  i,
  x,
  y,
  w,
  h,
  moved: false,
  static: false,
});

/** Each card as "id:x,y wxh", in id order. */
const boxes = (layout: LayoutItem[]) =>
  [...layout].sort((a, b) => a.i.localeCompare(b.i)).map(({ i, x, y, w, h }) => `${i}:${x},${y} ${w}x${h}`);

// a | b side by side, c full width below.
const threeCards = [item('a', 0, 0, 6, 3), item('b', 6, 0, 6, 3), item('c', 0, 3, 12, 3)];

describe('moving a card by keyboard', () => {
  const cases: Array<[string, LayoutItem[], string, Direction, string[]]> = [
    ['right by one column', [item('a', 0, 0, 6, 3)], 'a', 'right', ['a:1,0 6x3']],
    ['left by one column', [item('a', 3, 0, 6, 3)], 'a', 'left', ['a:2,0 6x3']],
    ['not past the left edge', [item('a', 0, 0, 6, 3)], 'a', 'left', ['a:0,0 6x3']],
    ['not past the right edge', [item('a', 6, 0, 6, 3)], 'a', 'right', ['a:6,0 6x3']],
    ['not above the top', threeCards, 'a', 'up', ['a:0,0 6x3', 'b:6,0 6x3', 'c:0,3 12x3']],
    ['not below the bottom', threeCards, 'c', 'down', ['a:0,0 6x3', 'b:6,0 6x3', 'c:0,3 12x3']],
    // Moving right over b pushes b down, as a drag does; c is pushed below b.
    ['right over a neighbour, pushing it down', threeCards, 'a', 'right', ['a:1,0 6x3', 'b:6,3 6x3', 'c:0,6 12x3']],
    ['down: trading places with the card below', threeCards, 'a', 'down', ['a:0,6 6x3', 'b:6,0 6x3', 'c:0,3 12x3']],
    ['up: trading places with the cards above', threeCards, 'c', 'up', ['a:0,3 6x3', 'b:6,3 6x3', 'c:0,0 12x3']],
  ];
  it.each(cases)('moves %s', (_name, layout, id, direction, expected) => {
    expect(boxes(moveCard(layout, id, direction))).toEqual(expected);
  });

  it('keeps the layout as it is for an unknown card', () => {
    expect(moveCard(threeCards, 'zz', 'right')).toEqual(threeCards);
  });
});

describe('resizing a card by keyboard', () => {
  const cases: Array<[string, LayoutItem[], string, Direction, string[]]> = [
    ['wider by one column', [item('a', 0, 0, 6, 3)], 'a', 'right', ['a:0,0 7x3']],
    ['narrower by one column', [item('a', 0, 0, 6, 3)], 'a', 'left', ['a:0,0 5x3']],
    ['taller by one row', [item('a', 0, 0, 6, 3)], 'a', 'down', ['a:0,0 6x4']],
    ['shorter by one row', [item('a', 0, 0, 6, 3)], 'a', 'up', ['a:0,0 6x2']],
    ['never narrower than a column', [item('a', 0, 0, 1, 3)], 'a', 'left', ['a:0,0 1x3']],
    ['never shorter than a row', [item('a', 0, 0, 6, 1)], 'a', 'up', ['a:0,0 6x1']],
    ['never past the right edge', [item('a', 4, 0, 8, 3)], 'a', 'right', ['a:4,0 8x3']],
    // Taller over c pushes c down; wider over b pushes b below a.
    ['taller, pushing the card below down', threeCards, 'a', 'down', ['a:0,0 6x4', 'b:6,0 6x3', 'c:0,4 12x3']],
    ['wider, pushing the neighbour down', threeCards, 'a', 'right', ['a:0,0 7x3', 'b:6,3 6x3', 'c:0,6 12x3']],
  ];
  it.each(cases)('grows or shrinks %s', (_name, layout, id, direction, expected) => {
    expect(boxes(resizeCard(layout, id, direction))).toEqual(expected);
  });
});

describe('the place read to the user', () => {
  it('counts columns and rows from 1', () => {
    expect(placeOf([item('a', 2, 1, 6, 4)], 'a')).toEqual({ column: 3, row: 2, columns: 6, rows: 4 });
    expect(placeOf([], 'a')).toBeNull();
  });
});
