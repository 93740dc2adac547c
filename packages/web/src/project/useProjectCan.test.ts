import type { ProjectRoles } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { projectCan } from './useProjectCan.ts';

const roles: ProjectRoles = {
  dashboard: 'edit',
  dataset: 'view',
  model: 'hidden',
  package: 'hidden',
  form: 'view',
  editMembers: true,
  editProject: false,
};

describe('projectCan (the shared can on the caller’s project roles)', () => {
  it('meets view with view or edit, edit only with edit, nothing with hidden', () => {
    expect(projectCan(roles, 'dashboard:view')).toBe(true);
    expect(projectCan(roles, 'dashboard:edit')).toBe(true);
    expect(projectCan(roles, 'dataset:view')).toBe(true);
    expect(projectCan(roles, 'dataset:edit')).toBe(false);
    expect(projectCan(roles, 'model:view')).toBe(false);
  });

  it('reads the two flags for the members and the project settings', () => {
    expect(projectCan(roles, 'project:editMembers')).toBe(true);
    expect(projectCan(roles, 'project:editProject')).toBe(false);
  });
});
