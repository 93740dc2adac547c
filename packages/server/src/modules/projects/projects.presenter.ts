import {
  type MyProject,
  type MyProjectPermission,
  type Project,
  type ProjectRoles,
  projectPresetOf,
} from '@tessera/shared';
import { logoDataUrl } from '../../platform/logo.ts';
import type { OrganizationFacts, ProjectRow } from './projects.store.ts';

export function presentProject(row: ProjectRow): Project {
  return {
    _id: row.id,
    name: row.name,
    organizationId: row.organizationId,
    public: row.public,
    timeCreated: row.timeCreated.toISOString(),
  };
}

export function presentPermissionOf(roles: ProjectRoles, permissionId: string | null): MyProjectPermission {
  return { _id: permissionId, roles, preset: projectPresetOf(roles), member: permissionId !== null };
}

export function presentMyProject(
  row: ProjectRow,
  organization: OrganizationFacts,
  permission: MyProjectPermission,
): MyProject {
  return {
    ...presentProject(row),
    permission,
    organization: {
      name: organization.name,
      publicSharing: organization.publicSharing,
      logo: logoDataUrl(organization.logo),
    },
  };
}

/** Project lists are sorted by name, case and accents aside, then by id for equal names. */
export const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
  a.name.localeCompare(b.name, 'en') ||
  a.id.localeCompare(b.id);
