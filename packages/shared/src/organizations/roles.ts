import { z } from 'zod';

/** The 7 organization role booleans. */
export const ORG_ROLE_KEYS = [
  'editOrganizationSettings',
  'manageClientOrganizations',
  'manageOrganizationUsers',
  'viewOrganizationLogins',
  'manageOrganizationProjects',
  'createProjects',
  'manageAllOrganizations',
] as const;
export type OrgRoleKey = (typeof ORG_ROLE_KEYS)[number];
export type OrgRoles = Record<OrgRoleKey, boolean>;

export const orgRolesSchema = z.object(
  Object.fromEntries(ORG_ROLE_KEYS.map((k) => [k, z.boolean()])) as Record<OrgRoleKey, z.ZodBoolean>,
);

const roles = (on: (key: OrgRoleKey) => boolean): OrgRoles =>
  Object.fromEntries(ORG_ROLE_KEYS.map((k) => [k, on(k)])) as OrgRoles;

/** Preset role bundles. */
export const ROLE_PRESETS = {
  root: roles(() => true),
  organizationAdmin: roles((k) => k !== 'manageClientOrganizations' && k !== 'manageAllOrganizations'),
  standard: roles((k) => k === 'createProjects'),
  viewOnly: roles(() => false),
} as const;
export type RolePreset = keyof typeof ROLE_PRESETS | 'custom';

export function rolePresetOf(r: OrgRoles): RolePreset {
  for (const [name, preset] of Object.entries(ROLE_PRESETS)) {
    if (ORG_ROLE_KEYS.every((k) => preset[k] === r[k])) return name as RolePreset;
  }
  return 'custom';
}

export const ORGANIZATION_TYPES = ['independent', 'consultant', 'client'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

// The rules built on these roles (who may see, edit and administer what), exported with them.
export * from './rules.ts';
