import { type DashboardFilter, filterSchema, validFilters, visDatasetIds } from '@tessera/shared';
import { useMemo } from 'react';
import { useActiveFilters, useFeatureLookup } from '../../filters/index.ts';

/**
 * The filters that apply to a card (its header's filter icon, "Card": "filter icon whose tooltip
 * lists active filters"): the dashboard's and tab's filters in force on one of the datasets the card reads (a
 * filter on another dataset does not change it; one whose dataset is not known here is kept), then the card's
 * own valid filters.
 */
export function filtersOnCard(
  inForce: readonly DashboardFilter[],
  vis: unknown,
  datasetOf: (featureId: string) => string | undefined,
): DashboardFilter[] {
  const datasets = new Set(visDatasetIds(vis));
  const applying = inForce.filter((filter) => {
    const dataset = datasetOf(filter.feature.id);
    return dataset === undefined || datasets.size === 0 || datasets.has(dataset);
  });
  const raw = (vis as { filters?: unknown } | null)?.filters;
  const own = (Array.isArray(raw) ? raw : []).flatMap((entry) => {
    const parsed = filterSchema.safeParse(entry);
    return parsed.success ? [parsed.data as DashboardFilter] : [];
  });
  return [...applying, ...validFilters(own)];
}

/** The filters that apply to a card, as its header shows them. */
export function useCardFilters(unit: { dashboardId: string; tabId: string; vis: unknown }): DashboardFilter[] {
  const { filters } = useActiveFilters(unit.dashboardId, unit.tabId);
  const { lookup } = useFeatureLookup(unit.dashboardId);
  return useMemo(
    () =>
      filtersOnCard(filters, unit.vis, (featureId) => {
        const state = lookup({ type: 'text', feature: { id: featureId } });
        return 'feature' in state ? state.feature.dataset?._id : undefined;
      }),
    [filters, unit.vis, lookup],
  );
}
