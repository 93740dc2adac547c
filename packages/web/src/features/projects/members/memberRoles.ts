import {
  type AreaLevel,
  canGrant,
  meetsLevel,
  type OrgRoles,
  PROJECT_ROLE_PRESETS,
  type ProjectArea,
  type ProjectRolePreset,
  type ProjectRoles,
} from '@tessera/shared';

/**
 * The enabling rules of the member role editor (spec 3 §5 "Permission editing"), the same rules the server
 * enforces (`canGrant`): nobody grants more than they hold.
 */

/** The areas a change of `area` writes: the model role also sets the package role (spec 3 §4). */
const touched = (area: ProjectArea): ProjectArea[] => (area === 'model' ? ['model', 'package'] : [area]);

/** A level option is enabled when the editor holds at least that level on every area it writes. */
export function levelOptionEnabled(editor: ProjectRoles, area: ProjectArea, level: AreaLevel): boolean {
  return touched(area).every((a) => meetsLevel(editor[a], level));
}

/** The editMembers and editProject checkboxes are disabled where the editor's own right is absent. */
export const flagEnabled = (editor: ProjectRoles, flag: 'editMembers' | 'editProject'): boolean => editor[flag];

/** A preset is offered when the editor could grant every right in it. */
export function presetEnabled(editor: ProjectRoles, preset: Exclude<ProjectRolePreset, 'custom'>): boolean {
  return canGrant(editor, PROJECT_ROLE_PRESETS[preset]);
}

/** Who the project's organization is, for the rule below. */
export interface ProjectOrganizationRef {
  organizationId: string;
  /** Whether it is a client of the caller's organization (known from the caller's organization list). */
  isClientOfMine: boolean;
}

/**
 * Does the caller manage the projects of this organization (manageOrganizationProjects on an organization they
 * reach: their own, any with manageAllOrganizations, a client with manageClientOrganizations)? The server's
 * `managesProjectsOf` rule, seen from the browser.
 */
export function managesProjectsOf(
  me: { organizationId: string; roles: Partial<OrgRoles> },
  org: ProjectOrganizationRef,
): boolean {
  if (!me.roles.manageOrganizationProjects) return false;
  return (
    org.organizationId === me.organizationId ||
    me.roles.manageAllOrganizations === true ||
    (me.roles.manageClientOrganizations === true && org.isClientOfMine)
  );
}

/** A user cannot change their own role unless they manage the organization's projects. */
export function canEditMemberRole(memberUserId: string, myUserId: string, managesProjects: boolean): boolean {
  return memberUserId !== myUserId || managesProjects;
}
