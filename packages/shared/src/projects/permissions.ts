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

/** Project role presets, recognised by equality; anything else is a custom role. */
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

/**
 * Areas whose level is not chosen on its own but follows another area's: the package level always equals the model
 * level (docs/product.md "Project roles"). The one rule behind the role editor (the Packages control is shown
 * read-only, "follows Models") and every permission the server writes.
 */
export const FOLLOWED_AREA: Readonly<Partial<Record<ProjectArea, ProjectArea>>> = { package: 'model' };

/** The area whose level `area` follows, or undefined when it is chosen on its own. */
export const followedArea = (area: ProjectArea): ProjectArea | undefined => FOLLOWED_AREA[area];

/** The areas a change of `area` writes: itself and every area that follows it. */
export const areasWrittenBy = (area: ProjectArea): ProjectArea[] => [
  area,
  ...PROJECT_AREAS.filter((other) => FOLLOWED_AREA[other] === area),
];

/** Changing an area's level sets the areas that follow it to the same level; a following area is not set alone. */
export function setAreaLevel(roles: ProjectRoles, area: ProjectArea, level: AreaLevel): ProjectRoles {
  if (followedArea(area)) return roles;
  const next = { ...roles };
  for (const a of areasWrittenBy(area)) next[a] = level;
  return next;
}

/** The roles as the server writes them: each following area at the level of the area it follows. */
export function withFollowingAreas(roles: ProjectRoles): ProjectRoles {
  const next = { ...roles };
  for (const area of PROJECT_AREAS) {
    const leader = followedArea(area);
    if (leader) next[area] = next[leader];
  }
  return next;
}

/** The package role equals the model role (`withFollowingAreas`, kept under its old name for callers). */
export const withPackageOfModel = withFollowingAreas;

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

export type ProjectAreaPath = 'dashboards' | 'datasets' | 'models' | 'forms' | 'mobi';

/**
 * The pages under /projects/{projectId}/ and the role each needs: dashboards need
 * dashboard view, datasets dataset view, the models list package view, forms form view, Mobi (the chat page)
 * model view. `root`: the project root opens the first of these the caller may see, in this order. The one table
 * behind both the root redirect and each page's guard, so the redirect never chooses a page its guard refuses.
 */
export const PROJECT_AREA_PAGES: ReadonlyArray<{
  path: ProjectAreaPath;
  area: ProjectArea;
  level: 'view' | 'edit';
  root: boolean;
}> = [
  { path: 'dashboards', area: 'dashboard', level: 'view', root: true },
  { path: 'datasets', area: 'dataset', level: 'view', root: true },
  { path: 'models', area: 'package', level: 'view', root: true },
  { path: 'forms', area: 'form', level: 'view', root: true },
  { path: 'mobi', area: 'model', level: 'view', root: false },
];

/** May these roles open this page? The guard's rule. */
export const opensAreaPage = (roles: ProjectRoles, page: { area: ProjectArea; level: AreaLevel }): boolean =>
  meetsLevel(roles[page.area], page.level);

/** The first page the project root opens, by the guards' own rule; undefined when none. */
export function firstVisibleArea(roles: ProjectRoles): ProjectAreaPath | undefined {
  return PROJECT_AREA_PAGES.find((page) => page.root && opensAreaPage(roles, page))?.path;
}
