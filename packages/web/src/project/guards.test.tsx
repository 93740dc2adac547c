import { PROJECT_ROLE_PRESETS, type ProjectRoles, ROLE_PRESETS, TOKEN_STORAGE_KEY } from '@tessera/shared';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../api/session.ts';
import i18n from '../i18n/index.ts';
import { makeUser, never, renderWithProviders, stubNetwork, testQueryClient } from '../ui/testing.tsx';
import { ProjectGuard, projectGuardOutcome, RoleGuard, roleGuardOutcome } from './guards.tsx';
import type { ProjectPermissionLike } from './projectAccess.ts';

const PROJECT = '64b7f0c2a1b2c3d4e5f60701';
/** Roles with every area hidden but those given. */
const roles = (areas: Partial<ProjectRoles>): ProjectRoles => ({
  ...PROJECT_ROLE_PRESETS.viewDashboards,
  dashboard: 'hidden',
  ...areas,
});

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('roleGuardOutcome', () => {
  it('waits for the user, then allows or answers 404 by the role', () => {
    expect(roleGuardOutcome(undefined, 'manageAllOrganizations')).toBe('wait');
    expect(roleGuardOutcome(makeUser(ROLE_PRESETS.root), 'manageAllOrganizations')).toBe('allow');
    expect(roleGuardOutcome(makeUser(ROLE_PRESETS.organizationAdmin), 'manageAllOrganizations')).toBe('notFound');
    expect(roleGuardOutcome(makeUser(ROLE_PRESETS.organizationAdmin), 'editOrganizationSettings')).toBe('allow');
    expect(roleGuardOutcome(makeUser(ROLE_PRESETS.viewOnly))).toBe('allow');
  });
});

describe('RoleGuard', () => {
  function renderGuarded(user: ReturnType<typeof makeUser> | undefined) {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const client = testQueryClient();
    if (user) client.setQueryData(sessionKeys.me, user);
    else stubNetwork(() => never()); // the user is still loading
    const router = createMemoryRouter(
      [
        {
          path: '/settings/clients',
          element: (
            <div data-testid="page">
              <RoleGuard requires="manageClientOrganizations">client list</RoleGuard>
            </div>
          ),
        },
      ],
      { initialEntries: ['/settings/clients'] },
    );
    renderWithProviders(<RouterProvider router={router} />, client);
  }

  it('renders nothing until the user is loaded', () => {
    renderGuarded(undefined);
    expect(screen.getByTestId('page').innerHTML).toBe('');
  });

  it('renders the page for a holder of the role', () => {
    renderGuarded(makeUser(ROLE_PRESETS.root));
    expect(screen.getByText('client list')).toBeTruthy();
  });

  it('shows the 404 page to anyone else', () => {
    renderGuarded(makeUser(ROLE_PRESETS.organizationAdmin));
    expect(screen.queryByText('client list')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/projects');
  });
});

describe('projectGuardOutcome', () => {
  const viewer: ProjectPermissionLike = { roles: roles({ dashboard: 'view', dataset: 'edit' }) };

  it('waits for the permission', () => {
    expect(projectGuardOutcome(undefined, 'dataset', 'view', PROJECT)).toEqual({ kind: 'wait' });
  });

  it('meets view with view or edit, edit only with edit, hidden with anything', () => {
    expect(projectGuardOutcome(viewer, 'dashboard', 'view', PROJECT)).toEqual({ kind: 'allow' });
    expect(projectGuardOutcome(viewer, 'dataset', 'view', PROJECT)).toEqual({ kind: 'allow' });
    expect(projectGuardOutcome(viewer, 'dataset', 'edit', PROJECT)).toEqual({ kind: 'allow' });
    expect(projectGuardOutcome(viewer, 'model', 'hidden', PROJECT)).toEqual({ kind: 'allow' });
    expect(projectGuardOutcome(viewer, 'form', 'hidden', PROJECT)).toEqual({ kind: 'allow' });
  });

  it('redirects an unmet role to the project, or to the list without an id', () => {
    expect(projectGuardOutcome(viewer, 'dashboard', 'edit', PROJECT)).toEqual({
      kind: 'redirect',
      to: `/projects/${PROJECT}`,
    });
    expect(projectGuardOutcome(viewer, 'model', 'view', PROJECT)).toEqual({
      kind: 'redirect',
      to: `/projects/${PROJECT}`,
    });
    expect(projectGuardOutcome(viewer, 'form', 'view')).toEqual({ kind: 'redirect', to: '/projects/' });
  });
});

describe('ProjectGuard', () => {
  function renderGuarded(permission: ProjectPermissionLike | undefined) {
    const router = createMemoryRouter(
      [
        {
          path: '/projects/:projectId/datasets',
          element: (
            <div data-testid="page">
              <ProjectGuard area="dataset" level="edit" permission={permission}>
                dataset editor
              </ProjectGuard>
            </div>
          ),
        },
        { path: '/projects/:projectId', element: <p>project root</p> },
      ],
      { initialEntries: [`/projects/${PROJECT}/datasets`] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    return router;
  }

  it('renders nothing while the permission loads', () => {
    const router = renderGuarded(undefined);
    expect(screen.getByTestId('page').innerHTML).toBe('');
    expect(router.state.location.pathname).toBe(`/projects/${PROJECT}/datasets`);
  });

  it('renders the page when the role is met', () => {
    renderGuarded({ roles: roles({ dataset: 'edit' }) });
    expect(screen.getByText('dataset editor')).toBeTruthy();
  });

  it("redirects to the project's root, taking the id from the route, when it is not", () => {
    const router = renderGuarded({ roles: roles({ dataset: 'view' }) });
    expect(screen.getByText('project root')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/projects/${PROJECT}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
