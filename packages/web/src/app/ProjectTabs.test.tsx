import { PROJECT_ROLE_PRESETS, type ProjectRoles } from '@tessera/shared';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { visibleProjectTabs } from '../project/projectAccess.ts';
import { renderWithProviders } from '../ui/testing.tsx';
import { ProjectTabs } from './ProjectTabs.tsx';

const PROJECT = '64b7f0c2a1b2c3d4e5f60701';
/** Roles with every area hidden but those given. */
const only = (areas: Partial<ProjectRoles>): ProjectRoles => ({
  ...PROJECT_ROLE_PRESETS.viewDashboards,
  dashboard: 'hidden',
  ...areas,
});

function tabsFor(roles: ProjectRoles | undefined, path = `/projects/${PROJECT}/dashboards`) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <ProjectTabs projectId={PROJECT} roles={roles} vertical />
    </MemoryRouter>,
  );
  return screen.queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(cleanup);

describe('project tabs by permission', () => {
  it('shows every area to a member who may view everything, Mobi marked beta', () => {
    const all = only({ dashboard: 'edit', dataset: 'view', model: 'view', package: 'view', form: 'edit' });
    expect(tabsFor(all)).toEqual([
      ['Data Apps', `/projects/${PROJECT}/dashboards`],
      ['Datasets', `/projects/${PROJECT}/datasets`],
      ['Models', `/projects/${PROJECT}/models`],
      ['Forms', `/projects/${PROJECT}/forms`],
      ['Mobibeta', `/projects/${PROJECT}/mobi`],
    ]);
  });

  it('shows only Data Apps to a View Dashboards member', () => {
    expect(tabsFor(PROJECT_ROLE_PRESETS.viewDashboards).map(([label]) => label)).toEqual(['Data Apps']);
  });

  it('shows Models for package view alone, but not Mobi, which needs model view', () => {
    expect(visibleProjectTabs(only({ package: 'view' })).map((tab) => tab.key)).toEqual(['models']);
    expect(visibleProjectTabs(only({ model: 'edit' })).map((tab) => tab.key)).toEqual(['models', 'assistant']);
  });

  it('shows nothing outside a project or with everything hidden', () => {
    expect(tabsFor(undefined)).toEqual([]);
    expect(tabsFor(only({}))).toEqual([]);
  });

  it('marks the current area', () => {
    tabsFor(only({ dataset: 'view', form: 'view' }), `/projects/${PROJECT}/forms/64b7f0c2a1b2c3d4e5f60702`);
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('Forms');
  });
});
