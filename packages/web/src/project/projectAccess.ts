import { meetsLevel, type ProjectArea, type ProjectRoles } from '@tessera/shared';

/**
 * The project tabs of the navigation bar, decided by the same level rule the server enforces
 * (`meetsLevel` in shared: view is met by view or edit, edit only by edit, hidden by anything).
 */
export interface ProjectPermissionLike {
  roles: ProjectRoles;
}

export type ProjectTabKey = 'dashboards' | 'datasets' | 'models' | 'forms' | 'assistant';

export interface ProjectTab {
  key: ProjectTabKey;
  /** Path segment under /projects/{projectId}/. */
  segment: string;
  /** Any one of these areas at view or better shows the tab. */
  areas: ProjectArea[];
  beta?: boolean;
}

/**
 * The project tabs in their order. Models shows with view of the package or of the model area (its list holds
 * both); Mobi, the chat page, needs model view.
 */
export const PROJECT_TABS: readonly ProjectTab[] = [
  { key: 'dashboards', segment: 'dashboards', areas: ['dashboard'] },
  { key: 'datasets', segment: 'datasets', areas: ['dataset'] },
  { key: 'models', segment: 'models', areas: ['package', 'model'] },
  { key: 'forms', segment: 'forms', areas: ['form'] },
  { key: 'assistant', segment: 'mobi', areas: ['model'], beta: true },
];

export function visibleProjectTabs(roles: ProjectRoles | undefined): ProjectTab[] {
  if (!roles) return [];
  return PROJECT_TABS.filter((tab) => tab.areas.some((area) => meetsLevel(roles[area], 'view')));
}
