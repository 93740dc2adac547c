import { DASHBOARD_LIMITS, type LayoutItem } from '@tessera/shared';
import { newId } from '../../platform/ids.ts';
import type { MailLanguage } from '../../platform/mailLanguage.ts';
import type { tabs, units } from './dashboards.tables.ts';
import type { TabRow } from './tabs/tabs.store.ts';
import type { UnitRow } from './units/units.store.ts';

/** Deep copies for Duplicate Dashboard, Duplicate Tab and Duplicate (card): new ids everywhere, nothing shared. */

/** The copy's mark, in the language of the request that made it (the web names nothing itself). */
const COPY_SUFFIX: Record<MailLanguage, string> = { en: ' (copy)', fr: ' (copie)' };

/** "Name (copy)" ("Nom (copie)" in French), cut so that it stays within the name limit. */
export function copyName(name: string, language: MailLanguage = 'en'): string {
  const suffix = COPY_SUFFIX[language];
  return name.slice(0, DASHBOARD_LIMITS.nameMax - suffix.length) + suffix;
}

/** Stored filters carry their own ids (the filters issue addresses them by id): a copy gets new ones. */
export function copyFilters(filters: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return filters.map((f) => {
    const copy = structuredClone(f);
    return typeof copy._id === 'string' ? { ...copy, _id: newId() } : copy;
  });
}

export function copyUnitValues(unit: UnitRow, tabId: string, id = newId()): typeof units.$inferInsert {
  return {
    id,
    tabId,
    type: unit.type,
    subtype: unit.subtype,
    name: unit.name,
    description: unit.description,
    vis: structuredClone(unit.vis),
    datasetIds: [...unit.datasetIds],
  };
}

/**
 * A copy of a tab and its cards for `dashboardId`: every card gets a new id, the card order and the layout
 * follow (each layout item's `i` names the copy of its card).
 */
export function copyTab(
  tab: TabRow,
  tabUnits: readonly UnitRow[],
  dashboardId: string,
  name = tab.name,
): { tab: typeof tabs.$inferInsert; units: Array<typeof units.$inferInsert> } {
  const tabId = newId();
  const byId = new Map(tabUnits.map((u) => [u.id, u]));
  const newIds = new Map<string, string>();
  for (const unitId of tab.unitIds) if (byId.has(unitId)) newIds.set(unitId, newId());
  const layout: LayoutItem[] = tab.layout.flatMap((item) => {
    const i = newIds.get(item.i);
    return i ? [{ ...item, i }] : [];
  });
  return {
    tab: {
      id: tabId,
      dashboardId,
      name,
      description: tab.description,
      unitIds: [...newIds.values()],
      layout,
      filters: copyFilters(tab.filters),
    },
    units: [...newIds].map(([oldId, id]) => copyUnitValues(byId.get(oldId)!, tabId, id)),
  };
}
