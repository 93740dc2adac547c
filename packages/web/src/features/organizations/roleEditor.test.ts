import { type OrgRoleKey, type OrgRoles, ROLE_PRESETS } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { NO_ROLES, roleEditorModel } from './roleEditor.ts';

const consultantAdmin: OrgRoles = { ...ROLE_PRESETS.organizationAdmin, manageClientOrganizations: true };
const only = (...keys: OrgRoleKey[]): OrgRoles => ({ ...NO_ROLES, ...Object.fromEntries(keys.map((k) => [k, true])) });

const enabledKeys = (editor: Partial<OrgRoles>) =>
  Object.entries(roleEditorModel(editor).enabled)
    .filter(([, on]) => on)
    .map(([k]) => k)
    .sort();

describe('roleEditorModel: options', () => {
  it.each<[string, Partial<OrgRoles>, OrgRoleKey[]]>([
    ['root', ROLE_PRESETS.root, [...Object.keys(ROLE_PRESETS.root)] as OrgRoleKey[]],
    [
      'organization admin',
      ROLE_PRESETS.organizationAdmin,
      [
        'createProjects',
        'editOrganizationSettings',
        'manageOrganizationProjects',
        'manageOrganizationUsers',
        'viewOrganizationLogins',
      ],
    ],
    [
      'consultant admin',
      consultantAdmin,
      [
        'createProjects',
        'editOrganizationSettings',
        'manageClientOrganizations',
        'manageOrganizationProjects',
        'manageOrganizationUsers',
        'viewOrganizationLogins',
      ],
    ],
    ['user manager only', only('manageOrganizationUsers'), ['manageOrganizationUsers']],
    ['view only', ROLE_PRESETS.viewOnly, []],
  ])('%s: each option is enabled only if the editor holds it', (_, editor, keys) => {
    expect(enabledKeys(editor)).toEqual([...keys].sort());
  });
});

describe('roleEditorModel: presets', () => {
  const offered = (editor: Partial<OrgRoles>, current?: OrgRoles) =>
    roleEditorModel(editor, current).presets.map((p) => `${p.preset}${p.disabled ? ' (disabled)' : ''}`);

  it.each<[string, Partial<OrgRoles>, OrgRoles | undefined, string[]]>([
    ['root, new user', ROLE_PRESETS.root, undefined, ['root', 'organizationAdmin', 'standard', 'viewOnly', 'custom']],
    [
      'organization admin, new user: no Product Admin',
      ROLE_PRESETS.organizationAdmin,
      undefined,
      ['organizationAdmin', 'standard', 'viewOnly', 'custom'],
    ],
    [
      'consultant admin, new user: no Product Admin',
      consultantAdmin,
      undefined,
      ['organizationAdmin', 'standard', 'viewOnly', 'custom'],
    ],
    [
      'user manager only: presets granting other roles are disabled',
      only('manageOrganizationUsers'),
      undefined,
      ['organizationAdmin (disabled)', 'standard (disabled)', 'viewOnly', 'custom'],
    ],
    [
      'user manager only, on a standard user: View Only would take createProjects away',
      only('manageOrganizationUsers'),
      ROLE_PRESETS.standard,
      ['organizationAdmin (disabled)', 'standard', 'viewOnly (disabled)', 'custom'],
    ],
    [
      'organization admin on a consultant admin: every preset would drop manageClientOrganizations',
      ROLE_PRESETS.organizationAdmin,
      consultantAdmin,
      ['organizationAdmin (disabled)', 'standard (disabled)', 'viewOnly (disabled)', 'custom'],
    ],
  ])('%s', (_, editor, current, presets) => {
    expect(offered(editor, current)).toEqual(presets);
  });
});
