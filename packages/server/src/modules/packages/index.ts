import type { FastifyInstance } from 'fastify';
import { moveJobsToProject } from '../../platform/jobs/index.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { AssetKind, ProjectFiles } from '../projects/index.ts';
import { packagesDepsOf, packagesJobs } from './packages.jobs.ts';
import { packagesRoutes } from './packages.routes.ts';
import { type ModelUsesReader, PackagesService } from './packages.service.ts';
import { packageSourcesOf } from './packages.sources.ts';
import { findAlgorithmProject, findPackageProject, listProjectPackageIds, movePackages } from './packages.store.ts';

/**
 * packages — source-code packages (zip upload, revisions, builds as jobs on the Python runner), their functions
 * (algorithms) and Dash apps. Uses the runner; plugs into projects' extension points; declares one of its own:
 * which models use a package (filled by models).
 */
export function packagesModule(points: { modelUses?: ModelUsesReader } = {}): ServerModule {
  return {
    name: 'packages',
    resources: { package: findPackageProject, algorithm: findAlgorithmProject },
    jobs: packagesJobs,
    routes: packagesRoutes(points.modelUses),
  };
}

/** Transfer Assets: a package moves with its revisions, modules, algorithms and build jobs. */
export const packageAssetKind: AssetKind = {
  key: 'packages',
  area: 'package',
  move: async (tx, ids, from, to) => {
    const moved = await movePackages(tx, ids, from, to);
    await moveJobsToProject(tx, 'package', moved, to);
    return moved.length;
  },
};

/** A deleted project's packages leave their folders (revisions, working copy) behind unless removed. */
export const packageFiles: ProjectFiles = {
  list: listProjectPackageIds,
  remove: (storage, id, dataDir) => packageSourcesOf({ storage, config: { DATA_DIR: dataDir } }).remove(id),
};

/** Commits a package's edited working copy, if it has edits (a model's Update Source Commit); true when committed. */
export const commitPackageChanges = (app: FastifyInstance, userId: string, packageId: string): Promise<boolean> =>
  new PackagesService(packagesDepsOf(app)).commitIfChanged(userId, packageId);

export type { ModelUse } from './packages.presenter.ts';
export type { ModelUsesReader } from './packages.service.ts';
export {
  type FolderLayoutReport,
  inFolderLayout,
  storeFolderLayout,
} from './packages.sources.ts';
export { type AlgorithmRow, findAlgorithm } from './packages.store.ts';
/** Tables other modules read or join on (docs/architecture.md "Tables"). */
export { algorithms, packageModules, packages } from './packages.tables.ts';
export { builtPackage, type PackageRunSource, packageRunSource } from './runSource.ts';
export { templateFiles, templateZip } from './template.ts';
