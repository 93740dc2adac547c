import type { DataAppFilter } from '@tessera/shared';

/**
 * The dashboard and tab filters a card's data request carries (spec 2 §4, §5 "Only valid filters are sent").
 * `filters` undefined lets the server apply the stored filters of the dashboard and the tab (units contract).
 */
export function useCardFilters(
  _dashboardId: string,
  _tabId: string | undefined,
): { filters: DataAppFilter[] | undefined; hydrated: boolean } {
  return { filters: undefined, hydrated: true };
}
