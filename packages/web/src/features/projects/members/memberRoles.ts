import {
  type AreaLevel,
  areasWrittenBy,
  canGrant,
  meetsLevel,
  type Organization,
  type OrganizationFacts,
  PROJECT_ROLE_PRESETS,
  type ProjectArea,
  type ProjectRolePreset,
  type ProjectRoles,
} from '@tessera/shared';

/**
 * The enabling rules of the member role editor, the same rules the server
 * enforces (`canGrant`): nobody grants more than they hold.
 */

/** A level option is enabled when the editor holds at least that level on every area it writes. */
export function levelOptionEnabled(editor: ProjectRoles, area: ProjectArea, level: AreaLevel): boolean {
  return areasWrittenBy(area).every((a) => meetsLevel(editor[a], level));
}

/** The editMembers and editProject checkboxes are disabled where the editor's own right is absent. */
export const flagEnabled = (editor: ProjectRoles, flag: 'editMembers' | 'editProject'): boolean => editor[flag];

/** A preset is offered when the editor could grant every right in it. */
export function presetEnabled(editor: ProjectRoles, preset: Exclude<ProjectRolePreset, 'custom'>): boolean {
  return canGrant(editor, PROJECT_ROLE_PRESETS[preset]);
}

/**
 * The facts of a project's organization that the shared rules need (`can(me, 'organization:manageProjects', ...)`),
 * from the organizations the caller knows (their own, and those they reach); an organization they do not know is
 * none of their clients.
 */
export function projectOrganization(
  organizationId: string,
  known: ReadonlyArray<Pick<Organization, '_id' | 'type' | 'consultantId'>>,
): OrganizationFacts {
  const org = known.find((o) => o._id === organizationId);
  return org
    ? { id: org._id, type: org.type, consultantId: org.consultantId }
    : { id: organizationId, type: 'independent', consultantId: null };
}

/** A user cannot change their own role unless they manage the organization's projects. */
export function canEditMemberRole(memberUserId: string, myUserId: string, managesProjects: boolean): boolean {
  return memberUserId !== myUserId || managesProjects;
}
