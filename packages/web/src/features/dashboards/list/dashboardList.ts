import { type Dashboard, listSearch, NAME_SEARCH_FIELDS } from '@tessera/shared';

/** The list's cards: the search's matches ("Search Apps", list search), newest first. */
export function visibleDashboards(dashboards: readonly Dashboard[], search: string): Dashboard[] {
  return listSearch(dashboards, search, NAME_SEARCH_FIELDS).sort(
    (a, b) => Date.parse(b.timeCreated) - Date.parse(a.timeCreated),
  );
}
