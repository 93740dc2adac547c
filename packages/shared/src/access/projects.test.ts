import { describe, expect, it } from 'vitest';
import type { ProjectArea } from '../http/access.ts';
import { ORG_ROLE_KEYS, type OrgRoleKey } from '../organizations/roles.ts';
import { isClient, type OrgActor, type OrgRef } from '../organizations/rules.ts';
import { PROJECT_ROLE_PRESETS as P, type ProjectRoles } from '../projects/permissions.ts';
import { type Action, can } from './can.ts';
import { effectiveProjectRoles, isPubliclyVisible, previewOpens } from './projects.ts';

const MINE = 'm'.repeat(24);
const CLIENT = 'k'.repeat(24);
const OTHERS_CLIENT = 'o'.repeat(24);
const STRANGER = 's'.repeat(24);

const ORGS = {
  mine: { id: MINE, type: 'consultant', consultantId: null },
  client: { id: CLIENT, type: 'client', consultantId: MINE },
  othersClient: { id: OTHERS_CLIENT, type: 'client', consultantId: STRANGER },
  stranger: { id: STRANGER, type: 'independent', consultantId: null },
  // Points at mine without being a client (the database refuses it since migration 0013; the rules ignore it too).
  notAClient: { id: STRANGER, type: 'independent', consultantId: MINE },
} satisfies Record<string, OrgRef>;
type OrgName = keyof typeof ORGS;

const actor = (...roles: OrgRoleKey[]): OrgActor => ({
  id: 'me',
  organizationId: MINE,
  roles: Object.fromEntries(ORG_ROLE_KEYS.map((k) => [k, roles.includes(k)])),
});
const ACTORS = {
  none: actor(),
  projects: actor('manageOrganizationProjects'),
  clients: actor('manageClientOrganizations'),
  projectsAndClients: actor('manageOrganizationProjects', 'manageClientOrganizations'),
  all: actor('manageAllOrganizations'),
  projectsAndAll: actor('manageOrganizationProjects', 'manageAllOrganizations'),
};
type ActorName = keyof typeof ACTORS;
const EVERYONE = Object.keys(ACTORS) as ActorName[];

// [action, organization, the actors allowed]; every other actor is refused.
const table: Array<[Action, OrgName, ActorName[]]> = [
  ['organization:reach', 'mine', EVERYONE],
  ['organization:reach', 'client', ['clients', 'projectsAndClients', 'all', 'projectsAndAll']],
  ['organization:reach', 'othersClient', ['all', 'projectsAndAll']],
  ['organization:reach', 'notAClient', ['all', 'projectsAndAll']],
  ['organization:manageProjects', 'mine', ['projects', 'projectsAndClients', 'projectsAndAll']],
  ['organization:manageProjects', 'client', ['projectsAndClients', 'projectsAndAll']],
  ['organization:manageProjects', 'othersClient', ['projectsAndAll']],
  ['organization:manageProjects', 'notAClient', ['projectsAndAll']],
  ['organization:listProjects', 'mine', ['projects', 'projectsAndClients', 'all', 'projectsAndAll']],
  ['organization:listProjects', 'client', ['clients', 'projectsAndClients', 'all', 'projectsAndAll']],
  ['organization:listProjects', 'stranger', ['all', 'projectsAndAll']],
  ['organization:listProjects', 'notAClient', ['all', 'projectsAndAll']],
  ['organization:receiveProject', 'mine', ['all', 'projectsAndAll']],
  ['organization:receiveProject', 'client', ['clients', 'projectsAndClients', 'all', 'projectsAndAll']],
  ['organization:receiveProject', 'othersClient', ['all', 'projectsAndAll']],
];

describe('organization project rules', () => {
  it.each(table)('%s on %s', (action, org, allowed) => {
    for (const name of EVERYONE) {
      expect(can(ACTORS[name], action, ORGS[org] as never), name).toBe(allowed.includes(name));
    }
  });
});

