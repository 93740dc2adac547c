import type { MyProject, OrgRoles } from '@tessera/shared';

/** The items of a project's menu, in their order. */
export const PROJECT_MENU_ITEMS = [
  'yourRole',
  'members',
  'rename',
  'publicDashboards',
  'transferAssets',
  'transferProject',
  'leave',
  'delete',
] as const;
export type ProjectMenuItem = (typeof PROJECT_MENU_ITEMS)[number];

/**
 * Which menu items the caller sees on one project, by their rights there and their organization roles:
 * Members needs editMembers; Rename, Transfer Assets and Delete need editProject; the Public Dashboards switch
 * needs editProject and the organization's publicSharing; Transfer Project needs editProject plus
 * manageAllOrganizations or manageClientOrganizations; Leave Project is for any member (an organization project
 * manager who is not a member has nothing to leave); Your Role is always there.
 */
export function projectMenuItems(project: MyProject, orgRoles: Partial<OrgRoles>): ProjectMenuItem[] {
  const { roles, member } = project.permission;
  const shown: Record<ProjectMenuItem, boolean> = {
    yourRole: true,
    members: roles.editMembers,
    rename: roles.editProject,
    publicDashboards: roles.editProject && project.organization.publicSharing,
    transferAssets: roles.editProject,
    transferProject:
      roles.editProject && (orgRoles.manageAllOrganizations === true || orgRoles.manageClientOrganizations === true),
    leave: member,
    delete: roles.editProject,
  };
  return PROJECT_MENU_ITEMS.filter((item) => shown[item]);
}
