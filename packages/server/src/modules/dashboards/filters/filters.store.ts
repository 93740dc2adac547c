import type { DashboardFilter } from '@tessera/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { dashboards, tabs } from '../dashboards.tables.ts';

/**
 * SQL only: saved filters. They live in their owner's row, in order (`dashboards.filters`, `tabs.filters`), so
 * that they go with their tab or dashboard when it is deleted and are copied with it; a GIN index on each list
 * finds the owner of a filter id (`@>` containment) on PGlite and PostgreSQL alike.
 */

export type FilterOwner =
  | { kind: 'dashboard'; id: string; dashboardId: string; projectId: string }
  | { kind: 'tab'; id: string; dashboardId: string; projectId: string };

const holding = (filterId: string) => JSON.stringify([{ _id: filterId }]);

/** The dashboard or tab holding the saved filter `filterId`, with its dashboard's project. */
export async function findFilterOwner(db: Db, filterId: string): Promise<FilterOwner | undefined> {
  const probe = holding(filterId);
  const [onDashboard] = await db
    .select({ id: dashboards.id, projectId: dashboards.projectId })
    .from(dashboards)
    .where(sql`${dashboards.filters} @> ${probe}::jsonb`)
    .limit(1);
  if (onDashboard)
    return { kind: 'dashboard', id: onDashboard.id, dashboardId: onDashboard.id, projectId: onDashboard.projectId };
  const [onTab] = await db
    .select({ id: tabs.id, dashboardId: tabs.dashboardId, projectId: dashboards.projectId })
    .from(tabs)
    .innerJoin(dashboards, eq(dashboards.id, tabs.dashboardId))
    .where(sql`${tabs.filters} @> ${probe}::jsonb`)
    .limit(1);
  return onTab && { kind: 'tab', ...onTab };
}

/** The access rule's resolver for the 'filter' resource kind. */
export async function projectOfFilter(db: Db, filterId: string): Promise<string | undefined> {
  return (await findFilterOwner(db, filterId))?.projectId;
}

export async function setDashboardFilters(db: Db, dashboardId: string, filters: DashboardFilter[]): Promise<void> {
  await db.update(dashboards).set({ filters }).where(eq(dashboards.id, dashboardId));
}

export async function setTabFilters(db: Db, tabId: string, filters: DashboardFilter[]): Promise<void> {
  await db.update(tabs).set({ filters }).where(eq(tabs.id, tabId));
}
