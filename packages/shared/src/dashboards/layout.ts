import { z } from 'zod';
import { id } from '../http/ids.ts';
import { type DashboardType, GRID, LAYOUT_LIMITS, NEW_CARD } from './constants.ts';

/**
 * A tab's card layout, in react-grid-layout's own format (Tab.layout): one item per card, `i` the
 * unit's id, positions and sizes in grid cells of the 12-column desktop grid (the mobile grid is derived by
 * stacking, it is not stored).
 */
const COLUMNS = GRID.columns.desktop;
const cell = (min: number, max: number) => z.number().int('Must be a whole number').min(min).max(max);

const boxFields = {
  x: cell(0, COLUMNS - 1),
  y: cell(0, LAYOUT_LIMITS.maxY),
  w: cell(1, COLUMNS),
  h: cell(1, LAYOUT_LIMITS.maxH),
  moved: z.boolean().default(false),
  static: z.boolean().default(false),
};
const fitsGrid: [(b: { x: number; w: number }) => boolean, { message: string; path: string[] }] = [
  (b) => b.x + b.w <= COLUMNS,
  { message: `The card must fit in ${COLUMNS} columns`, path: ['w'] },
];

/** Position and size of a card, without its key (a new card's or a copy's requested place). */
export const layoutBoxSchema = z.object(boxFields).refine(...fitsGrid);
export type LayoutBox = z.output<typeof layoutBoxSchema>;

export const layoutItemSchema = z.object({ i: id, ...boxFields }).refine(...fitsGrid);
export type LayoutItem = z.output<typeof layoutItemSchema>;

/** The first free row below every card (0 for an empty layout). */
export function layoutBottom(layout: readonly Pick<LayoutItem, 'y' | 'h'>[]): number {
  return layout.reduce((bottom, item) => Math.max(bottom, item.y + item.h), 0);
}

/**
 * Where a new card goes: on a dashboard, 12x3 at the top of an empty tab, else full width below
 * the last card; in a report, 6x3 at x6,y3 in an empty section, else 6x3 at x6 below the last card.
 */
export function newCardBox(type: DashboardType, layout: readonly LayoutItem[]): Omit<LayoutItem, 'i'> {
  const base = NEW_CARD[type];
  const y = layout.length === 0 ? base.y : Math.max(base.y, layoutBottom(layout));
  return { ...base, y: Math.min(y, LAYOUT_LIMITS.maxY), moved: false, static: false };
}

/** A copy of a card goes below every card, with the original's size. */
export function copiedCardBox(original: LayoutItem | undefined, layout: readonly LayoutItem[]): Omit<LayoutItem, 'i'> {
  const w = original?.w ?? NEW_CARD.Dashboard.w;
  return {
    x: original && original.x + w <= COLUMNS ? original.x : 0,
    y: Math.min(layoutBottom(layout), LAYOUT_LIMITS.maxY),
    w,
    h: original?.h ?? NEW_CARD.Dashboard.h,
    moved: false,
    static: false,
  };
}

/**
 * Why a submitted layout cannot be the layout of a tab whose cards are `unitIds` (its error code), or undefined when it can:
 * every item must name one of the tab's cards, each at most once. Cards the layout leaves out keep their
 * current place (a stale editor does not drop a card another editor just added).
 */
export function layoutProblem(
  layout: readonly Pick<LayoutItem, 'i'>[],
  unitIds: readonly string[],
): 'tab.layoutUnknownCard' | 'tab.layoutTwice' | undefined {
  const known = new Set(unitIds);
  const seen = new Set<string>();
  for (const item of layout) {
    if (!known.has(item.i)) return 'tab.layoutUnknownCard';
    if (seen.has(item.i)) return 'tab.layoutTwice';
    seen.add(item.i);
  }
  return undefined;
}

/** The submitted items in their order, then the current items of the cards the submission left out. */
export function mergeLayout(
  current: readonly LayoutItem[],
  submitted: readonly LayoutItem[],
  unitIds: readonly string[],
) {
  const given = new Set(submitted.map((item) => item.i));
  const alive = new Set(unitIds);
  return [...submitted, ...current.filter((item) => !given.has(item.i) && alive.has(item.i))];
}

/** `next` is the same ids as `current`, in any order. */
export function isPermutation(current: readonly string[], next: readonly string[]): boolean {
  if (current.length !== next.length) return false;
  const rest = new Set(current);
  for (const value of next) if (!rest.delete(value)) return false;
  return rest.size === 0;
}
