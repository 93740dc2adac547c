import { GRID, type LayoutItem } from '@tessera/shared';
import type { Layout } from 'react-grid-layout';
import { bottom, cloneLayout, compact, getLayoutItem, moveElement } from 'react-grid-layout/build/utils.js';
import { toStoredLayout } from '../../canvas/index.ts';

/**
 * Moving and resizing a card without a pointer (docs/accessibility.md "Layout by keyboard"). Each step runs the
 * functions react-grid-layout runs when a drag or a resize stops (move the item, push away what it lands on,
 * compact upwards), so a card moved by keys ends where the same drag would have put it and is saved the same way.
 */

export type Direction = 'left' | 'right' | 'up' | 'down';

/** The directions of the arrow keys, by `KeyboardEvent.key`. */
export const ARROW_KEYS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

const COMPACT = 'vertical' as const;

function compacted(layout: Layout[], cols: number): LayoutItem[] {
  return toStoredLayout(compact(layout, COMPACT, cols));
}

/** The layout with `id` dropped at (x, y), as a drag stopping there leaves it. */
function dropAt(layout: readonly LayoutItem[], id: string, x: number, y: number, cols: number): LayoutItem[] {
  const copy = cloneLayout([...layout]);
  const item = getLayoutItem(copy, id) as Layout;
  return compacted(moveElement(copy, item, x, y, true, false, COMPACT, cols, false), cols);
}

/**
 * One step of a card. Left and right move it one column, never past the grid's edges. The grid packs cards
 * upwards, so a card dropped one row lower comes straight back: up and down go as far as needed for the card to
 * change rows (it then trades places with the card above or below), and stay put at the top or the bottom.
 */
export function moveCard(
  layout: readonly LayoutItem[],
  id: string,
  direction: Direction,
  cols: number = GRID.columns.desktop,
): LayoutItem[] {
  const item = layout.find((entry) => entry.i === id);
  if (!item) return [...layout];
  if (direction === 'left' || direction === 'right') {
    const x = Math.min(Math.max(item.x + (direction === 'left' ? -1 : 1), 0), Math.max(cols - item.w, 0));
    return x === item.x ? [...layout] : dropAt(layout, id, x, item.y, cols);
  }
  const sign = direction === 'up' ? -1 : 1;
  const lowest = bottom(cloneLayout([...layout]));
  for (let rows = 1; rows <= lowest + 1; rows += 1) {
    const y = item.y + sign * rows;
    if (y < 0) break;
    const next = dropAt(layout, id, item.x, y, cols);
    if (next.find((entry) => entry.i === id)?.y !== item.y) return next;
  }
  return [...layout];
}

/**
 * One step of a card's size from its top left corner, as the bottom right resize handle does: wider and narrower
 * by a column (1 column at least, never past the right edge), taller and shorter by a row (1 row at least).
 * The cards it now covers are pushed down.
 */
export function resizeCard(
  layout: readonly LayoutItem[],
  id: string,
  direction: Direction,
  cols: number = GRID.columns.desktop,
): LayoutItem[] {
  const item = layout.find((entry) => entry.i === id);
  if (!item) return [...layout];
  const w = direction === 'right' ? Math.min(item.w + 1, cols - item.x) : direction === 'left' ? item.w - 1 : item.w;
  const h = direction === 'down' ? item.h + 1 : direction === 'up' ? item.h - 1 : item.h;
  if (w < 1 || h < 1 || (w === item.w && h === item.h)) return [...layout];
  const copy = cloneLayout([...layout]);
  const resized = getLayoutItem(copy, id) as Layout;
  resized.w = w;
  resized.h = h;
  // Compacting pushes down the cards it now overlaps, as react-grid-layout does when a resize stops.
  return compacted(copy, cols);
}

/** Where a card is, in the words read to the user: columns and rows counted from 1. */
export function placeOf(layout: readonly LayoutItem[], id: string) {
  const item = layout.find((entry) => entry.i === id);
  return item ? { column: item.x + 1, row: item.y + 1, columns: item.w, rows: item.h } : null;
}
