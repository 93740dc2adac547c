import { can, type OrganizationFacts, type OrgRoles, PROJECT_ROLE_PRESETS, ROLE_PRESETS } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { onlyRole } from '../../../ui/testing.tsx';
import { rolesWith } from '../testFixtures.ts';
import {
  canEditMemberRole,
  flagEnabled,
  levelOptionEnabled,
  presetEnabled,
  projectOrganization,
} from './memberRoles.ts';

const editor = rolesWith({ dashboard: 'edit', dataset: 'view', model: 'edit', package: 'view', editMembers: true });

describe('the member role editor', () => {
  it('enables a level only up to the editor’s own level on that area', () => {
    expect(levelOptionEnabled(editor, 'dashboard', 'edit')).toBe(true);
    expect(levelOptionEnabled(editor, 'dataset', 'view')).toBe(true);
    expect(levelOptionEnabled(editor, 'dataset', 'edit')).toBe(false);
    expect(levelOptionEnabled(editor, 'form', 'view')).toBe(false);
    expect(levelOptionEnabled(editor, 'form', 'hidden')).toBe(true);
  });

  it('judges a model level by model and package, since it sets both', () => {
    expect(levelOptionEnabled(editor, 'model', 'view')).toBe(true);
    expect(levelOptionEnabled(editor, 'model', 'edit')).toBe(false);
  });

  it('disables a checkbox the editor does not hold', () => {
    expect(flagEnabled(editor, 'editMembers')).toBe(true);
    expect(flagEnabled(editor, 'editProject')).toBe(false);
  });

  it('offers only the presets the editor could grant', () => {
    expect(presetEnabled(PROJECT_ROLE_PRESETS.full, 'full')).toBe(true);
    expect(presetEnabled(editor, 'full')).toBe(false);
    expect(presetEnabled(editor, 'edit')).toBe(false);
    expect(presetEnabled(editor, 'view')).toBe(false); // form is hidden for the editor
    expect(presetEnabled(editor, 'viewDashboards')).toBe(true);
  });
});

describe('changing one’s own role', () => {
  const me = { organizationId: 'own', roles: ROLE_PRESETS.standard };
  const manager = { organizationId: 'own', roles: onlyRole('manageOrganizationProjects') };

  it('is refused unless one manages the organization’s projects', () => {
    expect(canEditMemberRole('u1', 'u1', false)).toBe(false);
    expect(canEditMemberRole('u1', 'u1', true)).toBe(true);
    expect(canEditMemberRole('u2', 'u1', false)).toBe(true);
  });

  // The shared rule (`organization:manageProjects`), asked about the organization as the browser knows it.
  const manages = (who: { organizationId: string; roles: Partial<OrgRoles> }, org: OrganizationFacts) =>
    can({ id: 'me', ...who }, 'organization:manageProjects', org);
  const known = [
    { _id: 'own', type: 'consultant', consultantId: null },
    { _id: 'client', type: 'client', consultantId: 'own' },
  ] as const;

  it('manages the projects of one’s own organization with manageOrganizationProjects', () => {
    expect(manages(me, projectOrganization('own', known))).toBe(false);
    expect(manages(manager, projectOrganization('own', known))).toBe(true);
    expect(manages(manager, projectOrganization('other', known))).toBe(false);
  });

  it('reaches a client with manageClientOrganizations, any organization with manageAllOrganizations', () => {
    const consultant = { organizationId: 'own', roles: { ...manager.roles, manageClientOrganizations: true } };
    expect(manages(consultant, projectOrganization('client', known))).toBe(true);
    expect(manages(manager, projectOrganization('client', known))).toBe(false);
    // An organization the browser does not know is none of its clients.
    expect(manages(consultant, projectOrganization('other', known))).toBe(false);
    expect(manages({ organizationId: 'own', roles: ROLE_PRESETS.root }, projectOrganization('x', known))).toBe(true);
  });
});
