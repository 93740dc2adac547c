import { type Feature, isDateFormatChoice } from '@tessera/shared';
import type { FeatureRow } from './features.store.ts';

/** A feature row as the API shows it. */
export function presentFeature(row: FeatureRow): Feature {
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    detectedType: row.detectedType,
    precision: row.precision ?? null,
    description: row.description,
    hidden: row.hidden,
    dataset: { _id: row.datasetId },
    listIndex: row.listIndex,
    preview: row.preview,
    stats: row.stats,
    dateFormat: isDateFormatChoice(row.dateFormat) ? row.dateFormat : null,
    db: { name: row.dbName, type: row.physicalType },
  };
}
