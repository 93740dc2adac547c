import { z } from 'zod';
import { type AreaLevel, PROJECT_AREAS, type ProjectArea } from '../http/access.ts';

export const AREA_LEVELS = ['hidden', 'view', 'edit'] as const;
const RANK: Record<AreaLevel, number> = { hidden: 0, view: 1, edit: 2 };

export type ProjectRoles = Record<ProjectArea, AreaLevel> & { editMembers: boolean; editProject: boolean };

export const projectRolesSchema = z.object({
  dashboard: z.enum(AREA_LEVELS),
  dataset: z.enum(AREA_LEVELS),
  model: z.enum(AREA_LEVELS),
  package: z.enum(AREA_LEVELS),
  form: z.enum(AREA_LEVELS),
  editMembers: z.boolean(),
  editProject: z.boolean(),
});

const all = (level: AreaLevel, flags: boolean): ProjectRoles => ({
  ...(Object.fromEntries(PROJECT_AREAS.map((a) => [a, level])) as Record<ProjectArea, AreaLevel>),
  editMembers: flags,
  editProject: flags,
});

/** Project role presets (spec 3 §4 and §6), recognised by equality; anything else is a custom role. */
export const PROJECT_ROLE_PRESETS = {
  full: all('edit', true),
  edit: all('edit', false),
  view: all('view', false),
  viewDashboards: { ...all('hidden', false), dashboard: 'view' },
} as const satisfies Record<string, ProjectRoles>;
export type ProjectRolePreset = keyof typeof PROJECT_ROLE_PRESETS | 'custom';
export const DEFAULT_MEMBER_PRESET = 'viewDashboards' satisfies ProjectRolePreset;

export function projectPresetOf(roles: ProjectRoles): ProjectRolePreset {
  for (const [name, preset] of Object.entries(PROJECT_ROLE_PRESETS)) {
    if (sameRoles(preset, roles)) return name as ProjectRolePreset;
  }
  return 'custom';
}

export function sameRoles(a: ProjectRoles, b: ProjectRoles): boolean {
  return (
    PROJECT_AREAS.every((k) => a[k] === b[k]) && a.editMembers === b.editMembers && a.editProject === b.editProject
  );
}

/** A route's requirement is met: view by view or edit, edit only by edit, hidden by any. */
export function meetsLevel(held: AreaLevel, needed: AreaLevel): boolean {
  return RANK[held] >= RANK[needed];
}

/** Changing the model role sets the package role to the same value. */
export function setAreaLevel(roles: ProjectRoles, area: ProjectArea, level: AreaLevel): ProjectRoles {
  return area === 'model' ? { ...roles, model: level, package: level } : { ...roles, [area]: level };
}

/** Nobody grants more than they hold: every area at most the granter's level, a flag only if held. */
export function canGrant(granter: ProjectRoles, granted: ProjectRoles): boolean {
  return (
    PROJECT_AREAS.every((a) => RANK[granted[a]] <= RANK[granter[a]]) &&
    (!granted.editMembers || granter.editMembers) &&
    (!granted.editProject || granter.editProject)
  );
}

/**
 * Nobody changes or removes a member whose rights exceed their own: `actor` may act on a member only when every
 * right the member holds is one `actor` could grant (`canGrant`). A member who may only edit members cannot so
 * demote or remove the project's creator (Full Access); leaving (one's own membership) is another rule.
 */
export function canActOnMember(actor: ProjectRoles, member: ProjectRoles): boolean {
  return canGrant(actor, member);
}

/** The first area whose role is not hidden, in the order of the project root redirect (spec 3 §2). */
export const AREA_ROUTES: ReadonlyArray<{ area: ProjectArea; path: string }> = [
  { area: 'dashboard', path: 'dashboards' },
  { area: 'dataset', path: 'datasets' },
  { area: 'model', path: 'models' },
  { area: 'form', path: 'forms' },
];
export function firstVisibleArea(roles: ProjectRoles): string | undefined {
  return AREA_ROUTES.find(({ area }) => roles[area] !== 'hidden')?.path;
}
