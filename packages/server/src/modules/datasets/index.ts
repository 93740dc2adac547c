export { type Catalog, datasetCatalog } from './catalog.ts';
export { downloadFileName, pagesOf } from './datasets.data.ts';
export { datasetsRoutes } from './datasets.routes.ts';
export type { DatasetRow, ImportedJob } from './datasets.store.ts';
export { featuresRoutes } from './features/features.routes.ts';
export { FeaturesService } from './features/features.service.ts';
export { deleteFeatureRow, type FeatureRow, findFeatureProject } from './features/features.store.ts';
