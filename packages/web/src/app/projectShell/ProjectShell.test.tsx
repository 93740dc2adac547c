import { PROJECT_ROLE_PRESETS, type ProjectRoles } from '@tessera/shared';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProject, rolesWith } from '../../features/projects/testFixtures.ts';
import i18n from '../../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../../ui/testing.tsx';
import { type ShellProject, ShellProjectContext } from '../shellProject.tsx';
import { ProjectShell } from './ProjectShell.tsx';
import { projectRootTarget } from './projectShellRoutes.ts';

const entry = {
  ...makeProject('Budget'),
  organization: { name: 'Initech', publicSharing: true, logo: 'data:image/png;base64,AA==' },
};
const ID = entry._id;
const { permission: _p, organization: _o, ...project } = entry;

function renderShell(path: string, roles: ProjectRoles | 'fail') {
  stubNetwork((key) => {
    if (key === `GET /api/v1/projects/${ID}`) return { status: 200, body: project };
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: [entry] };
    if (key === `GET /api/v1/permissions/projects/${ID}/my`) {
      if (roles === 'fail') return { status: 403, body: { error: { code: 'forbidden', message: 'Forbidden' } } };
      return { status: 200, body: { _id: entry.permission._id, roles, preset: 'custom', member: true } };
    }
    return undefined;
  });
  const published: Array<ShellProject | null> = [];
  const router = createMemoryRouter(
    [
      { path: '/projects', element: <p>project list</p> },
      { path: '/projects/:projectId/*', element: <ProjectShell /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(
    <ShellProjectContext.Provider value={(p) => published.push(p)}>
      <RouterProvider router={router} />
    </ShellProjectContext.Provider>,
  );
  return { router, published };
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the project root target', () => {
  it('is the first area its guard lets in, in the order dashboards, datasets, models, forms, else the list', () => {
    expect(projectRootTarget(ID, PROJECT_ROLE_PRESETS.viewDashboards)).toBe(`/projects/${ID}/dashboards`);
    expect(projectRootTarget(ID, rolesWith({ dataset: 'view', form: 'edit' }))).toBe(`/projects/${ID}/datasets`);
    expect(projectRootTarget(ID, rolesWith({ model: 'view', package: 'view', form: 'edit' }))).toBe(
      `/projects/${ID}/models`,
    );
    expect(projectRootTarget(ID, rolesWith({ form: 'view' }))).toBe(`/projects/${ID}/forms`);
    // The Models page's guard needs package view: the root chooses it by the same rule.
    expect(projectRootTarget(ID, rolesWith({ package: 'edit' }))).toBe(`/projects/${ID}/models`);
    expect(projectRootTarget(ID, rolesWith({ model: 'view', form: 'edit' }))).toBe(`/projects/${ID}/forms`);
    expect(projectRootTarget(ID, rolesWith({ model: 'view' }))).toBe('/projects');
  });
});

describe('the project shell', { timeout: 20_000 }, () => {
  it('opens the first visible area from the root and shows the project in the bar', async () => {
    const roles = rolesWith({ dataset: 'view', form: 'edit' });
    const { router, published } = renderShell(`/projects/${ID}`, roles);
    expect(await screen.findByRole('heading', { name: 'Datasets' })).toBeTruthy();
    expect(screen.getByText('Choose a dataset in the list, or add one.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/projects/${ID}/datasets`);
    await vi.waitFor(() =>
      expect(published.at(-1)).toEqual({ _id: ID, name: 'Budget', organizationLogo: entry.organization.logo, roles }),
    );
  });

  it('goes to /projects when every area is hidden', async () => {
    const { router } = renderShell(`/projects/${ID}`, rolesWith({}));
    expect(await screen.findByText('project list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('goes to /projects when the permission cannot be loaded', async () => {
    const { router } = renderShell(`/projects/${ID}/dashboards`, 'fail');
    expect(await screen.findByText('project list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('sends an insufficient role back to the project root, which opens what it may see', async () => {
    const { router } = renderShell(`/projects/${ID}/forms`, PROJECT_ROLE_PRESETS.viewDashboards);
    // The dashboards area is the data apps' (their issue fills it): what matters here is where the user lands.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${ID}/dashboards`));
  });

  it('guards each area by its own role: models by package view, mobi by model view', async () => {
    const roles = rolesWith({ package: 'view' });
    const { router } = renderShell(`/projects/${ID}/models`, roles);
    expect(await screen.findByRole('heading', { name: 'Models', level: 2 })).toBeTruthy();
    await router.navigate(`/projects/${ID}/mobi`);
    // Model hidden: Mobi redirects to the root, which opens Models (package view) by the guard's own rule.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${ID}/models`));
    expect(await screen.findByRole('heading', { name: 'Models', level: 2 })).toBeTruthy();
  });

  it('does not loop with model view and everything else hidden: the root and Models both end at the list', async () => {
    const roles = rolesWith({ model: 'view' });
    const { router } = renderShell(`/projects/${ID}`, roles);
    expect(await screen.findByText('project list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
    cleanup();
    const second = renderShell(`/projects/${ID}/models`, roles);
    expect(await screen.findByText('project list')).toBeTruthy();
    expect(second.router.state.location.pathname).toBe('/projects');
  });
});
