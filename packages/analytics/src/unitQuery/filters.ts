/**
 * Data app filters to the engine's filters (filters.ts), for the card compiler.
 *
 * - A filter whose type does not fit its feature's current type (a 'value' filter on a feature now a
 *   category) throws QueryError 'bad-filter' (the card's "Filter error").
 * - A filter that is not valid (`isFilterValid`, : incomplete, or a value of the wrong shape) is
 *   skipped: `toEngineFilter` answers undefined, exactly as the menus drop it.
 * - A valid one becomes an engine `Filter` on the feature's `ColumnRef`, whose compilation binds every value,
 *   so the SQL of a filter depends on its feature and operation only.
 */
import {
  categoryList,
  type DashboardFilter,
  FILTER_TYPES,
  filterFitsFeature,
  isFilterValid,
  singleValue,
  valueObject,
} from '@tessera/shared';
import { QueryError } from '../errors.ts';
import { compileFilter, type Filter } from '../filters.ts';
import type { Params } from '../sql.ts';
import type { CatalogEntry } from './types.ts';

/** The engine filter of a valid data app filter on `entry`; undefined when the filter is not valid. */
export function toEngineFilter(filter: DashboardFilter, entry: CatalogEntry): Filter | undefined {
  const featureType = entry.ref.type;
  if (!FILTER_TYPES.includes(filter.type)) throw new QueryError('bad-filter', 'query.unknownFilterType');
  if (!filterFitsFeature(filter.type, featureType)) {
    throw new QueryError('bad-filter', {
      code: 'query.filterNotFit',
      params: { type: filter.type, featureType, feature: JSON.stringify(entry.name) },
    });
  }
  if (!isFilterValid(filter, featureType)) return undefined;
  const column = entry.ref;
  const { operation } = filter;
  if (operation === 'empty' || operation === 'not-empty') return { column, operation };
  const v = valueObject(filter);
  switch (filter.type) {
    case 'value':
      return { column, operation, value: singleValue(filter) as number };
    case 'range':
      return { column, operation, from: v.from ?? undefined, to: v.to ?? undefined };
    case 'date':
      if (operation === 'on') {
        const items = v.selectedDateItems;
        const byItems = filter.option ? filter.option !== 'date' : !!items && !v.on;
        return byItems && items
          ? { column, operation, dateItems: { part: items.part, values: items.values } }
          : { column, operation, value: v.on ?? undefined };
      }
      if (operation === 'last') return { column, operation, duration: v.duration ?? undefined, unit: v.unit };
      return { column, operation, from: v.from ?? undefined, to: v.to ?? undefined };
    case 'time':
      return operation === 'between'
        ? { column, operation, from: v.from ?? undefined, to: v.to ?? undefined }
        : { column, operation, value: (v.value ?? undefined) as string | undefined };
    case 'category':
      if (operation === 'equal' || operation === 'not-equal') {
        // Empty entries are not categories (validity only needs one real one).
        return { column, operation, values: categoryList(filter).filter((c) => c !== '') };
      }
      return { column, operation, value: singleValue(filter) as string };
    case 'text':
      return operation === 'equal'
        ? { column, operation, values: [singleValue(filter) as string] }
        : { column, operation, value: singleValue(filter) as string };
  }
}

/**
 * The SQL condition of the valid filters among `filters` (each on its catalog entry), joined with AND, or
 * undefined when none applies. Values are added to `params`.
 */
export function filtersCondition(
  filters: Array<{ filter: DashboardFilter; entry: CatalogEntry }>,
  params: Params,
): string | undefined {
  const parts: string[] = [];
  for (const { filter, entry } of filters) {
    const engineFilter = toEngineFilter(filter, entry);
    if (engineFilter) parts.push(compileFilter(engineFilter, params));
  }
  return parts.length ? parts.join(' AND ') : undefined;
}
