import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { projects } from '../../../platform/tenancy.tables.ts';
import { dashboards, tabs, units } from '../dashboards.tables.ts';
import { type Card, savedFiltersOf } from './unitData.service.ts';

/**
 * A saved card as `UnitDataService.compute` takes it, read without a request (a background check such as an
 * alert's): its vis, the saved filters of its dashboard and tab, and the project's data version now. Its data is
 * what a member who may read the datasets sees with no filter of their own.
 */
export async function savedCardOf(db: Db, unitId: string): Promise<Card | undefined> {
  const [found] = await db
    .select({
      row: units,
      tabFilters: tabs.filters,
      dashboardId: dashboards.id,
      dashboardFilters: dashboards.filters,
      contentVersion: dashboards.contentVersion,
      projectId: dashboards.projectId,
      dataVersion: projects.dataVersion,
    })
    .from(units)
    .innerJoin(tabs, eq(tabs.id, units.tabId))
    .innerJoin(dashboards, eq(dashboards.id, tabs.dashboardId))
    .innerJoin(projects, eq(projects.id, dashboards.projectId))
    .where(eq(units.id, unitId));
  if (!found) return undefined;
  return {
    id: found.row.id,
    name: found.row.name,
    tabId: found.row.tabId,
    dashboardId: found.dashboardId,
    dashboardVersion: found.contentVersion,
    projectId: found.projectId,
    dataVersion: found.dataVersion,
    type: found.row.type,
    subtype: found.row.subtype,
    vis: found.row.vis,
    savedFilters: savedFiltersOf(found.dashboardFilters, found.tabFilters),
  };
}
