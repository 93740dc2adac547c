import type { FeatureType } from '../../datasets/types.ts';
import type { DashboardFilter, FilterType } from '../filters.ts';
import { isFilterValid } from '../filterValidity.ts';
import type { Vis } from '../vis.ts';
import type { MappingFeature, MappingResult } from './types.ts';

/**
 * A card's own filters (`vis.filters`, the mapping screen's Filters bucket). A filter made by dropping a feature
 * on the bucket opens the filter menu of the feature's type, with that menu's first operation and no value yet.
 * It is not valid until the user completes it, so it filters nothing meanwhile: only valid filters
 * are sent with the card's data requests.
 */

const MENU: Record<FeatureType, { type: FilterType; operation: DashboardFilter['operation'] }> = {
  number: { type: 'value', operation: 'greater' },
  date: { type: 'date', operation: 'between' },
  time: { type: 'time', operation: 'between' },
  category: { type: 'category', operation: 'equal' },
  id: { type: 'category', operation: 'equal' },
  text: { type: 'text', operation: 'contains' },
};

export function newFilterFor(feature: MappingFeature, id: string): DashboardFilter {
  const menu = MENU[feature.type];
  return { _id: id, type: menu.type, operation: menu.operation, feature: { id: feature._id }, valid: false };
}

const filtersOf = (vis: Vis): DashboardFilter[] =>
  Array.isArray(vis.filters) ? (vis.filters as DashboardFilter[]) : [];

/**
 * Replaces a card filter by its `_id` with the edited one (the filter menu's draft). The client-only `valid`
 * flag is dropped from a valid filter and kept false on an incomplete one.
 */
export function replaceFilter(vis: Vis, next: DashboardFilter, featureType?: FeatureType): MappingResult {
  const { valid: _valid, ...rest } = next;
  const stored: DashboardFilter = isFilterValid(rest, featureType) ? rest : { ...rest, valid: false };
  const filters = filtersOf(vis);
  if (!filters.some((f) => f._id === next._id)) return { vis, refetch: false };
  return {
    vis: { ...structuredClone(vis), filters: filters.map((f) => (f._id === next._id ? stored : f)) },
    refetch: true,
  };
}

/**
 * The vis as its data is requested: only the card filters that are valid for their feature's type (`typeOf`
 * answers undefined for a feature it does not know; the filter is then judged on its own).
 */
export function withValidFilters(vis: Vis, typeOf: (featureId: string) => FeatureType | undefined): Vis {
  const filters = filtersOf(vis);
  const valid = filters.filter((f) => f.valid !== false && isFilterValid(f, typeOf(f.feature?.id)));
  if (valid.length === filters.length) return vis;
  return { ...vis, filters: valid };
}
