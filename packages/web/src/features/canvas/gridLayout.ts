import { copiedCardBox, GRID, type LayoutItem, PREVIEW } from '@tessera/shared';

/**
 * The card grid's rules, pure so that they are tested apart from
 * react-grid-layout. The stored layout is always the 12-column desktop one; the mobile grid is derived from it.
 */

/** Below the breakpoint (measured on the container's width minus the offset) the grid has 2 columns. */
export const isMobileGrid = (containerWidth: number) => containerWidth - GRID.widthOffset < GRID.breakpoint;

export const gridColumns = (containerWidth: number) =>
  isMobileGrid(containerWidth) ? GRID.columns.mobile : GRID.columns.desktop;

/** A card's height in pixels for `h` rows (rows plus the margins between them). */
export const cardPixelHeight = (h: number) => h * GRID.rowHeight + Math.max(0, h - 1) * GRID.margin;

/** The chooser's texts are hidden on a card 2 rows high or less. */
export const chooserTextHidden = (h: number | undefined) => h !== undefined && h <= 2;

/** The placeholder icon shows only when the card is 150 px high or more, or its height is unknown. */
export const placeholderIconShown = (h: number | undefined) => h === undefined || cardPixelHeight(h) >= 150;

/**
 * The layout of a tab's cards: the stored item of each card, and for a card the layout does not place yet (just
 * added by another editor, or an old tab) a full-width box below the others. Items of cards no longer on the tab
 * are dropped.
 */
export function completeLayout(unitIds: readonly string[], stored: readonly LayoutItem[]): LayoutItem[] {
  const alive = new Set(unitIds);
  const placed = stored.filter((item) => alive.has(item.i));
  const known = new Set(placed.map((item) => item.i));
  const result = [...placed];
  for (const i of unitIds) if (!known.has(i)) result.push({ i, ...copiedCardBox(undefined, result) });
  return result;
}

const byPosition = (a: LayoutItem, b: LayoutItem) => a.y - b.y || a.x - b.x;

/** Mobile stacks the cards full width, in reading order (top to bottom, then left to right), keeping heights. */
export function stackedLayout(layout: readonly LayoutItem[]): LayoutItem[] {
  let y = 0;
  return [...layout].sort(byPosition).map((item) => {
    const stacked = { ...item, x: 0, y, w: GRID.columns.mobile };
    y += item.h;
    return stacked;
  });
}

/** The preview image shows only the cards whose top row is at most 3. */
export const previewLayout = (layout: readonly LayoutItem[]) => layout.filter((item) => item.y <= PREVIEW.maxY);

/** react-grid-layout's items carry more than the stored format; keep the spec's fields only. */
export function toStoredLayout(
  items: ReadonlyArray<Pick<LayoutItem, 'i' | 'x' | 'y' | 'w' | 'h'> & { moved?: boolean; static?: boolean }>,
): LayoutItem[] {
  return items.map(({ i, x, y, w, h, moved, static: fixed }) => ({
    i,
    x,
    y,
    w,
    h,
    moved: Boolean(moved),
    static: Boolean(fixed),
  }));
}

/** Same places and sizes for the same cards (order and flags aside): nothing to save. */
export function sameLayout(a: readonly LayoutItem[], b: readonly LayoutItem[]): boolean {
  if (a.length !== b.length) return false;
  const other = new Map(b.map((item) => [item.i, item]));
  return a.every((item) => {
    const o = other.get(item.i);
    return o !== undefined && o.x === item.x && o.y === item.y && o.w === item.w && o.h === item.h;
  });
}

/** A card resized on the phone keeps its desktop place; only its height follows. */
export function withHeights(
  desktop: readonly LayoutItem[],
  resized: readonly Pick<LayoutItem, 'i' | 'h'>[],
): LayoutItem[] {
  const heights = new Map(resized.map((item) => [item.i, item.h]));
  return desktop.map((item) => ({ ...item, h: heights.get(item.i) ?? item.h }));
}
