import type { ServerModule } from '../../platform/module.ts';
import { type ProjectsExtensions, projectsRoutes } from './projects.routes.ts';

/**
 * projects — projects, their list and menu actions, Transfer Assets. Below every area that keeps assets in a
 * project: those plug into its two extension points (`ProjectsExtensions`: asset kinds, project files).
 */
export const projectsModule = (extensions: ProjectsExtensions): ServerModule => ({
  name: 'projects',
  routes: (app) => projectsRoutes(app, extensions),
});

export type { AssetKind } from './assetKinds.ts';
export type { ProjectFiles } from './projectFiles.ts';
export { presentPermissionOf, presentProject } from './projects.presenter.ts';
export type { ProjectsExtensions } from './projects.routes.ts';
export { revalidateOrganizationProjects, setOrganizationProjectsPublic } from './projects.service.ts';
export { findOrganizationFacts, findProject } from './projects.store.ts';
