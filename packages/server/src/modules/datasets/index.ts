import { moveJobsToProject } from '../../platform/jobs/index.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { AssetKind, ProjectFiles } from '../projects/index.ts';
import { datasetsJobs } from './datasets.jobs.ts';
import { datasetsRoutes } from './datasets.routes.ts';
import { datasetIdsOfProject, findDatasetProject, moveDatasets } from './datasets.store.ts';
import type { DatasetUseReaders } from './datasetUses.ts';
import { featuresRoutes } from './features/features.routes.ts';
import { findFeatureProject } from './features/features.store.ts';
import { deleteDatasetFiles } from './files.ts';

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

export { type Catalog, datasetCatalog } from './catalog.ts';
export { downloadFileName, pagesOf } from './datasets.data.ts';
export { DatasetsService } from './datasets.service.ts';
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
export { FeaturesService } from './features/features.service.ts';
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
  type SegmentTarget,
  writeDatasetData,
} from './write.ts';
