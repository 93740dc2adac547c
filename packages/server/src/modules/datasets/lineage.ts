import { JOIN_PREFIX } from '@tessera/analytics';
import type { Db } from '../../db/client.ts';
import { type DatasetRow, listProjectDatasets } from './datasets.store.ts';
import { type FeatureRow, listProjectFeatureRows } from './features/features.store.ts';

/**
 * Which features of a project carry the same values: a joined dataset's feature is a copy of the source feature
 * it was derived from (`planJoin`: column `l_{db}` of the left dataset's column `db`, `r_{db}` of the right's), and a
 * join of a joined dataset copies the copy. Every feature has an origin (itself when it is not a copy); the features
 * of one origin are one lineage. A join's keys pair two lineages (the orders' region and the managers' region are
 * equal on every row the join matched), and pairings chain. Cross-filters follow both (docs/cross-filters.md:
 * joined datasets).
 */
export interface FeatureLineage {
  /** The features that carry `featureId`'s values, itself first; just itself when it has no copy or origin. */
  copiesOf(featureId: string): string[];
  /**
   * The features a cross-filter on `featureId` applies to, itself first: in its own dataset, itself alone; in each
   * other dataset, the features nearest to it (its own lineage, else the lineages a join's keys pair with it, else
   * those one pairing further...), all of them when several are equally near (a row holding the value in any of
   * them is kept: two copies in a dataset joined with a join of itself, a join's two keys paired with it). A
   * pairing only reaches features of the same kind of value (`valueKind`), and only those `mayPair` accepts (a
   * reader of what a dashboard publishes: its published features); just itself for an unknown id.
   */
  reachOf(featureId: string, mayPair?: (featureId: string) => boolean): string[];
}

type DatasetLinks = Pick<DatasetRow, 'id' | 'source'>;
type FeatureColumn = Pick<FeatureRow, 'id' | 'datasetId' | 'dbName' | 'type' | 'precision'>;

/** Values a cross-filter compares alike: ids, categories and texts as text; numbers; dates of one precision; times. */
function valueKind(f: FeatureColumn): string {
  return f.type === 'id' || f.type === 'category' || f.type === 'text' ? 'text' : `${f.type}:${f.precision ?? ''}`;
}

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
  const copiesOf = (featureId: string) => {
    const lineage = lineages.get(originOf(featureId)) ?? [];
    return [featureId, ...lineage.filter((id) => id !== featureId)];
  };
  const pairedWith = lineagePairs(datasets, originOf);
  const featureById = new Map(features.map((f) => [f.id, f]));
  return {
    copiesOf,
    reachOf: (featureId, mayPair = () => true) => {
      const clicked = featureById.get(featureId);
      if (!clicked) return [featureId];
      // Lineages by their distance in pairings, nearest first (a breadth-first walk from the clicked one's that
      // goes through keys of the clicked feature's kind of value only).
      const kind = valueKind(clicked);
      const alike = (origin: string) => {
        const f = featureById.get(origin);
        return !!f && valueKind(f) === kind;
      };
      const distance = new Map([[originOf(featureId), 0]]);
      const queue = [originOf(featureId)];
      for (let at = 0; at < queue.length; at++) {
        for (const next of pairedWith.get(queue[at]) ?? []) {
          if (distance.has(next) || !alike(next)) continue;
          distance.set(next, distance.get(queue[at])! + 1);
          queue.push(next);
        }
      }
      // The clicked feature's own dataset is filtered by the clicked column itself (another copy of it there stands
      // for another role of the value: the manager, not the employee).
      const nearest = new Map([[clicked.datasetId, { distance: -1, ids: [featureId] }]]);
      for (const origin of queue) {
        const d = distance.get(origin)!;
        for (const id of lineages.get(origin) ?? []) {
          const f = featureById.get(id)!;
          if (d > 0 && !mayPair(id)) continue;
          const held = nearest.get(f.datasetId);
          if (!held || held.distance > d) nearest.set(f.datasetId, { distance: d, ids: [id] });
          else if (held.distance === d) held.ids.push(id);
        }
      }
      const reached = [...nearest.values()].flatMap((n) => n.ids);
      return [featureId, ...reached.filter((id) => id !== featureId)];
    },
  };
}

/** The lineages (by origin) each lineage is paired with by a join's keys, both ways. */
function lineagePairs(datasets: DatasetLinks[], originOf: (id: string) => string): Map<string, Set<string>> {
  const pairs = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (a === b) return;
    pairs.set(a, (pairs.get(a) ?? new Set()).add(b));
  };
  for (const d of datasets) {
    for (const [left, right] of d.source.join?.[0].on ?? []) {
      link(originOf(left), originOf(right));
      link(originOf(right), originOf(left));
    }
  }
  return pairs;
}

/** The lineage of every feature of a project, read from its datasets and features. */
export async function projectFeatureLineage(db: Db, projectId: string): Promise<FeatureLineage> {
  const [datasets, features] = await Promise.all([
    listProjectDatasets(db, projectId),
    listProjectFeatureRows(db, projectId),
  ]);
  return featureLineage(datasets, features);
}
