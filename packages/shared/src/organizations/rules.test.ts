import { describe, expect, it } from 'vitest';
import { ORG_ROLE_KEYS, type OrgRoleKey, type OrgRoles, ROLE_PRESETS } from './roles.ts';
import {
  canAdministerOrganization,
  canEditOrganization,
  canListClientsOf,
  canManageUsersOf,
  canViewLoginsOf,
  canViewOrganization,
  holdsEveryRoleOf,
  type OrgActor,
  type OrgRef,
  organizationCreation,
  organizationLifecycleRefusal,
  roleOptionsEnabled,
  rolesGrantable,
  rootPresetOffered,
} from './rules.ts';

const CONSULTANT = 'c'.repeat(24);
const CLIENT = 'k'.repeat(24);
const OTHER_CLIENT = 'o'.repeat(24);
const STRANGER = 's'.repeat(24);
const OPS = 'p'.repeat(24);

const rolesOf = (...keys: OrgRoleKey[]): OrgRoles =>
  Object.fromEntries(ORG_ROLE_KEYS.map((k) => [k, keys.includes(k)])) as OrgRoles;
const actor = (organizationId: string, roles: Partial<OrgRoles>): OrgActor => ({ id: 'me', organizationId, roles });

const ORGS: Record<string, OrgRef> = {
  consultant: { id: CONSULTANT, type: 'consultant', consultantId: null },
  client: { id: CLIENT, type: 'client', consultantId: CONSULTANT },
  othersClient: { id: OTHER_CLIENT, type: 'client', consultantId: STRANGER },
  // Points at the consultant without being a client: not one of its clients.
  notAClient: { id: STRANGER, type: 'independent', consultantId: CONSULTANT },
  ops: { id: OPS, type: 'independent', consultantId: null, productOperations: true },
};

const ACTORS = {
  root: actor(OPS, ROLE_PRESETS.root),
  consultantAdmin: actor(CONSULTANT, { ...ROLE_PRESETS.organizationAdmin, manageClientOrganizations: true }),
  consultantClientsOnly: actor(CONSULTANT, rolesOf('manageClientOrganizations')),
  consultantLoginsAndClients: actor(CONSULTANT, rolesOf('manageClientOrganizations', 'viewOrganizationLogins')),
  clientAdmin: actor(CLIENT, ROLE_PRESETS.organizationAdmin),
  clientStandard: actor(CLIENT, ROLE_PRESETS.standard),
  clientViewOnly: actor(CLIENT, ROLE_PRESETS.viewOnly),
  clientUserAdmin: actor(CLIENT, rolesOf('manageOrganizationUsers')),
  clientLoginViewer: actor(CLIENT, rolesOf('viewOrganizationLogins')),
  clientSettingsEditor: actor(CLIENT, rolesOf('editOrganizationSettings')),
} as const;
type ActorName = keyof typeof ACTORS;
type Rule = (a: OrgActor, o: OrgRef) => boolean;

// Each row: a rule, an organization, and the actors allowed; every other actor is refused.
const table: Array<[string, Rule, keyof typeof ORGS, ActorName[]]> = [
  [
    'view',
    canViewOrganization,
    'client',
    [
      'root',
      'consultantAdmin',
      'consultantClientsOnly',
      'consultantLoginsAndClients',
      'clientAdmin',
      'clientStandard',
      'clientViewOnly',
      'clientUserAdmin',
      'clientLoginViewer',
      'clientSettingsEditor',
    ],
  ],
  [
    'view',
    canViewOrganization,
    'consultant',
    ['root', 'consultantAdmin', 'consultantClientsOnly', 'consultantLoginsAndClients'],
  ],
  ['view', canViewOrganization, 'othersClient', ['root']],
  ['view', canViewOrganization, 'notAClient', ['root']],
  [
    'edit',
    canEditOrganization,
    'client',
    [
      'root',
      'consultantAdmin',
      'consultantClientsOnly',
      'consultantLoginsAndClients',
      'clientAdmin',
      'clientSettingsEditor',
    ],
  ],
  ['edit', canEditOrganization, 'consultant', ['root', 'consultantAdmin']],
  ['edit', canEditOrganization, 'othersClient', ['root']],
  [
    'administer',
    canAdministerOrganization,
    'client',
    ['root', 'consultantAdmin', 'consultantClientsOnly', 'consultantLoginsAndClients'],
  ],
  ['administer', canAdministerOrganization, 'consultant', ['root']],
  ['administer', canAdministerOrganization, 'notAClient', ['root']],
  [
    'manage users',
    canManageUsersOf,
    'client',
    [
      'root',
      'consultantAdmin',
      'consultantClientsOnly',
      'consultantLoginsAndClients',
      'clientAdmin',
      'clientUserAdmin',
    ],
  ],
  ['manage users', canManageUsersOf, 'consultant', ['root', 'consultantAdmin']],
  ['manage users', canManageUsersOf, 'othersClient', ['root']],
  [
    'view logins',
    canViewLoginsOf,
    'client',
    ['root', 'consultantAdmin', 'consultantLoginsAndClients', 'clientAdmin', 'clientLoginViewer'],
  ],
  ['view logins', canViewLoginsOf, 'consultant', ['root', 'consultantAdmin', 'consultantLoginsAndClients']],
  ['view logins', canViewLoginsOf, 'othersClient', ['root']],
  [
    'list clients',
    canListClientsOf,
    'consultant',
    ['root', 'consultantAdmin', 'consultantClientsOnly', 'consultantLoginsAndClients'],
  ],
  ['list clients', canListClientsOf, 'client', ['root']],
];

