import type { FastifyInstance } from 'fastify';
import { moveJobsToProject } from '../../platform/jobs/index.ts';
import type { ServerModule } from '../../platform/module.ts';
import { realtimeOf } from '../../platform/realtime.ts';
import type { AssetKind, ProjectFiles } from '../projects/index.ts';
import { datasetsJobs } from './datasets.jobs.ts';
import { datasetsRoutes } from './datasets.routes.ts';
import { DatasetsService } from './datasets.service.ts';
import { datasetIdsOfProject, findDatasetProject, moveDatasets } from './datasets.store.ts';
import type { DatasetUseReaders } from './datasetUses.ts';
import { featuresRoutes } from './features/features.routes.ts';
import { FeaturesService } from './features/features.service.ts';
import { findFeatureProject } from './features/features.store.ts';
import { deleteDatasetFiles } from './files.ts';
import type { DatasetWriteDeps } from './write.ts';

/**
 * datasets — datasets and their features (features/): uploads and appends as jobs, data pages, downloads, the
 * catalog cards read. Uses collections and projects; plugs into projects' extension points; declares one of its
 * own: what uses a dataset (cards and models, filled by dashboards and models in app.ts).
 */
export function datasetsModule(points: { uses?: DatasetUseReaders } = {}): ServerModule {
  return {
    name: 'datasets',
    resources: { dataset: findDatasetProject, feature: findFeatureProject },
    jobs: datasetsJobs,
    routes: async (app) => {
      await app.register(datasetsRoutes(points.uses));
      await app.register(featuresRoutes);
    },
  };
}

/** Transfer Assets: a dataset moves with its jobs; its folder links stay behind (folders belong to a project). */
export const datasetAssetKind: AssetKind = {
  key: 'datasets',
  area: 'dataset',
  move: async (tx, ids, from, to) => {
    const moved = await moveDatasets(tx, ids, from, to);
    await moveJobsToProject(tx, 'dataset', moved, to);
    return moved.length;
  },
};

/** A deleted project's datasets leave their Parquet segments behind unless removed. */
export const datasetFiles: ProjectFiles = { list: datasetIdsOfProject, remove: deleteDatasetFiles };

/** What the dataset write path uses, from the app (for the composition points of the modules that write data). */
export function datasetWriteDepsOf(app: FastifyInstance): DatasetWriteDeps {
  const { db, storage } = app.ctx;
  return { db, storage, realtime: realtimeOf(app), log: app.log };
}

/** The datasets' metadata service, built from what it uses. */
export function datasetsServiceOf(app: FastifyInstance): DatasetsService {
  const { db, storage, jobs } = app.ctx;
  return new DatasetsService({ db, storage, jobs, realtime: realtimeOf(app) });
}

/** The features' service, built from what it uses. */
export function featuresServiceOf(app: FastifyInstance): FeaturesService {
  const { db, storage } = app.ctx;
  return new FeaturesService({ db, storage, realtime: realtimeOf(app) });
}

export { type Catalog, datasetCatalog } from './catalog.ts';
export { downloadFileName, pagesOf } from './datasets.data.ts';
export {
  type DatasetRow,
  findDataset,
  type ImportedJob,
  importedJobs,
  insertDataset,
  insertDatasetJob,
  moveDatasets,
  rowCountsOf,
  updateDatasetJob,
  updateDatasetRow,
} from './datasets.store.ts';
/** Tables other modules read or join on (docs/architecture.md "Tables"). */
export { datasetJobs, datasets, features } from './datasets.tables.ts';
export type { DatasetUseReaders } from './datasetUses.ts';
export { refreshFeatureStats } from './features/features.stats.ts';
export {
  deleteFeatureRow,
  type FeatureRow,
  findFeatureProject,
  insertFeatures,
  listFeatures,
  setPhysicalType,
  updateFeatureRow,
} from './features/features.store.ts';
export { withSegmentPaths } from './files.ts';
export { refreshAfterDataChange } from './import.job.ts';
export { type FeatureLineage, projectFeatureLineage } from './lineage.ts';
export {
  announceDatasetUpdated,
  type DatasetUpdateReason,
  type DatasetWrite,
  type DatasetWriteDeps,
  type SegmentTarget,
  writeDatasetData,
} from './write.ts';
export { DatasetsService, FeaturesService };
