import { describe, expect, it } from 'vitest';
import { ORG_ROLE_KEYS, type OrgRoleKey } from '../organizations/roles.ts';
import type { OrgActor, OrgRef } from '../organizations/rules.ts';
import { can } from './can.ts';

const ME = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);
const MY_ORG = 'c'.repeat(24);
const CLIENT_ORG = 'd'.repeat(24);
const STRANGER_ORG = 'e'.repeat(24);

const actor = (...roles: OrgRoleKey[]): OrgActor => ({
  id: ME,
  organizationId: MY_ORG,
  roles: Object.fromEntries(ORG_ROLE_KEYS.map((k) => [k, roles.includes(k)])),
});
const orgs: Record<string, OrgRef> = {
  mine: { id: MY_ORG, type: 'consultant', consultantId: null },
  myClient: { id: CLIENT_ORG, type: 'client', consultantId: MY_ORG },
  othersClient: { id: CLIENT_ORG, type: 'client', consultantId: STRANGER_ORG },
  stranger: { id: STRANGER_ORG, type: 'independent', consultantId: null },
  // An organization that merely points at mine without being a client does not count (nor may the database hold it).
  notAClient: { id: STRANGER_ORG, type: 'independent', consultantId: MY_ORG },
};
const account = (userId: string, org: keyof typeof orgs) => ({
  user: { id: userId, organizationId: orgs[org].id },
  organization: orgs[org],
});

// [who acts, target user id, target organization, may edit the account (logo), may administer it (roles, delete)]
const table: Array<[string, OrgActor, string, keyof typeof orgs, boolean, boolean]> = [
  ['anyone, on oneself', actor(), ME, 'mine', true, false],
  ['a view-only user, on a colleague', actor(), OTHER, 'mine', false, false],
  ['a standard user, on a colleague', actor('createProjects'), OTHER, 'mine', false, false],
  ['a login viewer, on a colleague', actor('viewOrganizationLogins'), OTHER, 'mine', false, false],
  ['a user admin, on a colleague', actor('manageOrganizationUsers'), OTHER, 'mine', true, true],
  ['a user admin, on a stranger', actor('manageOrganizationUsers'), OTHER, 'stranger', false, false],
  ['a user admin, on a client user', actor('manageOrganizationUsers'), OTHER, 'myClient', false, false],
  ['a client admin, on a user of its client', actor('manageClientOrganizations'), OTHER, 'myClient', true, true],
  [
    "a client admin, on another consultant's client",
    actor('manageClientOrganizations'),
    OTHER,
    'othersClient',
    false,
    false,
  ],
  [
    'a client admin, on a non-client pointing at it',
    actor('manageClientOrganizations'),
    OTHER,
    'notAClient',
    false,
    false,
  ],
  ['a client admin, on a stranger', actor('manageClientOrganizations'), OTHER, 'stranger', false, false],
  [
    'a client admin without user admin, on a colleague',
    actor('manageClientOrganizations'),
    OTHER,
    'mine',
    false,
    false,
  ],
  ['a product-operations admin, on a stranger', actor('manageAllOrganizations'), OTHER, 'stranger', true, true],
  ['a product-operations admin, on a client user', actor('manageAllOrganizations'), OTHER, 'othersClient', true, true],
  [
    'an organization admin preset, on a stranger',
    actor(
      'editOrganizationSettings',
      'manageOrganizationUsers',
      'viewOrganizationLogins',
      'manageOrganizationProjects',
    ),
    OTHER,
    'stranger',
    false,
    false,
  ],
];

describe('user:editAccount and user:administer', () => {
  it.each(table)('%s', (_label, who, targetId, org, edit, administer) => {
    expect(can(who, 'user:editAccount', account(targetId, org))).toBe(edit);
    expect(can(who, 'user:administer', account(targetId, org))).toBe(administer);
  });
});

const viewer = (roles: OrgActor['roles']): OrgActor => ({ id: ME, organizationId: MY_ORG, roles });
const logTable: Array<[string, OrgActor, string, keyof typeof orgs, boolean]> = [
  ['one’s own log', viewer({}), ME, 'mine', true],
  ['a colleague, without the role', viewer({}), OTHER, 'mine', false],
  ['a colleague, as login viewer', viewer({ viewOrganizationLogins: true }), OTHER, 'mine', true],
  ['a stranger, as login viewer', viewer({ viewOrganizationLogins: true }), OTHER, 'stranger', false],
  [
    'a client user, as login viewer and client manager',
    viewer({ viewOrganizationLogins: true, manageClientOrganizations: true }),
    OTHER,
    'myClient',
    false,
  ],
  ['a stranger, as product-operations admin', viewer({ manageAllOrganizations: true }), OTHER, 'stranger', true],
];

describe('user:viewLogins', () => {
  it.each(logTable)('%s', (_label, who, targetId, org, allowed) =>
    expect(can(who, 'user:viewLogins', account(targetId, org))).toBe(allowed),
  );
});
