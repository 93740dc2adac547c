import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { joinProjectAccess, projectAccessFields, type ResourceReader } from '../../../platform/projectAccess.ts';
import { projects } from '../../../platform/tenancy.tables.ts';
import { dashboards, tabs, units } from '../dashboards.tables.ts';

export type UnitRow = typeof units.$inferSelect;
/** A card with the dashboard its tab belongs to (the API presents both). */
export interface UnitRecord {
  row: UnitRow;
  dashboardId: string;
}
export type UnitChange = Partial<
  Pick<UnitRow, 'name' | 'description' | 'type' | 'subtype' | 'vis' | 'datasetIds' | 'timeUpdated'>
>;

export async function findUnit(db: Db, id: string): Promise<UnitRecord | undefined> {
  const [record] = await db
    .select({ row: units, dashboardId: tabs.dashboardId })
    .from(units)
    .innerJoin(tabs, eq(tabs.id, units.tabId))
    .where(eq(units.id, id));
  return record;
}

/** A card with its tab's filters and its dashboard's, as a card's data request needs it. */
export interface UnitWithPlace {
  row: UnitRow;
  tabFilters: Record<string, unknown>[];
  /** `contentVersion`: what the dashboard publishes is known while it stands (dashboards.store.ts). */
  dashboard: { id: string; projectId: string; filters: Record<string, unknown>[]; contentVersion: number };
}

/**
 * The 'unit' resource of project rules: the card with its place and the caller's access to its project, in one
 * read; the card goes on to the handler (`request.resolved`), so that a card's data request reads it once.
 */
export const unitReader: ResourceReader = {
  async read(db, id, userId) {
    const [found] = await unitWithAccessQuery(db).execute({ id, userId });
    if (!found) return undefined;
    const { access, ...card } = found;
    return { found: card satisfies UnitWithPlace, access };
  },
};
const unitWithAccessQuery = preparedQuery((db) =>
  joinProjectAccess(
    db
      .select({
        row: units,
        tabFilters: tabs.filters,
        dashboard: {
          id: dashboards.id,
          projectId: dashboards.projectId,
          filters: dashboards.filters,
          contentVersion: dashboards.contentVersion,
        },
        access: projectAccessFields,
      })
      .from(units)
      .innerJoin(tabs, eq(tabs.id, units.tabId))
      .innerJoin(dashboards, eq(dashboards.id, tabs.dashboardId))
      .innerJoin(projects, eq(projects.id, dashboards.projectId))
      .$dynamic(),
  )
    .where(eq(units.id, sql.placeholder('id')))
    .prepare('unit_with_access'),
);

/** Every card of these tabs (in no particular order: the tabs' `unitIds` give the order). */
export async function listUnitsOfTabs(db: Db, tabIds: readonly string[]): Promise<UnitRow[]> {
  if (tabIds.length === 0) return [];
  return db
    .select()
    .from(units)
    .where(inArray(units.tabId, [...tabIds]));
}

export async function insertUnits(db: Db, values: Array<typeof units.$inferInsert>): Promise<UnitRow[]> {
  if (values.length === 0) return [];
  return db.insert(units).values(values).returning();
}

export async function updateUnitRow(db: Db, id: string, change: UnitChange): Promise<UnitRow | undefined> {
  const [row] = await db.update(units).set(change).where(eq(units.id, id)).returning();
  return row;
}

export async function deleteUnitRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(units).where(eq(units.id, id)).returning({ id: units.id });
  return rows.length > 0;
}

/** The cards that draw on a dataset (their `datasetIds`), with their dashboard (the Delete Dataset dialog). */
export function cardsOfDataset(db: Db, datasetId: string) {
  return db
    .select({
      id: units.id,
      name: units.name,
      dashboardId: dashboards.id,
      dashboardName: dashboards.name,
      dashboardType: dashboards.type,
    })
    .from(units)
    .innerJoin(tabs, eq(tabs.id, units.tabId))
    .innerJoin(dashboards, eq(dashboards.id, tabs.dashboardId))
    .where(sql`${units.datasetIds} @> ${JSON.stringify([datasetId])}::jsonb`)
    .orderBy(dashboards.name, units.name);
}
