import { type Dashboard, listSearch, NAME_SEARCH_FIELDS } from '@tessera/shared';

/** The list's cards (spec 2 §2): the search's matches ("Search Apps", spec 1 §5 list search), newest first. */
export function visibleDataApps(dashboards: readonly Dashboard[], search: string): Dashboard[] {
  return listSearch(dashboards, search, NAME_SEARCH_FIELDS).sort(
    (a, b) => Date.parse(b.timeCreated) - Date.parse(a.timeCreated),
  );
}
