/**
 * The tab rules, as pure decisions the tab bar and the section list apply.
 */

/**
 * Where to go after deleting a tab. Only the selected tab's deletion moves: to the next tab, else the previous,
 * else the dashboard itself (which then shows its empty state). `null` means stay.
 */
export function tabAfterDelete(
  tabIds: readonly string[],
  deletedId: string,
  selectedId: string | null | undefined,
): { kind: 'stay' } | { kind: 'tab'; tabId: string } | { kind: 'dashboard' } {
  if (deletedId !== selectedId) return { kind: 'stay' };
  const index = tabIds.indexOf(deletedId);
  if (index === -1) return { kind: 'stay' };
  const next = tabIds[index + 1] ?? tabIds[index - 1];
  return next ? { kind: 'tab', tabId: next } : { kind: 'dashboard' };
}

/** The tab a dashboard without a tab in its path opens (the first), or null when it has none. */
export const firstTab = (tabIds: readonly string[]): string | null => tabIds[0] ?? null;

/** Moves one id to where another was (a drop in the tab bar or the section list). */
export function moveId(ids: readonly string[], activeId: string, overId: string): string[] {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from === -1 || to === -1 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}

/** Moves one id `offset` places (−1 earlier, +1 later), never past either end (moving a tab by keyboard). */
export function moveIdBy(ids: readonly string[], id: string, offset: number): string[] {
  const from = ids.indexOf(id);
  if (from === -1) return [...ids];
  const to = Math.min(Math.max(from + offset, 0), ids.length - 1);
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
