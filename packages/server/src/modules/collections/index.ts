import type { ServerModule } from '../../platform/module.ts';
import { collectionsRoutes } from './collections.routes.ts';
import { findCollectionProject } from './collections.store.ts';

/** collections — folders of datasets. The template to copy for a new module (README, "Layout"). */
export const collectionsModule: ServerModule = {
  name: 'collections',
  resources: { collection: findCollectionProject },
  routes: collectionsRoutes,
};

export { collectionIdsInProject } from './collections.store.ts';
