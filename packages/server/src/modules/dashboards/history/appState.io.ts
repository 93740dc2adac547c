import { type AppState, layoutList, tabState, visDatasetIds } from '@tessera/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { datasets } from '../../datasets/index.ts';
import type { DashboardRow } from '../dashboards.store.ts';
import { dashboards, tabs, units } from '../dashboards.tables.ts';

/**
 * SQL only: a data app's whole state as its history reads it (shared appState.ts), and writing a state back
 * (a restore, an undo): the dashboard row, its tabs and its cards made to match, cards and tabs that came back
 * inserted again under their own ids.
 */

export async function readAppState(db: Db, dashboardId: string): Promise<AppState | undefined> {
  const [row] = await db.select().from(dashboards).where(eq(dashboards.id, dashboardId));
  if (!row) return undefined;
  const tabRows = await db.select().from(tabs).where(eq(tabs.dashboardId, dashboardId));
  const unitRows = tabRows.length
    ? await db
        .select()
        .from(units)
        .where(
          inArray(
            units.tabId,
            tabRows.map((t) => t.id),
          ),
        )
    : [];
  return {
    dashboard: dashboardState(row),
    tabs: Object.fromEntries(
      tabRows.map((t) => [t.id, tabState({ ...t, units: t.unitIds, filters: t.filters as never[] })]),
    ),
    units: Object.fromEntries(
      unitRows.map((u) => [
        u.id,
        {
          tabId: u.tabId,
          type: u.type,
          subtype: (u.subtype as AppState['units'][string]['subtype']) ?? null,
          name: u.name,
          description: u.description,
          vis: u.vis,
        },
      ]),
    ),
  };
}

const dashboardState = (row: DashboardRow): AppState['dashboard'] => ({
  name: row.name,
  description: row.description,
  display: row.display,
  colors: row.colors,
  filters: row.filters,
  tabIds: row.tabIds,
});

/** Makes the stored app equal `target` (`current` is what is stored now, read under the dashboard's lock). */
export async function writeAppState(db: Db, dashboardId: string, current: AppState, target: AppState): Promise<void> {
  const d = target.dashboard;
  await db
    .update(dashboards)
    .set({
      name: d.name,
      description: d.description,
      display: d.display as DashboardRow['display'],
      colors: d.colors as DashboardRow['colors'],
      filters: d.filters as DashboardRow['filters'],
      tabIds: d.tabIds,
    })
    .where(eq(dashboards.id, dashboardId));

  const goneUnits = Object.keys(current.units).filter((id) => !target.units[id]);
  if (goneUnits.length) await db.delete(units).where(inArray(units.id, goneUnits));
  const goneTabs = Object.keys(current.tabs).filter((id) => !target.tabs[id]);
  if (goneTabs.length) await db.delete(tabs).where(inArray(tabs.id, goneTabs));

  for (const [id, tab] of Object.entries(target.tabs)) {
    const values = {
      name: tab.name,
      description: tab.description,
      unitIds: tab.unitIds,
      layout: layoutList(tab),
      filters: tab.filters as Record<string, unknown>[],
    };
    if (!current.tabs[id]) await db.insert(tabs).values({ id, dashboardId, ...values });
    else if (JSON.stringify(current.tabs[id]) !== JSON.stringify(tab))
      await db.update(tabs).set(values).where(eq(tabs.id, id));
  }
  for (const [id, unit] of Object.entries(target.units)) {
    const values = { ...unit, datasetIds: visDatasetIds(unit.vis) };
    if (!current.units[id]) await db.insert(units).values({ id, ...values });
    else if (JSON.stringify(current.units[id]) !== JSON.stringify(unit))
      await db
        .update(units)
        .set({ ...values, timeUpdated: new Date() })
        .where(eq(units.id, id));
  }
}

/** The cards of `state` that draw on a dataset deleted since (they show the card's "not found" placeholder). */
export async function cardsMissingData(db: Db, state: AppState): Promise<string[]> {
  const wanted = new Map(Object.entries(state.units).map(([id, u]) => [id, visDatasetIds(u.vis)]));
  const all = [...new Set([...wanted.values()].flat())];
  if (!all.length) return [];
  const found = new Set(
    (await db.select({ id: datasets.id }).from(datasets).where(inArray(datasets.id, all))).map((r) => r.id),
  );
  return [...wanted].filter(([, ids]) => ids.some((id) => !found.has(id))).map(([id]) => id);
}
