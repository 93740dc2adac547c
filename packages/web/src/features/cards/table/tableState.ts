import type { OrderByEntry } from '@tessera/shared';

/**
 * A table card's sort and page rules (page clamp), apart from React.
 */

export type SortDirection = 'ASC' | 'DESC';

export interface TableSort {
  /** The column (its id in the vis). */
  columnId: string;
  /** The column's feature. */
  featureId: string;
  direction: SortDirection;
}

/** Clicking a column cycles none, ascending, descending, none; clicking another column starts it ascending. */
export function nextSort(current: TableSort | null, column: { id: string; featureId: string }): TableSort | null {
  if (!current || current.columnId !== column.id) {
    return { columnId: column.id, featureId: column.featureId, direction: 'ASC' };
  }
  return current.direction === 'ASC' ? { ...current, direction: 'DESC' } : null;
}

/** The request's orderBy for a sort: `{id, value: featureId, type, nulls: 'last'}`. */
export function sortOrderBy(sort: TableSort | null): OrderByEntry[] {
  return sort ? [{ id: sort.columnId, value: sort.featureId, type: sort.direction, nulls: 'last' }] : [];
}

/**
 * The page a typed page number goes to: below 1 (or not a number) page 1, above the total the last page.
 */
export function clampPage(typed: number, total: number): number {
  const last = Math.max(1, Math.floor(total));
  if (!Number.isFinite(typed) || typed < 1) return 1;
  return Math.min(Math.floor(typed), last);
}