describe('a client', () => {
  it.each([
    ['a client naming a consultant', ORGS.client, true],
    ['an independent organization pointing at one', ORGS.notAClient, false],
    ['a client naming itself', { id: CLIENT, type: 'client', consultantId: CLIENT }, false],
    ['a client naming nobody', { id: CLIENT, type: 'client', consultantId: null }, false],
  ] as const)('%s: %s', (_label, org, client) => expect(isClient(org)).toBe(client));
});

const standing = (org: OrgName, permission: ProjectRoles | null, active = true) => ({
  organization: { ...ORGS[org], active },
  permission,
});

describe('effective project roles', () => {
  it.each([
    ['a member, with their roles', 'none', standing('mine', P.view), P.view],
    ['a non-member', 'none', standing('mine', null), undefined],
    ['the project manager, as Full Access', 'projects', standing('mine', P.viewDashboards), P.full],
    [
      "a client's project, for its consultant's project manager",
      'projectsAndClients',
      standing('client', null),
      P.full,
    ],
    ["a client's project, without client management", 'projects', standing('client', null), undefined],
    ['an inactive organization, even for its manager', 'projectsAndAll', standing('mine', P.full, false), undefined],
    [
      'another organization, for product operations with projects',
      'projectsAndAll',
      standing('stranger', null),
      P.full,
    ],
  ] as const)('%s', (_label, who, project, roles) => {
    expect(effectiveProjectRoles(ACTORS[who], project)).toEqual(roles);
  });
});

const AREAS: ProjectArea[] = ['dashboard', 'dataset', 'model', 'package', 'form'];
describe('project actions', () => {
  it.each([
    ['Full Access', P.full, { view: AREAS, edit: AREAS }, true],
    ['Edit', P.edit, { view: AREAS, edit: AREAS }, false],
    ['View', P.view, { view: AREAS, edit: [] }, false],
    ['View Dashboards', P.viewDashboards, { view: ['dashboard'], edit: [] }, false],
  ] as const)('%s', (_label, roles, allowed, flags) => {
    for (const area of AREAS) {
      expect(can(ACTORS.none, `${area}:view`, { roles }), `${area}:view`).toBe(allowed.view.includes(area as never));
      expect(can(ACTORS.none, `${area}:edit`, { roles }), `${area}:edit`).toBe(allowed.edit.includes(area as never));
    }
    expect(can(ACTORS.none, 'project:editMembers', { roles })).toBe(flags);
    expect(can(ACTORS.none, 'project:editProject', { roles })).toBe(flags);
    expect(can(ACTORS.none, 'project:open', { roles })).toBe(true);
  });

  it('ask the standing when no roles are known: a non-member opens nothing, a manager everything', () => {
    expect(can(ACTORS.none, 'project:open', standing('mine', null))).toBe(false);
    expect(can(ACTORS.projects, 'dataset:edit', standing('mine', null))).toBe(true);
    expect(can(ACTORS.none, 'dataset:view', standing('mine', P.viewDashboards))).toBe(false);
  });
});

describe('without signing in', () => {
  const exposure = (projectPublic: boolean, active: boolean, publicSharing: boolean) => ({
    projectPublic,
    organization: { active, publicSharing },
  });
  it.each([
    ['a public project of an active sharing organization', exposure(true, true, true), true, true, true],
    ['a private project', exposure(false, true, true), false, false, true],
    ['an organization that does not share', exposure(true, true, false), false, false, true],
    ['a deactivated organization', exposure(true, false, true), false, false, false],
  ] as const)('%s', (_label, e, open, withoutToken, withToken) => {
    expect(isPubliclyVisible(e)).toBe(open);
    expect(can(null as never, 'dashboard:viewPublic', e)).toBe(open);
    expect(previewOpens(e, false)).toBe(withoutToken);
    expect(previewOpens(e, true)).toBe(withToken);
  });
});
