/**
 * Project permission rules as the web shell needs them (spec 1 §2 navigation bar, §6 project guard; spec 3 §3):
 * each area holds hidden, view or edit. A requirement of view is met by view or edit, edit needs edit, hidden is
 * met by anything. The projects issue brings the permission entity itself; the shell only reads `roles`.
 */
export const PROJECT_AREAS = ['dashboard', 'dataset', 'model', 'package', 'form'] as const;
export type ProjectArea = (typeof PROJECT_AREAS)[number];
export type ProjectLevel = 'hidden' | 'view' | 'edit';
export type ProjectRoles = Partial<Record<ProjectArea, ProjectLevel>>;
export interface ProjectPermissionLike {
  roles: ProjectRoles;
}

const RANK: Record<ProjectLevel, number> = { hidden: 0, view: 1, edit: 2 };

export function meetsProjectLevel(held: ProjectLevel | undefined, needed: ProjectLevel): boolean {
  return RANK[held ?? 'hidden'] >= RANK[needed];
}

export type ProjectTabKey = 'dataApps' | 'datasets' | 'models' | 'forms' | 'mobi';

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
 * both); Mobi, the chat page, needs model view (spec 3 §2).
 */
export const PROJECT_TABS: readonly ProjectTab[] = [
  { key: 'dataApps', segment: 'dashboards', areas: ['dashboard'] },
  { key: 'datasets', segment: 'datasets', areas: ['dataset'] },
  { key: 'models', segment: 'models', areas: ['package', 'model'] },
  { key: 'forms', segment: 'forms', areas: ['form'] },
  { key: 'mobi', segment: 'mobi', areas: ['model'], beta: true },
];

export function visibleProjectTabs(roles: ProjectRoles | undefined): ProjectTab[] {
  if (!roles) return [];
  return PROJECT_TABS.filter((tab) => tab.areas.some((area) => meetsProjectLevel(roles[area], 'view')));
}
