import type { FeatureType } from '../../datasets/types.ts';
import type { DataAppFilter, FilterType } from '../filters.ts';
import type { MappingFeature } from './types.ts';

/**
 * A card filter made by dropping a feature on the filters bucket: the filter menu of the feature's type, with
 * that menu's first operation and no value yet. It is not valid until the user completes it (spec 2 §5), so
 * it filters nothing meanwhile.
 */

const MENU: Record<FeatureType, { type: FilterType; operation: DataAppFilter['operation'] }> = {
  number: { type: 'value', operation: 'greater' },
  date: { type: 'date', operation: 'between' },
  time: { type: 'time', operation: 'between' },
  category: { type: 'category', operation: 'equal' },
  id: { type: 'category', operation: 'equal' },
  text: { type: 'text', operation: 'contains' },
};

export function newFilterFor(feature: MappingFeature, id: string): DataAppFilter {
  const menu = MENU[feature.type];
  return { _id: id, type: menu.type, operation: menu.operation, feature: { id: feature._id }, valid: false };
}
