import { type AreaLevel, firstVisibleArea, type ProjectArea, type ProjectRoles } from '@tessera/shared';

/**
 * Where the project root goes (spec 3 §2): the first area whose role is not hidden, in the order dashboards,
 * datasets, models, forms; else the project list.
 */
export function projectRootTarget(projectId: string, roles: ProjectRoles): string {
  const area = firstVisibleArea(roles);
  return area ? `/projects/${projectId}/${area}` : '/projects';
}

export type ProjectAreaKey = 'dashboards' | 'datasets' | 'models' | 'forms' | 'mobi';

/**
 * The areas under /projects/{projectId}/ and the role each needs (spec 3 §2, §6; spec 2 §6): dashboards need
 * dashboard view, datasets dataset view, the models list package view, forms form view, Mobi (the chat page)
 * model view.
 */
export const PROJECT_AREA_ROUTES: ReadonlyArray<{ key: ProjectAreaKey; area: ProjectArea; level: AreaLevel }> = [
  { key: 'dashboards', area: 'dashboard', level: 'view' },
  { key: 'datasets', area: 'dataset', level: 'view' },
  { key: 'models', area: 'package', level: 'view' },
  { key: 'forms', area: 'form', level: 'view' },
  { key: 'mobi', area: 'model', level: 'view' },
];
