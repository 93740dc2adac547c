import { JOIN_PREFIX } from '@tessera/analytics';
import type { Db } from '../../db/client.ts';
import { type DatasetRow, listProjectDatasets } from './datasets.store.ts';
import { type FeatureRow, listProjectFeatureRows } from './features/features.store.ts';

/**
 * Which features of a project carry the same values: a joined dataset's feature is a copy of the source feature
 * it was derived from (`planJoin`: column `l_{db}` of the left dataset's column `db`, `r_{db}` of the right's), and a
 * join of a joined dataset copies the copy. Every feature has an origin (itself when it is not a copy); the features
 * of one origin are one lineage. Cross-filters follow it (docs/cross-filters.md: joined datasets).
 */
export interface FeatureLineage {
  /** The features that carry `featureId`'s values, itself first; just itself when it has no copy or origin. */
  copiesOf(featureId: string): string[];
}

type DatasetLinks = Pick<DatasetRow, 'id' | 'source'>;
type FeatureColumn = Pick<FeatureRow, 'id' | 'datasetId' | 'dbName'>;

/** The lineage of a project's features, from its datasets' joins (pure). */
export function featureLineage(datasets: DatasetLinks[], features: FeatureColumn[]): FeatureLineage {
  const byColumn = new Map(features.map((f) => [`${f.datasetId}\u0000${f.dbName}`, f.id]));
  const sidesOf = new Map<string, { left: string; right: string }>();
  for (const d of datasets) {
    const join = d.source.join;
    if (join) sidesOf.set(d.id, { left: join[0]._id, right: join[1]._id });
  }
  /** The feature a joined dataset's feature was derived from, when that feature is still there. */
  const sourceOf = (f: FeatureColumn): string | undefined => {
    const sides = sidesOf.get(f.datasetId);
    if (!sides) return undefined;
    for (const [side, prefix] of [
      [sides.left, JOIN_PREFIX.left],
      [sides.right, JOIN_PREFIX.right],
    ] as const) {
      if (f.dbName.startsWith(prefix)) return byColumn.get(`${side}\u0000${f.dbName.slice(prefix.length)}`);
    }
    return undefined;
  };
  const parent = new Map<string, string>();
  for (const f of features) {
    const source = sourceOf(f);
    if (source) parent.set(f.id, source);
  }
  const originOf = (id: string): string => {
    let origin = id;
    // A join reads a dataset of its own project made before it, so the chain ends; the bound guards bad data.
    for (let step = 0; step < features.length && parent.has(origin); step++) origin = parent.get(origin)!;
    return origin;
  };
  const lineages = new Map<string, string[]>();
  for (const f of features) {
    const origin = originOf(f.id);
    lineages.set(origin, [...(lineages.get(origin) ?? []), f.id]);
  }
  return {
    copiesOf: (featureId) => {
      const lineage = lineages.get(originOf(featureId)) ?? [];
      return [featureId, ...lineage.filter((id) => id !== featureId)];
    },
  };
}

/** The lineage of every feature of a project, read from its datasets and features. */
export async function projectFeatureLineage(db: Db, projectId: string): Promise<FeatureLineage> {
  const [datasets, features] = await Promise.all([
    listProjectDatasets(db, projectId),
    listProjectFeatureRows(db, projectId),
  ]);
  return featureLineage(datasets, features);
}
