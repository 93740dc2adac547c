import {
  type CatalogEntry,
  type Source,
  type SourceKey,
  sourceKeys,
  type UnitCatalog,
  type UnitQueryInput,
  unitQueryNeeds,
} from '@tessera/analytics';
import type { Catalog, FeatureRow, ImportedJob } from '../../datasets/index.ts';
import type { ProjectMetadata } from './unitData.metadata.ts';

/**
 * What a card reads, resolved in the metadata DB for the query compiler (the seam `unitQuery/types.ts`): the
 * features it names (only those of the card's project: any other id, from another project or organization,
 * is treated as deleted, so a vis can never read outside its project), and for each (dataset, job) pair the
 * dataset's `Source`. A dataset that is gone, not imported, or whose job is gone leaves its source undefined:
 * the compiler then answers 'feature-deleted'.
 */
export interface ResolvedCard {
  catalog: UnitCatalog;
  /** The card's features found in its project, in the order the card names them. */
  features: FeatureRow[];
  /** The newest imported job among what the card reads (null when it reads nothing). */
  jobId: string | null;
}

const keyOf = (key: SourceKey) => `${key.datasetId}:${key.jobId}`;

export async function resolveCard(metadata: ProjectMetadata, input: UnitQueryInput): Promise<ResolvedCard> {
  const rows = await metadata.features([...unitQueryNeeds(input)]);
  const featureById = new Map(rows.map((r) => [r.id, r]));
  const keys = sourceKeys(input, (featureId: string) => featureById.get(featureId)?.datasetId);
  const datasetById = await metadata.datasets(keys.map((k) => k.datasetId));

  const catalogs = new Map<string, Catalog | undefined>();
  for (const key of keys) {
    if (catalogs.has(keyOf(key))) continue;
    const dataset = datasetById.get(key.datasetId);
    catalogs.set(keyOf(key), dataset ? await metadata.catalog(dataset, key.jobId) : undefined);
  }
  const entries = new Map<string, CatalogEntry>();
  for (const c of catalogs.values()) {
    if (!c) continue;
    for (const f of c.features) {
      if (!featureById.has(f.row.id) || entries.has(f.row.id)) continue;
      entries.set(f.row.id, {
        id: f.row.id,
        datasetId: f.row.datasetId,
        name: f.row.name,
        ref: f.ref,
        precision: f.row.precision,
      });
    }
  }
  const catalog: UnitCatalog = {
    feature: (id) => entries.get(id),
    source: (key): Source | undefined => catalogs.get(keyOf(key))?.source,
  };
  return { catalog, features: rows, jobId: newestJob(catalogs.values()) };
}

/** The newest imported job among those the catalogs read (by import time, then id), or null. */
function newestJob(catalogs: Iterable<Catalog | undefined>): string | null {
  let newest: ImportedJob | undefined;
  for (const catalog of catalogs) {
    for (const job of catalog?.jobs ?? []) {
      const at = job.importedAt?.getTime() ?? 0;
      const best = newest?.importedAt?.getTime() ?? 0;
      if (!newest || at > best || (at === best && job.jobId > newest.jobId)) newest = job;
    }
  }
  return newest?.jobId ?? null;
}
