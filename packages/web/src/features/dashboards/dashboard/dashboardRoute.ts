import type { DashboardType } from '@tessera/shared';
import { tabAfterDelete } from '../tabs/tabNavigation.ts';

/**
 * What a dashboard path shows once the dashboard is loaded: the path's variant must match the
 * dashboard's type (a report lives under `report/`), and a path without a tab goes to the first tab (replacing
 * the history entry). A tab the dashboard no longer has was just deleted — here or by another editor — and
 * the tab rules apply: the next tab, else the previous one, else the dashboard itself; a tab it
 * never had (an old link) goes to the first tab.
 */
export type RouteOutcome = { kind: 'show'; tabId: string | null } | { kind: 'redirect'; tabId: string | null };

export function dashboardRouteOutcome(
  dashboard: { type: DashboardType; tabs: readonly string[] },
  pathType: DashboardType,
  tabId: string | undefined,
  /** The tab order last shown, to place the page after a deletion. */
  previousTabs: readonly string[] = [],
): RouteOutcome {
  const first = dashboard.tabs[0] ?? null;
  const known = tabId !== undefined && dashboard.tabs.includes(tabId);
  if (dashboard.type !== pathType) return { kind: 'redirect', tabId: known ? (tabId as string) : first };
  if (known) return { kind: 'show', tabId: tabId as string };
  if (tabId === undefined) return first === null ? { kind: 'show', tabId: null } : { kind: 'redirect', tabId: first };
  const after = tabAfterDelete(previousTabs, tabId, tabId);
  if (after.kind === 'tab' && dashboard.tabs.includes(after.tabId)) return { kind: 'redirect', tabId: after.tabId };
  if (after.kind === 'dashboard') return { kind: 'redirect', tabId: null };
  return { kind: 'redirect', tabId: first };
}
