import type { AppState, StateOp } from '@tessera/shared';
import type { Db } from '../../../db/client.ts';
import type { DashboardEvents } from '../dashboards.events.ts';
import { presentDashboardById } from '../dashboards.service.ts';
import { presentTab } from '../tabs/tabs.presenter.ts';
import { findTab } from '../tabs/tabs.store.ts';
import { presentUnit } from '../units/units.presenter.ts';
import { findUnit } from '../units/units.store.ts';

/**
 * A restore, an undo or a redo tells the project channel what it changed with the very events an edit sends
 * (dashboard:updated, tab:updated / tab:deleted, unit:updated / unit:deleted), so that other viewers follow.
 */
export async function announceOps(
  events: DashboardEvents,
  db: Db,
  dashboardId: string,
  ops: readonly StateOp[],
  before: AppState,
): Promise<void> {
  const dashboard = await presentDashboardById(db, dashboardId);
  const touched = (area: string) => [...new Set(ops.filter((op) => op.path[0] === area).map((op) => op.path[1]))];
  for (const tabId of touched('tabs')) {
    const row = await findTab(db, tabId);
    if (row) events.tabUpdated(dashboard.projectId, presentTab(row));
    else events.tabDeleted(dashboard.projectId, { _id: tabId, dashboardId });
  }
  for (const unitId of touched('units')) {
    const record = await findUnit(db, unitId);
    if (record) events.unitUpdated(dashboard.projectId, presentUnit(record.row, dashboardId));
    else if (before.units[unitId]) {
      events.unitDeleted(dashboard.projectId, { _id: unitId, tabId: before.units[unitId].tabId, dashboardId });
    }
  }
  events.dashboardUpdated(dashboard);
}
