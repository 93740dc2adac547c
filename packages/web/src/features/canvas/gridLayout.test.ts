import { type LayoutItem, newCardBox } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import {
  cardPixelHeight,
  chooserTextHidden,
  completeLayout,
  gridColumns,
  isMobileGrid,
  placeholderIconShown,
  previewLayout,
  sameLayout,
  stackedLayout,
  toStoredLayout,
  withHeights,
} from './gridLayout.ts';

const item = (i: string, x: number, y: number, w: number, h: number): LayoutItem => ({
  i,
  x,
  y,
  w,
  h,
  moved: false,
  static: false,
});

describe('grid and layout', () => {
  it('has 12 columns on desktop and 2 on mobile, the breakpoint being 700 px of the width minus 50', () => {
    expect(isMobileGrid(749)).toBe(true);
    expect(isMobileGrid(750)).toBe(false);
    expect(gridColumns(749)).toBe(2);
    expect(gridColumns(1440)).toBe(12);
  });

  it('puts a new card 12x3 on an empty dashboard and 6x3 at x6,y3 in a report', () => {
    expect(newCardBox('Dashboard', [])).toMatchObject({ x: 0, y: 0, w: 12, h: 3 });
    expect(newCardBox('Report', [])).toMatchObject({ x: 6, y: 3, w: 6, h: 3 });
    // Below the others once the tab has cards.
    expect(newCardBox('Dashboard', [item('a', 0, 0, 6, 4)])).toMatchObject({ x: 0, y: 4, w: 12, h: 3 });
  });

  it('stacks the cards full width on mobile, in reading order, keeping their heights', () => {
    const layout = [item('b', 6, 0, 6, 2), item('c', 0, 3, 12, 3), item('a', 0, 0, 6, 3)];
    expect(stackedLayout(layout).map(({ i, x, y, w, h }) => [i, x, y, w, h])).toEqual([
      ['a', 0, 0, 2, 3],
      ['b', 0, 3, 2, 2],
      ['c', 0, 5, 2, 3],
    ]);
  });

  it('keeps the desktop place of a card resized on mobile, changing its height only', () => {
    expect(withHeights([item('a', 6, 1, 6, 2)], [{ i: 'a', h: 5 }])).toEqual([item('a', 6, 1, 6, 5)]);
  });

  it('draws only the cards whose top row is at most 3 in the preview', () => {
    const layout = [item('a', 0, 0, 12, 3), item('b', 0, 3, 6, 2), item('c', 0, 4, 6, 2)];
    expect(previewLayout(layout).map((x) => x.i)).toEqual(['a', 'b']);
  });

  it('places a card the stored layout misses below the others and drops items of removed cards', () => {
    const layout = completeLayout(['a', 'n'], [item('a', 0, 0, 6, 2), item('gone', 0, 2, 6, 2)]);
    expect(layout).toEqual([item('a', 0, 0, 6, 2), item('n', 0, 2, 12, 3)]);
  });

  it('keeps only the stored fields of react-grid-layout items and compares places and sizes', () => {
    const stored = toStoredLayout([{ i: 'a', x: 1, y: 2, w: 3, h: 4, moved: undefined, static: undefined }]);
    expect(stored).toEqual([item('a', 1, 2, 3, 4)]);
    expect(sameLayout(stored, [{ ...item('a', 1, 2, 3, 4), moved: true }])).toBe(true);
    expect(sameLayout(stored, [item('a', 1, 2, 3, 5)])).toBe(false);
  });

  it('hides the chooser texts at 2 rows or less and the placeholder icon under 150 px', () => {
    expect(chooserTextHidden(2)).toBe(true);
    expect(chooserTextHidden(3)).toBe(false);
    expect(chooserTextHidden(undefined)).toBe(false);
    expect(cardPixelHeight(1)).toBe(100);
    expect(cardPixelHeight(2)).toBe(220);
    expect(placeholderIconShown(1)).toBe(false);
    expect(placeholderIconShown(2)).toBe(true);
    expect(placeholderIconShown(undefined)).toBe(true);
  });
});
