import type { Tab } from '@tessera/shared';
import { storedFilters } from '../filters/stored.ts';
import type { TabRow } from './tabs.store.ts';

export function presentTab(row: TabRow): Tab {
  return {
    _id: row.id,
    dashboardId: row.dashboardId,
    name: row.name,
    description: row.description,
    units: row.unitIds,
    layout: row.layout,
    filters: storedFilters(row.filters),
  };
}
