import {
  ORG_ROLE_KEYS,
  type OrgRoleKey,
  type OrgRoles,
  ROLE_PRESETS,
  type RolePreset,
  roleOptionsEnabled,
  rolesGrantable,
  rootPresetOffered,
} from '@tessera/shared';

/** The preset choices of the role editor, in display order. */
export const PRESET_CHOICES = [
  'root',
  'organizationAdmin',
  'standard',
  'viewOnly',
  'custom',
] as const satisfies readonly RolePreset[];

/**
 * The labelled options of "Custom roles", in display order. createProjects is not among
 * them: it is the separate View-Only / Create/Edit Projects radio.
 */
export const ROLE_OPTIONS = [
  'editOrganizationSettings',
  'manageOrganizationUsers',
  'manageOrganizationProjects',
  'manageClientOrganizations',
  'viewOrganizationLogins',
  'manageAllOrganizations',
] as const satisfies readonly OrgRoleKey[];

export const NO_ROLES = Object.fromEntries(ORG_ROLE_KEYS.map((k) => [k, false])) as OrgRoles;

export interface PresetChoice {
  preset: RolePreset;
  disabled: boolean;
}

export interface RoleEditorModel {
  presets: PresetChoice[];
  /** Per role key: may the editor change it? */
  enabled: Record<OrgRoleKey, boolean>;
}

/**
 * What the role editor offers to `editor` for a user whose saved roles are `current` (none for a new user):
 * the Product Admin choice only to holders of manageAllOrganizations; a preset only when the editor may grant
 * it (it would otherwise grant or take away a role the editor lacks, which the server refuses the same way);
 * and each option enabled only if the editor holds it.
 */
export function roleEditorModel(editor: Partial<OrgRoles>, current: OrgRoles = NO_ROLES): RoleEditorModel {
  const presets = PRESET_CHOICES.filter((p) => p !== 'root' || rootPresetOffered(editor)).map((preset) => ({
    preset,
    disabled: preset !== 'custom' && !rolesGrantable(editor, ROLE_PRESETS[preset], current),
  }));
  return { presets, enabled: roleOptionsEnabled(editor) };
}
