import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/routes.ts';
import { transferAssets } from './assetKinds.ts';
import { ProjectsService } from './projects.service.ts';

/** Projects (spec 3 §7 "Projects"): the list, the project menu's actions, Transfer Assets. */
export async function projectsRoutes(app: FastifyInstance) {
  const projects = new ProjectsService(app);

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
    moved: await transferAssets(app, auth.user, request.project!, params.toProjectId, body),
  }));
}
