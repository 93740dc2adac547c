import { api, meetsLevel } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/routes.ts';
import { DashApps } from './dash/dashApps.ts';
import { packagesDepsOf } from './packages.jobs.ts';
import { type ModelUsesReader, PackagesService } from './packages.service.ts';
import { TEMPLATE_FILE_NAME, templateZip } from './template.ts';

/** Source-code packages, their functions (algorithms) and Dash apps. */
export function packagesRoutes(modelUses?: ModelUsesReader) {
  return async (app: FastifyInstance) => {
    const packages = new PackagesService(packagesDepsOf(app), modelUses);
    const { config, db, redis, storage, frameOrigins } = app.ctx;
    const dash = new DashApps({ config, db, redis, storage, frameOrigins, log: app.log });
    app.addHook('onReady', async () => dash.listen());
    app.addHook('onClose', async () => dash.close());
    packages.onDelete = (id) => dash.stopPackage(id);

    route(app, api.pythonVersions, () => packages.pythonVersions());
    route(app, api.packageTemplate, async ({ reply }) =>
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`)
        .send(await templateZip()),
    );
    route(app, api.listPackages, ({ query }) => packages.list(query.projectId));
    route(app, api.uploadPackage, ({ auth, query, request }) =>
      packages.upload(auth.user.id, query.projectId, request),
    );
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
    route(app, api.revertPackage, ({ auth, params }) => packages.revert(auth.user.id, params.id));
    route(app, api.getPackageDependencies, ({ params }) => packages.dependencies(params.id));
    route(app, api.savePackageDependencies, ({ auth, params, body }) =>
      packages.saveDependencies(auth.user.id, params.id, body.updatedDependencies),
    );
    // request.project: the caller's rights, set by the route's access rule; values for package editors only.
    route(app, api.getPackageEnv, ({ params, request }) =>
      packages.env(params.id, meetsLevel(request.project!.roles.package, 'edit')),
    );
    route(app, api.savePackageEnv, ({ auth, params, body }) =>
      packages.saveEnv(auth.user.id, params.id, body.updatedEnv),
    );
    route(app, api.startDashApp, async ({ auth, params }) =>
      dash.start(auth, await packages.getRow(params.id), params.dashApp),
    );
    route(app, api.listAlgorithms, ({ query }) => packages.algorithms(query.projectId));
    route(app, api.getAlgorithm, ({ params }) => packages.algorithm(params.id));
  };
}
