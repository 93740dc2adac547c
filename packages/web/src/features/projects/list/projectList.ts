import { listSearch, NAME_SEARCH_FIELDS } from '@tessera/shared';

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The projects the list shows: those matching the search box by name (the shared list search:
 * fuzzy, or "re:" and a regular expression), sorted alphabetically by name whatever the search ranked first.
 */
export function visibleProjects<T extends { name: string }>(projects: readonly T[], search: string): T[] {
  return listSearch(projects, search, NAME_SEARCH_FIELDS).sort((a, b) => byName.compare(a.name, b.name));
}

/** The list's empty state: nothing to show at all, or nothing matching the search. */
export function emptyStateKey(total: number, shown: number): 'empty' | 'noMatch' | null {
  if (total === 0) return 'empty';
  return shown === 0 ? 'noMatch' : null;
}
