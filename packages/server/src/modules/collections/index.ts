export { collectionsRoutes } from './collections.routes.ts';
export { collectionIdsInProject } from './collections.store.ts';
