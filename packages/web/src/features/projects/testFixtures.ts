import {
  type Member,
  type MyProject,
  type Organization,
  PROJECT_ROLE_PRESETS,
  type ProjectRoles,
  projectPresetOf,
} from '@tessera/shared';

/** Test data for the project screens, in the API's shapes (parsed by the contracts' response schemas). */

export const ORG_ID = '64b7f0c2a1b2c3d4e5f60700'; // makeUser's organization
export const OTHER_ORG_ID = '64b7f0c2a1b2c3d4e5f607aa';
let counter = 0x100;
export const nextId = () => `64b7f0c2a1b2c3d4e5f6${(counter++).toString(16).padStart(4, '0')}`;

export function makeProject(
  name: string,
  options: { roles?: ProjectRoles; member?: boolean; publicSharing?: boolean; isPublic?: boolean; _id?: string } = {},
): MyProject {
  const roles = options.roles ?? PROJECT_ROLE_PRESETS.full;
  return {
    _id: options._id ?? nextId(),
    name,
    organizationId: ORG_ID,
    public: options.isPublic ?? false,
    timeCreated: '2024-01-01T00:00:00.000Z',
    permission: {
      _id: options.member === false ? null : nextId(),
      roles,
      preset: projectPresetOf(roles),
      member: options.member ?? true,
    },
    organization: { name: 'Initech', publicSharing: options.publicSharing ?? true, logo: null },
  };
}

export function makeMember(
  projectId: string,
  user: { _id?: string; first: string; last: string },
  roles: ProjectRoles = PROJECT_ROLE_PRESETS.viewDashboards,
): Member {
  const userId = user._id ?? nextId();
  return {
    _id: nextId(),
    userId,
    projectId,
    roles,
    preset: projectPresetOf(roles),
    user: {
      _id: userId,
      name: { first: user.first, last: user.last },
      email: `${user.first.toLowerCase()}@example.com`,
      logo: null,
      organizationId: ORG_ID,
      active: true,
    },
  };
}

export function makeOrganization(name: string, overrides: Partial<Organization> = {}): Organization {
  return {
    _id: nextId(),
    name,
    type: 'independent',
    consultantId: null,
    active: true,
    publicSharing: true,
    logo: null,
    plan: null,
    timeCreated: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Roles with every area hidden and no flag, but those given. */
export const rolesWith = (given: Partial<ProjectRoles>): ProjectRoles => ({
  ...PROJECT_ROLE_PRESETS.viewDashboards,
  dashboard: 'hidden',
  ...given,
});
