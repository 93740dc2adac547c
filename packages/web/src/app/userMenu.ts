import type { OrgRoleKey, OrgRoles } from '@tessera/shared';

export type UserMenuKey = 'accountSettings' | 'organizationSettings' | 'clientOrganizations' | 'manageAllOrganizations';

interface UserMenuLink {
  key: UserMenuKey;
  to: string;
  /** The organization role the item needs; none for one's own account. */
  role?: OrgRoleKey;
}

const LINKS: readonly UserMenuLink[] = [
  { key: 'accountSettings', to: '/settings/users/my' },
  { key: 'organizationSettings', to: '/settings/organizations/my', role: 'editOrganizationSettings' },
  { key: 'clientOrganizations', to: '/settings/clients', role: 'manageClientOrganizations' },
  { key: 'manageAllOrganizations', to: '/settings/root/organizations', role: 'manageAllOrganizations' },
];

/** The user menu's links for these roles, in order; Log Out follows them always. */
export function userMenuLinks(roles: OrgRoles): UserMenuLink[] {
  return LINKS.filter((link) => !link.role || roles[link.role]);
}
