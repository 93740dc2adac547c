import {
  type AreaLevel,
  firstVisibleArea,
  PROJECT_AREA_PAGES,
  type ProjectArea,
  type ProjectAreaPath,
  type ProjectRoles,
} from '@tessera/shared';

/**
 * Where the project root goes: the first area page the caller may open (by the guards' own rule), in
 * the order dashboards, datasets, models, forms; else the project list.
 */
export function projectRootTarget(projectId: string, roles: ProjectRoles): string {
  const area = firstVisibleArea(roles);
  return area ? `/projects/${projectId}/${area}` : '/projects';
}

export type ProjectAreaKey = ProjectAreaPath;

/** The areas under /projects/{projectId}/ and the role each needs: the shared table the root redirect also uses. */
export const PROJECT_AREA_ROUTES: ReadonlyArray<{ key: ProjectAreaKey; area: ProjectArea; level: AreaLevel }> =
  PROJECT_AREA_PAGES.map(({ path, area, level }) => ({ key: path, area, level }));
