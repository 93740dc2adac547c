import type { CrossFilter } from './crossFilters.ts';
import type { DashboardFilter } from './filters.ts';
import type { OrderByEntry } from './visSchemas.ts';

/**
 * What a reader who may not read the datasets (a public visitor, a member whose dataset role is hidden) may ask
 * of a card: filters and sorts only on the features its dashboard publishes (those its saved filters use and its
 * cards map: the public `features`). A filter or a sort on any other feature would let them rebuild a column
 * the dashboard does not show, row by row (filter `salary > x` on a table of names, bisect); such entries are
 * dropped, as filters on another project's features already are, so the answer is the same as without them.
 */
export interface CardAsk {
  filters?: DashboardFilter[];
  orderBy?: OrderByEntry[];
  crossFilters?: CrossFilter[];
}

/** The features a card request filters or sorts on, each once. */
export function askedFeatureIds(ask: CardAsk): string[] {
  return [
    ...new Set([
      ...(ask.filters ?? []).map((f) => f.feature.id),
      ...(ask.orderBy ?? []).map((o) => o.value),
      ...(ask.crossFilters ?? []).map((c) => c.featureId),
    ]),
  ];
}

/** The request with only its filters and sorts on published features (the same object when nothing is dropped). */
export function withinPublished<T extends CardAsk>(ask: T, published: ReadonlySet<string>): T {
  if (askedFeatureIds(ask).every((id) => published.has(id))) return ask;
  const kept = { ...ask };
  if (ask.filters) kept.filters = ask.filters.filter((f) => published.has(f.feature.id));
  if (ask.orderBy) kept.orderBy = ask.orderBy.filter((o) => published.has(o.value));
  if (ask.crossFilters) kept.crossFilters = ask.crossFilters.filter((c) => published.has(c.featureId));
  return kept;
}
