/** The packages module's public surface: its routes, the model-use query point, and its files for project delete. */

export { removePackageFiles } from './packages.files.ts';
export type { ModelUse } from './packages.presenter.ts';
export { packagesRoutes } from './packages.routes.ts';
export { setPackageModelUses } from './packages.service.ts';
export { listProjectPackageIds } from './packages.store.ts';
export { type PackageRunSource, packageRunSource } from './runSource.ts';
