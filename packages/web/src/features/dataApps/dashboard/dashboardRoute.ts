import type { DashboardType } from '@tessera/shared';

/**
 * What a dashboard path shows once the dashboard is loaded (spec 2 §2): the path's variant must match the
 * dashboard's type (a report lives under `report/`), a path without a tab goes to the first tab (replacing the
 * history entry), and a tab that is not the dashboard's (deleted meanwhile) also goes to the first tab.
 */
export type RouteOutcome = { kind: 'show'; tabId: string | null } | { kind: 'redirect'; tabId: string | null };

export function dashboardRouteOutcome(
  dashboard: { type: DashboardType; tabs: readonly string[] },
  pathType: DashboardType,
  tabId: string | undefined,
): RouteOutcome {
  const first = dashboard.tabs[0] ?? null;
  const known = tabId !== undefined && dashboard.tabs.includes(tabId);
  if (dashboard.type !== pathType) return { kind: 'redirect', tabId: known ? (tabId as string) : first };
  if (known) return { kind: 'show', tabId: tabId as string };
  if (tabId === undefined && first === null) return { kind: 'show', tabId: null };
  return { kind: 'redirect', tabId: first };
}
