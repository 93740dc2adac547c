import { ORG_ROLE_KEYS, type OrgRoleKey } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { type Actor, canManageUser, type TargetOrganization } from './users.policy.ts';

const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const MY_ORG = 'cccccccccccccccccccccccc';
const CLIENT_ORG = 'dddddddddddddddddddddddd';
const STRANGER_ORG = 'eeeeeeeeeeeeeeeeeeeeeeee';

const actor = (...roles: OrgRoleKey[]): Actor => ({
  id: ME,
  organizationId: MY_ORG,
  roles: Object.fromEntries(ORG_ROLE_KEYS.map((k) => [k, roles.includes(k)])),
});
const orgs: Record<string, TargetOrganization> = {
  mine: { id: MY_ORG, type: 'consultant', consultantId: null },
  myClient: { id: CLIENT_ORG, type: 'client', consultantId: MY_ORG },
  othersClient: { id: CLIENT_ORG, type: 'client', consultantId: STRANGER_ORG },
  stranger: { id: STRANGER_ORG, type: 'independent', consultantId: null },
  // An organization that merely points at mine without being a client does not count.
  notAClient: { id: STRANGER_ORG, type: 'independent', consultantId: MY_ORG },
};

// [who acts, target user id, target organization, allowed]
const table: Array<[string, Actor, string, keyof typeof orgs, boolean]> = [
  ['anyone, on oneself', actor(), ME, 'mine', true],
  ['a view-only user, on a colleague', actor(), OTHER, 'mine', false],
  ['a standard user, on a colleague', actor('createProjects'), OTHER, 'mine', false],
  ['a login viewer, on a colleague', actor('viewOrganizationLogins'), OTHER, 'mine', false],
  ['a user admin, on a colleague', actor('manageOrganizationUsers'), OTHER, 'mine', true],
  ['a user admin, on a stranger', actor('manageOrganizationUsers'), OTHER, 'stranger', false],
  ['a user admin, on a client user', actor('manageOrganizationUsers'), OTHER, 'myClient', false],
  ['a client admin, on a user of its client', actor('manageClientOrganizations'), OTHER, 'myClient', true],
  [
    "a client admin, on a user of another consultant's client",
    actor('manageClientOrganizations'),
    OTHER,
    'othersClient',
    false,
  ],
  ['a client admin, on a non-client pointing at it', actor('manageClientOrganizations'), OTHER, 'notAClient', false],
  ['a client admin, on a stranger', actor('manageClientOrganizations'), OTHER, 'stranger', false],
  ['a client admin without user admin, on a colleague', actor('manageClientOrganizations'), OTHER, 'mine', false],
  ['a product-operations admin, on a stranger', actor('manageAllOrganizations'), OTHER, 'stranger', true],
  ['a product-operations admin, on a client user', actor('manageAllOrganizations'), OTHER, 'othersClient', true],
  [
    'an organization admin preset, on a stranger',
    actor(
      'editOrganizationSettings',
      'manageOrganizationUsers',
      'viewOrganizationLogins',
      'manageOrganizationProjects',
      'createProjects',
    ),
    OTHER,
    'stranger',
    false,
  ],
];

describe('canManageUser', () => {
  it.each(table)('%s', (_label, who, targetId, orgKey, allowed) => {
    const org = orgs[orgKey];
    expect(canManageUser(who, { id: targetId, organizationId: org.id }, org)).toBe(allowed);
  });
});
