import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../platform/realtime.ts';
import { route } from '../../platform/routes.ts';
import { type AssetKind, transferAssets } from './assetKinds.ts';
import type { ProjectFiles } from './projectFiles.ts';
import { ProjectsService } from './projects.service.ts';

/** What the higher modules plug into the projects module (filled in app.ts). */
export interface ProjectsExtensions {
  /** The kinds of asset Transfer Assets moves (assetKinds.ts). */
  assetKinds: readonly AssetKind[];
  /** The files under DATA_DIR that deleting a project removes (projectFiles.ts). */
  projectFiles: readonly ProjectFiles[];
}

/** Projects: the list, the project menu's actions, Transfer Assets. */
export async function projectsRoutes(app: FastifyInstance, extensions: ProjectsExtensions) {
  const { db, storage, config } = app.ctx;
  const realtime = realtimeOf(app);
  const projects = new ProjectsService({ db, storage, config, realtime, log: app.log }, extensions.projectFiles);

  route(app, api.createProject, ({ auth, body }) => projects.create(auth.user, body));
  route(app, api.listMyProjects, ({ auth }) => projects.listMine(auth.user));
  route(app, api.listOrganizationProjects, ({ params }) => projects.listOfOrganization(params.organizationId));
  route(app, api.getProject, ({ params }) => projects.get(params.id));
  route(app, api.updateProject, ({ auth, params, body }) => projects.update(auth.user, params.id, body));
  route(app, api.deleteProject, async ({ params }) => {
    await projects.delete(params.id);
    return { ok: true as const };
  });
  route(app, api.transferAssets, async ({ auth, params, body, request }) => ({
    // request.project: the caller's rights on the source project, set by the route's access rule.
    moved: await transferAssets(
      { db, realtime },
      extensions.assetKinds,
      auth.user,
      request.project!,
      params.toProjectId,
      body,
    ),
  }));
}