describe('organization rules', () => {
  const cases = table.flatMap(([label, rule, org, allowed]) =>
    (Object.keys(ACTORS) as ActorName[]).map(
      (name) => [`${label} ${org} as ${name}`, rule, org, name, allowed.includes(name)] as const,
    ),
  );
  it.each(cases)('%s', (_label, rule, org, name, allowed) => {
    expect(rule(ACTORS[name], ORGS[org])).toBe(allowed);
  });

  it('refuses to deactivate or delete one’s own organization and the product-operations one', () => {
    expect(organizationLifecycleRefusal(ACTORS.root, ORGS.ops)).toBe('own');
    expect(organizationLifecycleRefusal(ACTORS.consultantAdmin, ORGS.ops)).toBe('productOperations');
    expect(organizationLifecycleRefusal(ACTORS.consultantAdmin, ORGS.consultant)).toBe('own');
    expect(organizationLifecycleRefusal(ACTORS.consultantAdmin, ORGS.client)).toBeNull();
  });

  it.each([
    ['product operations', actor(OPS, rolesOf('manageAllOrganizations')), 'independent', 'any'],
    [
      'a consultant’s client manager',
      actor(CONSULTANT, rolesOf('manageClientOrganizations')),
      'consultant',
      'clientOfOwn',
    ],
    [
      'a client manager outside a consultant organization',
      actor(STRANGER, rolesOf('manageClientOrganizations')),
      'independent',
      'none',
    ],
    ['an organization admin', ACTORS.clientAdmin, 'client', 'none'],
  ] as const)('organization creation for %s: %s', (_label, who, type, expected) => {
    expect(organizationCreation(who, type)).toBe(expected);
  });
});

describe('role rules', () => {
  const admin = ROLE_PRESETS.organizationAdmin;
  // [label, editor, next roles, current roles (undefined: a new user), allowed]
  const grants: Array<[string, Partial<OrgRoles>, OrgRoles, OrgRoles | undefined, boolean]> = [
    ['an admin creates a standard user', admin, ROLE_PRESETS.standard, undefined, true],
    ['an admin creates an admin', admin, admin, undefined, true],
    ['an admin creates a client manager', admin, rolesOf('manageClientOrganizations'), undefined, false],
    ['an admin creates a root user', admin, ROLE_PRESETS.root, undefined, false],
    ['the root creates a root user', ROLE_PRESETS.root, ROLE_PRESETS.root, undefined, true],
    [
      'a user admin alone grants createProjects',
      rolesOf('manageOrganizationUsers'),
      rolesOf('createProjects'),
      undefined,
      false,
    ],
    [
      'a user admin alone creates a view-only user',
      rolesOf('manageOrganizationUsers'),
      ROLE_PRESETS.viewOnly,
      undefined,
      true,
    ],
    [
      'an admin keeps a role it lacks unchanged',
      admin,
      { ...ROLE_PRESETS.standard, manageClientOrganizations: true },
      { ...ROLE_PRESETS.viewOnly, manageClientOrganizations: true },
      true,
    ],
    ['an admin takes away a role it lacks', admin, ROLE_PRESETS.viewOnly, rolesOf('manageAllOrganizations'), false],
    ['an admin takes away a role it holds', admin, ROLE_PRESETS.viewOnly, ROLE_PRESETS.standard, true],
  ];
  it.each(grants)('%s', (_label, editor, next, current, allowed) => {
    expect(rolesGrantable(editor, next, current)).toBe(allowed);
  });

  it('enables only the options the editor holds, and the root choice only for manageAllOrganizations', () => {
    expect(roleOptionsEnabled(ROLE_PRESETS.standard)).toEqual(ROLE_PRESETS.standard);
    expect(roleOptionsEnabled({ createProjects: true })).toEqual(ROLE_PRESETS.standard);
    expect(roleOptionsEnabled(ROLE_PRESETS.root)).toEqual(ROLE_PRESETS.root);
    expect(rootPresetOffered(ROLE_PRESETS.root)).toBe(true);
    expect(rootPresetOffered(ROLE_PRESETS.organizationAdmin)).toBe(false);
    expect(rootPresetOffered(rolesOf('manageAllOrganizations'))).toBe(true);
  });

  it.each([
    ['an admin on a standard user', admin, ROLE_PRESETS.standard, true],
    ['an admin on another admin', admin, admin, true],
    ['an admin on the root', admin, ROLE_PRESETS.root, false],
    [
      'a client manager on a plain client manager',
      rolesOf('manageClientOrganizations'),
      rolesOf('manageClientOrganizations'),
      true,
    ],
    ['anyone on a view-only user', ROLE_PRESETS.viewOnly, ROLE_PRESETS.viewOnly, true],
  ] as const)('holdsEveryRoleOf: %s', (_label, who, target, expected) => {
    expect(holdsEveryRoleOf(who, target)).toBe(expected);
  });
});
