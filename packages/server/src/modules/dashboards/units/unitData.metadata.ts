import { and, eq, inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/client.ts';
import type { Storage } from '../../../platform/storage/index.ts';
import {
  type Catalog,
  type DatasetRow,
  datasetCatalog,
  datasets,
  type FeatureLineage,
  type FeatureRow,
  features,
  importedJobs,
  projectFeatureLineage,
} from '../../datasets/index.ts';

/**
 * What a card's data request reads of its project's metadata: the features it names, their datasets and the
 * datasets' catalogs. Every read is confined to the project: an id of another project's feature or dataset
 * finds nothing.
 *
 * Dashboards ask for the same few cards again and again while the data under them changes only on an import,
 * an append, a type change or a delete, so these reads are kept between requests, for as long as the project's
 * `data_version` stands: triggers bump it in the same transaction as any change to one of its datasets,
 * features or dataset jobs (migration 0006), and every request reads it with its access check. Whatever node
 * or code path makes a change, the next request sees a new version and reads afresh; nothing is ever evicted by
 * hand.
 */
export interface ProjectMetadata {
  /** The features of `ids` (in that order, once each) whose dataset is in the project. */
  features(ids: readonly string[]): Promise<FeatureRow[]>;
  /** The datasets of `ids` that are in the project. */
  datasets(ids: readonly string[]): Promise<Map<string, DatasetRow>>;
  /** A dataset's catalog for 'latest' or one of its jobs; undefined when it cannot be read (not imported...). */
  catalog(dataset: DatasetRow, jobId: string): Promise<Catalog | undefined>;
  /** Which features carry the same values (a joined dataset's copies of its sources' features). */
  lineage(): Promise<FeatureLineage>;
}

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** Features of `ids` whose dataset is in `projectId`, in the order of `ids`, once each. */
export async function projectFeatures(db: Db, projectId: string, ids: readonly string[]): Promise<FeatureRow[]> {
  const wanted = [...new Set(ids)].filter((id) => OBJECT_ID.test(id));
  if (!wanted.length) return [];
  const rows = await db
    .select({ feature: features })
    .from(features)
    .innerJoin(datasets, eq(datasets.id, features.datasetId))
    .where(and(inArray(features.id, wanted), eq(datasets.projectId, projectId)));
  const byId = new Map(rows.map((r) => [r.feature.id, r.feature]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One project's metadata at one data version. Only what was found is kept (an unknown id is asked again), so
 * what an entry holds is bounded by the project's own features, datasets and jobs.
 */
class ProjectReader implements ProjectMetadata {
  private readonly featureById = new Map<string, FeatureRow>();
  private readonly datasetById = new Map<string, DatasetRow>();
  private readonly catalogs = new Map<string, Promise<Catalog | undefined>>();
  private featureLineage: Promise<FeatureLineage> | undefined;

  constructor(
    private readonly db: Db,
    private readonly files: Storage,
    private readonly projectId: string,
  ) {}

  async features(ids: readonly string[]): Promise<FeatureRow[]> {
    const wanted = [...new Set(ids)];
    const missing = wanted.filter((id) => !this.featureById.has(id));
    for (const row of await projectFeatures(this.db, this.projectId, missing)) this.featureById.set(row.id, row);
    return wanted.flatMap((id) => this.featureById.get(id) ?? []);
  }

  async datasets(ids: readonly string[]): Promise<Map<string, DatasetRow>> {
    const missing = [...new Set(ids)].filter((id) => !this.datasetById.has(id) && OBJECT_ID.test(id));
    if (missing.length) {
      const rows = await this.db
        .select()
        .from(datasets)
        .where(and(inArray(datasets.id, missing), eq(datasets.projectId, this.projectId)));
      for (const row of rows) this.datasetById.set(row.id, row);
    }
    return new Map(ids.flatMap((id) => (this.datasetById.has(id) ? [[id, this.datasetById.get(id)!]] : [])));
  }

  lineage(): Promise<FeatureLineage> {
    if (!this.featureLineage) {
      const reading = projectFeatureLineage(this.db, this.projectId);
      this.featureLineage = reading;
      // A failed read is not kept.
      reading.catch(() => {
        if (this.featureLineage === reading) this.featureLineage = undefined;
      });
    }
    return this.featureLineage;
  }

  catalog(dataset: DatasetRow, jobId: string): Promise<Catalog | undefined> {
    const key = `${dataset.id}:${jobId}`;
    const known = this.catalogs.get(key);
    if (known) return known;
    const reading = readCatalog(this.db, this.files, dataset, jobId);
    // Only a catalog that could be read is kept: a job id that is not one of the dataset's is asked again.
    this.catalogs.set(key, reading);
    void reading.then((found) => found ?? this.catalogs.delete(key));
    return reading;
  }
}

/**
 * The job a card's 'latest' reads: every segment, except for the output of a model that keeps all its runs (each
 * run a job), where it is the newest run alone (a model's selected result is its latest or a specific finished run: docs/models.md).
 */
async function latestJob(db: Db, dataset: DatasetRow): Promise<{ jobId?: string }> {
  if (dataset.type !== 'modelResult' || dataset.source.model?.resultStorage !== 'all') return {};
  const newest = (await importedJobs(db, dataset.id)).at(-1);
  return newest ? { jobId: newest.jobId } : {};
}

async function readCatalog(db: Db, files: Storage, dataset: DatasetRow, jobId: string) {
  if (!dataset.imported) return undefined;
  try {
    return await datasetCatalog(db, files, dataset, jobId === 'latest' ? await latestJob(db, dataset) : { jobId });
  } catch {
    return undefined;
  }
}

/** The projects' metadata kept between requests, each at the data version it was read at (bounded LRU). */
export class ProjectMetadataCache {
  private readonly entries: LRUCache<string, { version: number; reader: ProjectReader }>;

  constructor(
    private readonly db: Db,
    private readonly files: Storage,
    maxProjects = 500,
  ) {
    this.entries = new LRUCache({ max: maxProjects });
  }

  /**
   * The metadata of `projectId` as of `version` (the project's `data_version` read by this request). A request
   * holding an older version than the one kept (it read just before a change) reads on its own, uncached.
   */
  of(projectId: string, version: number): ProjectMetadata {
    const entry = this.entries.get(projectId);
    if (entry?.version === version) return entry.reader;
    const reader = new ProjectReader(this.db, this.files, projectId);
    if (!entry || entry.version < version) this.entries.set(projectId, { version, reader });
    return reader;
  }
}
