import type { CustomSubtype, Unit } from '@tessera/shared';
import type { UnitRow } from './units.store.ts';

export function presentUnit(row: UnitRow, dashboardId: string): Unit {
  return {
    _id: row.id,
    tabId: row.tabId,
    dashboardId,
    type: row.type,
    subtype: (row.subtype as CustomSubtype | null) ?? null,
    name: row.name,
    description: row.description,
    vis: row.vis,
  };
}
