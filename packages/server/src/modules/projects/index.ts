export { registerAssetKind } from './assetKinds.ts';
export { managesProjectsOf, reachesOrganization } from './projects.policy.ts';
export { presentPermissionOf, presentProject } from './projects.presenter.ts';
export { projectsRoutes } from './projects.routes.ts';
export { revalidateOrganizationProjects, setOrganizationProjectsPublic } from './projects.service.ts';
export { findOrganizationFacts, findProject } from './projects.store.ts';
