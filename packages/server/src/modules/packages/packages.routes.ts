import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { moveJobsToProject } from '../../platform/jobs/index.ts';
import { registerResource } from '../../platform/projectAccess.ts';
import { route } from '../../platform/routes.ts';
import { prepareRunner } from '../../runner/index.ts';
import { registerAssetKind } from '../projects/assetKinds.ts';
import { buildHandler } from './build.job.ts';
import { DashApps } from './dash/dashApps.ts';
import { PackagesService } from './packages.service.ts';
import { findAlgorithmProject, findPackageProject, movePackages } from './packages.store.ts';
import { failInterruptedBuilds } from './startup.ts';

/** A cold build of a large set of requirements (pandas + pyarrow) takes ~20 s here; a slow index, minutes. */
const BUILD_TIMEOUT_MS = 30 * 60 * 1000;

/** Source-code packages (spec 3 §7 "Packages"), their functions (algorithms) and Dash apps. */
export async function packagesRoutes(app: FastifyInstance) {
  registerResource('package', findPackageProject);
  registerResource('algorithm', findAlgorithmProject);
  // Transfer Assets: a package moves with its revisions, modules, algorithms and build jobs.
  registerAssetKind({
    key: 'packages',
    area: 'package',
    move: async (tx, ids, from, to) => {
      const moved = await movePackages(tx, ids, from, to);
      await moveJobsToProject(tx, 'package', moved, to);
      return moved.length;
    },
  });
  app.ctx.jobs.define('packageBuild', buildHandler(app), { timeoutMs: BUILD_TIMEOUT_MS });
  app.addHook('onReady', async () => {
    await failInterruptedBuilds(app);
    // Interpreters, sandbox probe and pip settings found once, in the background: the first build pays nothing.
    void prepareRunner().then(
      ({ interpreters, sandbox }) => {
        const versions = interpreters.filter((i) => i.available).map((i) => i.fullVersion);
        const log = { versions, sandbox: sandbox.mode, sandboxActive: sandbox.active, reason: sandbox.reason };
        if (sandbox.active) app.log.info(log, 'python runner ready');
        else app.log.warn(log, 'python runner ready WITHOUT a sandbox: package code runs unisolated');
      },
      (err) => app.log.error({ err }, 'python runner could not be prepared'),
    );
  });

  const packages = new PackagesService(app);
  const dash = new DashApps(app);
  dash.install();
  packages.onDelete = (id) => dash.stopPackage(id);

  route(app, api.pythonVersions, () => packages.pythonVersions());
  route(app, api.listPackages, ({ query }) => packages.list(query.projectId));
  route(app, api.uploadPackage, ({ auth, query, request }) => packages.upload(auth.user.id, query.projectId, request));
  route(app, api.getPackage, ({ params }) => packages.show(params.id));
  route(app, api.updatePackage, ({ params, body }) => packages.update(params.id, body));
  route(app, api.updatePackageZip, ({ auth, params, request }) =>
    packages.replaceZip(auth.user.id, params.id, request),
  );
  route(app, api.deletePackage, async ({ params }) => {
    await packages.delete(params.id);
    return { ok: true as const };
  });
  route(app, api.getPackageCode, ({ params }) => packages.code(params.id));
  route(app, api.savePackageCode, async ({ params, body }) => {
    await packages.saveCode(params.id, body.fileName, body.updatedCode);
    return { ok: true as const };
  });
  route(app, api.commitPackage, ({ auth, params }) => packages.commit(auth.user.id, params.id));
  route(app, api.getPackageDependencies, ({ params }) => packages.dependencies(params.id));
  route(app, api.savePackageDependencies, ({ auth, params, body }) =>
    packages.saveDependencies(auth.user.id, params.id, body.updatedDependencies),
  );
  route(app, api.getPackageEnv, ({ params }) => packages.env(params.id));
  route(app, api.savePackageEnv, ({ auth, params, body }) =>
    packages.saveEnv(auth.user.id, params.id, body.updatedEnv),
  );
  route(app, api.startDashApp, async ({ auth, params }) =>
    dash.start(auth.user.id, await packages.getRow(params.id), params.dashApp),
  );
  route(app, api.listAlgorithms, ({ query }) => packages.algorithms(query.projectId));
  route(app, api.getAlgorithm, ({ params }) => packages.algorithm(params.id));
}
