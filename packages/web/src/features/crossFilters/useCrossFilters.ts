import type { CrossFilter } from '@tessera/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useDashboardMode } from '../canvas/index.ts';
import { useCachedDashboardView } from '../filters/index.ts';
import {
  type Clicked,
  CROSS_PARAM,
  type CrossFilterEntry,
  entriesFromParam,
  entriesToParam,
  toggleEntry,
} from './crossFilterEntries.ts';

export interface CrossFilters {
  /** Cross-filtering is on for this dashboard (its setting). */
  enabled: boolean;
  /** The entries of the tab `tabId` (the URL's, of cards on that tab). */
  entries: CrossFilterEntry[];
  /** The cross-filters a card's data request carries: those of the other cards of its tab. */
  forCard: (unitId: string) => CrossFilter[] | undefined;
  /** A card's own entries (its highlighted selection). */
  ownOf: (unitId: string) => CrossFilterEntry[];
  toggle: (unit: { unitId: string; card: string }, clicked: Clicked, adding: boolean) => void;
  remove: (entry: CrossFilterEntry) => void;
  clear: () => void;
}

const NONE: CrossFilter[] = [];

/**
 * The tab's cross-filters (docs/cross-filters.md), kept in the URL: a link reproduces the view, a reload keeps it,
 * nothing is saved. Entries of cards not on the tab are left out; with cross-filtering off, there are none.
 */
export function useCrossFilters(dashboardId: string, tabId: string | undefined): CrossFilters {
  const view = useCachedDashboardView(dashboardId);
  const { place } = useDashboardMode();
  const [search, setSearch] = useSearchParams();
  const param = search.get(CROSS_PARAM);
  // A version's preview shows the app as it was: the page's cross-filters (of today's cards) do not apply.
  const enabled = view?.dashboard.display.crossFilters !== false && place.kind !== 'version';
  const onTab = useMemo(
    () => new Set((view?.units ?? []).filter((u) => u.tabId === tabId).map((u) => u._id)),
    [view, tabId],
  );
  const entries = useMemo(
    () => (enabled ? entriesFromParam(param).filter((e) => onTab.has(e.unitId)) : []),
    [enabled, param, onTab],
  );
  const write = useCallback(
    (next: CrossFilterEntry[]) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          const text = entriesToParam(next);
          if (text) params.set(CROSS_PARAM, text);
          else params.delete(CROSS_PARAM);
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const byCard = useMemo(() => {
    const filtersOf = new Map<string, CrossFilter[]>();
    for (const unitId of onTab) {
      const others = entries.filter((e) => e.unitId !== unitId).map((e) => e.filter);
      filtersOf.set(unitId, others.length ? others : NONE);
    }
    return filtersOf;
  }, [entries, onTab]);

  return {
    enabled,
    entries,
    forCard: (unitId) => {
      const list = byCard.get(unitId);
      return list?.length ? list : undefined;
    },
    ownOf: (unitId) => entries.filter((e) => e.unitId === unitId),
    toggle: (unit, clicked, adding) => write(toggleEntry(entries, unit, clicked, adding)),
    remove: (entry) => write(entries.filter((e) => e !== entry)),
    clear: () => write([]),
  };
}
