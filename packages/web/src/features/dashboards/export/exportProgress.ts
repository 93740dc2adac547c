import { useCallback, useState } from 'react';

/** How many of the page's tables have all their rows: each table says so once (by its card id). */
export function useTablesLoaded(): { loaded: number; onLoaded: (unitId: string) => void } {
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const onLoaded = useCallback(
    (unitId: string) => setDone((current) => (current.has(unitId) ? current : new Set([...current, unitId]))),
    [],
  );
  return { loaded: done.size, onLoaded };
}

export interface Band<T> {
  items: T[];
}

/**
 * The cards of a tab in print order: the grid's rows from top to bottom, each row's cards left to right. Cards
 * whose rows overlap print side by side in one band; a table prints alone across the page, in its place.
 */
export function printBands<T extends { i: string; x: number; y: number; w: number; h: number }>(
  items: readonly T[],
  isTable: (item: T) => boolean,
): T[][] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const bands: T[][] = [];
  let current: T[] = [];
  let bottom = -1;
  for (const item of sorted) {
    if (isTable(item)) {
      if (current.length) bands.push(current);
      bands.push([item]);
      current = [];
      bottom = -1;
      continue;
    }
    if (current.length && item.y >= bottom) {
      bands.push(current);
      current = [];
      bottom = -1;
    }
    current.push(item);
    bottom = Math.max(bottom, item.y + item.h);
  }
  if (current.length) bands.push(current);
  return bands;
}
