import { PROJECT_ROLE_PRESETS, ROLE_PRESETS } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { onlyRole } from '../../ui/testing.tsx';
import { projectMenuItems } from './projectMenu.ts';
import { makeProject, rolesWith } from './testFixtures.ts';

const standard = ROLE_PRESETS.standard;

describe('the project menu by role', () => {
  it('gives a Full Access member everything but Transfer Project without an organization-management role', () => {
    expect(projectMenuItems(makeProject('P'), standard)).toEqual([
      'yourRole',
      'members',
      'rename',
      'publicDashboards',
      'transferAssets',
      'leave',
      'delete',
    ]);
  });

  it('adds Transfer Project for manageAllOrganizations or manageClientOrganizations', () => {
    for (const role of ['manageAllOrganizations', 'manageClientOrganizations'] as const) {
      expect(projectMenuItems(makeProject('P'), onlyRole(role))).toContain('transferProject');
    }
    // ...but not without editProject.
    expect(projectMenuItems(makeProject('P', { roles: PROJECT_ROLE_PRESETS.edit }), ROLE_PRESETS.root)).not.toContain(
      'transferProject',
    );
  });

  it('hides the Public Dashboards switch when the organization does not share publicly', () => {
    expect(projectMenuItems(makeProject('P', { publicSharing: false }), standard)).not.toContain('publicDashboards');
  });

  it('gives a Contributor or a Viewer their role and Leave Project only', () => {
    for (const preset of ['edit', 'view', 'viewDashboards'] as const) {
      expect(projectMenuItems(makeProject('P', { roles: PROJECT_ROLE_PRESETS[preset] }), standard)).toEqual([
        'yourRole',
        'leave',
      ]);
    }
  });

  it('shows Members with editMembers alone, and the project items with editProject alone', () => {
    expect(projectMenuItems(makeProject('P', { roles: rolesWith({ editMembers: true }) }), standard)).toEqual([
      'yourRole',
      'members',
      'leave',
    ]);
    expect(projectMenuItems(makeProject('P', { roles: rolesWith({ editProject: true }) }), standard)).toEqual([
      'yourRole',
      'rename',
      'publicDashboards',
      'transferAssets',
      'leave',
      'delete',
    ]);
  });

  it('offers no Leave Project to an organization project manager who is not a member', () => {
    expect(projectMenuItems(makeProject('P', { member: false }), ROLE_PRESETS.organizationAdmin)).not.toContain(
      'leave',
    );
  });
});
