import { can, type OrgActor, type ProjectAction, type ProjectRoles } from '@tessera/shared';
import { useCurrentProject } from './currentProject.tsx';

/**
 * The caller as the project rules see them once their roles in the project are known: `can` decides a project
 * action on the resource's roles alone (the roles already are the caller's effective ones), so no more of the
 * caller is needed.
 */
const CALLER_WITH_ROLES: OrgActor = { id: '', organizationId: '', roles: {} };

/** May a caller with these project roles do this? The shared `can`, the rule the server enforces. */
export function projectCan(roles: ProjectRoles, action: ProjectAction): boolean {
  return can(CALLER_WITH_ROLES, action, { roles });
}

/**
 * May the caller do this in the open project (`dataset:view`, `dashboard:edit`, `project:editMembers`...)? Their
 * own roles as the project shell loaded them, read by the shared `can`: use it instead of reading the roles.
 */
export function useProjectCan(action: ProjectAction): boolean {
  const { permission } = useCurrentProject();
  return projectCan(permission.roles, action);
}
