/** Who asks, and whose login history they ask for. */
export interface LogViewer {
  id: string;
  organizationId: string;
  roles: { viewOrganizationLogins?: boolean; manageAllOrganizations?: boolean };
}

/**
 * May `viewer` read the login history of `target`? One's own; an organization's login viewer that
 * organization's users; a product-operations admin anyone's.
 */
export function canViewUserLog(viewer: LogViewer, target: { id: string; organizationId: string }): boolean {
  if (viewer.id === target.id) return true;
  if (viewer.roles.manageAllOrganizations) return true;
  return !!viewer.roles.viewOrganizationLogins && viewer.organizationId === target.organizationId;
}
